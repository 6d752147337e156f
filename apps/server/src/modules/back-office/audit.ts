import type { AuditEntry, AuditPage, AuditQuery } from '@kl/contracts/admin/operators';
import { and, count as countRows, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { operatorAudit } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { keysetAfter } from '../../platform/keyset.ts';
import { likeLiteral, prefixPattern } from '../../platform/like-pattern.ts';

/**
 * The audit log (docs/back-office.md, "Audit"): one row per operator action, written in the transaction of
 * the change when the back office owns it, never updated nor deleted (the table's trigger refuses it).
 * What changed is recorded as before and after; fields that hold secrets never are.
 */

/** Who did it, from where. */
export interface AuditActor {
  operatorId: string | null;
  username: string;
  ip: string;
}

export interface AuditRecord {
  action: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
}

const SECRET_FIELD = /password|secret|token|hash/i;

/** A copy without the fields that hold secrets, at any depth (they are never written to the log). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_FIELD.test(key))
        .map(([key, field]) => [key, withoutSecrets(field)]),
    );
  }
  return value;
}

/** What narrows the audit log and its CSV (contracts `auditFilters`). */
export type AuditFilter = Omit<AuditQuery, 'pageNo' | 'pageSize'>;

const entryOf = (row: typeof operatorAudit.$inferSelect): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  operatorId: row.operatorId,
  operatorUsername: row.operatorUsername,
  ip: row.ip,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before,
  after: row.after,
});

export function createAuditLog(deps: { db: Db; clock: Clock; merchantCode: string }) {
  const { db, clock, merchantCode } = deps;
  const a = operatorAudit;

  function condition(query: AuditFilter): SQL[] {
    const where: SQL[] = [eq(a.merchantCode, merchantCode)];
    if (query.operator) where.push(ilike(a.operatorUsername, prefixPattern(query.operator)));
    if (query.action) where.push(ilike(a.action, prefixPattern(query.action)));
    if (query.target) {
      const like = `%${likeLiteral(query.target)}%`;
      where.push(or(ilike(a.targetType, like), ilike(a.targetId, like)) as SQL);
    }
    if (query.from) where.push(gte(a.at, new Date(query.from)));
    if (query.to) where.push(lt(a.at, new Date(query.to)));
    return where;
  }

  /** Up to `page.limit` entries, newest first: after `page.offset` entries, or after the entry `page.after`. */
  async function entries(
    query: AuditFilter,
    page: { limit: number; offset?: number; after?: number | undefined },
  ): Promise<AuditEntry[]> {
    const where = condition(query);
    if (page.after !== undefined)
      where.push(keysetAfter(a, a.at, a.id, { after: page.after, direction: 'desc' }));
    const rows = await db
      .select()
      .from(a)
      .where(and(...where))
      .orderBy(desc(a.at), desc(a.id))
      .limit(page.limit)
      .offset(page.offset ?? 0);
    return rows.map(entryOf);
  }

  async function count(query: AuditFilter): Promise<number> {
    const [row] = await db
      .select({ total: countRows() })
      .from(a)
      .where(and(...condition(query)));
    return row?.total ?? 0;
  }

  return {
    async record(actor: AuditActor, entry: AuditRecord, tx: DbOrTx = db): Promise<void> {
      await tx.insert(operatorAudit).values({
        merchantCode,
        at: clock(),
        operatorId: actor.operatorId,
        operatorUsername: actor.username,
        ip: actor.ip,
        action: entry.action,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        before: entry.before === undefined ? null : withoutSecrets(entry.before),
        after: entry.after === undefined ? null : withoutSecrets(entry.after),
      });
    },

    /** Newest first; operator and action match from the start, target anywhere in its type or id. */
    async search(query: AuditFilter & { pageNo: number; pageSize: number }): Promise<AuditPage> {
      const [list, total] = await Promise.all([
        entries(query, { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize }),
        count(query),
      ]);
      return { list, pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /** Entries the filter selects, newest first, page after page (the CSV export reads the whole log). */
    entries,
    count,
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
