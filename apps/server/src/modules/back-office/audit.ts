import type { AuditPage, AuditQuery } from '@kl/contracts/admin/operators';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { operatorAudit } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

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

export function createAuditLog(deps: { db: Db; clock: Clock; merchantCode: string }) {
  const { db, clock, merchantCode } = deps;

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
    async search(query: Required<Pick<AuditQuery, 'pageNo' | 'pageSize'>> & AuditQuery): Promise<AuditPage> {
      const a = operatorAudit;
      const where: SQL[] = [eq(a.merchantCode, merchantCode)];
      const escape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
      if (query.operator) where.push(ilike(a.operatorUsername, `${escape(query.operator)}%`));
      if (query.action) where.push(ilike(a.action, `${escape(query.action)}%`));
      if (query.target) {
        const like = `%${escape(query.target)}%`;
        where.push(or(ilike(a.targetType, like), ilike(a.targetId, like)) as SQL);
      }
      if (query.from) where.push(gte(a.at, new Date(query.from)));
      if (query.to) where.push(lt(a.at, new Date(query.to)));
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(a)
          .where(condition)
          .orderBy(desc(a.at), desc(a.id))
          .limit(query.pageSize)
          .offset((query.pageNo - 1) * query.pageSize),
        db.select({ total: count() }).from(a).where(condition),
      ]);
      return {
        list: rows.map((row) => ({
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
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: total?.total ?? 0,
      };
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
