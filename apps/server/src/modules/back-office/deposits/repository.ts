import type { DepositOrderStatus } from '@kl/contracts/deposit';
import { and, count, desc, eq, gt, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { depositOrder, member } from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';
import { prefixPattern } from '../../../platform/like-pattern.ts';

/** What narrows the deposit orders an operator looks at. */
export interface DepositFilter {
  status?: DepositOrderStatus | undefined;
  username?: string | undefined;
  /** Our order id, the member's transfer reference, or the gateway's reference. */
  reference?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deposit orders of a merchant with their member's username (docs/back-office.md, "Deposits"). A pending
 * order whose time is up counts as expired, as the member's own list shows it (the deposit module marks
 * it so on the member's next call).
 */
export function createDepositOrderRepository(db: Db) {
  function conditionsOf(merchantCode: string, filter: DepositFilter, now: Date): SQL[] {
    const o = depositOrder;
    const at = sql`${now.toISOString()}::timestamptz`;
    const conditions: SQL[] = [eq(o.merchantCode, merchantCode)];
    if (filter.status === 'pending') {
      conditions.push(eq(o.status, 'pending'), gt(o.expiresAt, at));
    } else if (filter.status === 'expired') {
      conditions.push(or(eq(o.status, 'expired'), and(eq(o.status, 'pending'), lte(o.expiresAt, at))) as SQL);
    } else if (filter.status !== undefined) {
      conditions.push(eq(o.status, filter.status));
    }
    if (filter.username) conditions.push(ilike(member.username, prefixPattern(filter.username)));
    if (filter.reference) {
      const reference = filter.reference;
      const matches: SQL[] = [
        eq(o.gatewayTransactionId, reference),
        eq(sql`upper(${o.referenceCode})`, reference.toUpperCase()),
      ];
      if (UUID.test(reference)) matches.push(eq(o.id, reference.toLowerCase()));
      conditions.push(or(...matches) as SQL);
    }
    if (filter.from) conditions.push(gte(o.createdAt, filter.from));
    if (filter.to) conditions.push(lt(o.createdAt, filter.to));
    return conditions;
  }

  return {
    /** A page of orders, newest first, and how many match in all. */
    async page(
      merchantCode: string,
      filter: DepositFilter,
      now: Date,
      page: { limit: number; offset: number },
    ) {
      const where = and(...conditionsOf(merchantCode, filter, now));
      const rows = await db
        .select({ order: depositOrder, username: member.username })
        .from(depositOrder)
        .innerJoin(member, eq(member.id, depositOrder.memberId))
        .where(where)
        .orderBy(desc(depositOrder.createdAt), desc(depositOrder.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db
        .select({ n: count() })
        .from(depositOrder)
        .innerJoin(member, eq(member.id, depositOrder.memberId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type DepositOrderRepository = ReturnType<typeof createDepositOrderRepository>;
