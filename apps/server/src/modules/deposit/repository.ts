import type { DepositOrderStatus } from '@kl/contracts/deposit';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  depositCallback,
  depositChannel,
  depositConfirmation,
  depositOrder,
  type DepositCallbackOutcome,
  type DepositChannelRow,
  type DepositOrderRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { keysetAfter } from '../../platform/keyset.ts';
import { memberUsername, membersByUsernamePrefix } from '../member/index.ts';

export interface OrderWithChannel {
  order: DepositOrderRow;
  channel: DepositChannelRow;
}

/** What narrows the deposit orders an operator looks at. */
export interface DepositFilter {
  status?: DepositOrderStatus | undefined;
  username?: string | undefined;
  /** Our order id, the member's transfer reference, or the gateway's reference. */
  reference?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Open orders (pending or expired) whose first approval by hand waits for a second operator. */
  confirmation?: 'awaiting_second_approval' | undefined;
}

/**
 * The merchant's orders still open (pending, or expired and not refused) whose confirmation by hand waits
 * for a second operator: what the dashboard counts and the deposits list finds (a first approval the
 * gateway overtook, the order paid meanwhile, no longer waits for anyone).
 */
function awaitingSecondApproval(merchantCode: string): SQL {
  return and(
    inArray(depositOrder.status, ['pending', 'expired']),
    inArray(
      depositOrder.id,
      sql`(select c.order_id from ${depositConfirmation} c
        where c.merchant_code = ${merchantCode} and c.status = 'awaiting_second_approval')`,
    ),
  ) as SQL;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The merchant's orders a filter of the back office keeps. A pending order whose time is up counts as
 * expired, as the member's own list shows it (marked so on the member's next call).
 */
function operatorConditions(merchantCode: string, filter: DepositFilter, now: Date): SQL[] {
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
  if (filter.username) {
    conditions.push(inArray(o.memberId, membersByUsernamePrefix(merchantCode, filter.username)));
  }
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
  if (filter.confirmation === 'awaiting_second_approval')
    conditions.push(awaitingSecondApproval(merchantCode));
  return conditions;
}

/**
 * SQL of deposits: members' orders and callbacks, and the orders as the back office lists them
 * (docs/back-office.md, "Deposits"). Statements run on the caller's transaction when one is given.
 */
export function createDepositRepository(db: Db) {
  const withChannel = (tx: DbOrTx) =>
    tx
      .select({ order: depositOrder, channel: depositChannel })
      .from(depositOrder)
      .innerJoin(
        depositChannel,
        and(
          eq(depositChannel.merchantCode, depositOrder.merchantCode),
          eq(depositChannel.code, depositOrder.channelCode),
        ),
      );

  return {
    async enabledChannels(merchantCode: string, tx: DbOrTx = db): Promise<DepositChannelRow[]> {
      return tx
        .select()
        .from(depositChannel)
        .where(and(eq(depositChannel.merchantCode, merchantCode), eq(depositChannel.enabled, true)))
        .orderBy(asc(depositChannel.sort), asc(depositChannel.code));
    },

    async findChannel(merchantCode: string, code: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(depositChannel)
        .where(and(eq(depositChannel.merchantCode, merchantCode), eq(depositChannel.code, code)));
      return row;
    },

    /** Marks the pending orders whose time is up as expired (of one member, or all). */
    async expireDue(now: Date, memberId?: string, tx: DbOrTx = db): Promise<void> {
      const conditions: SQL[] = [eq(depositOrder.status, 'pending'), lte(depositOrder.expiresAt, now)];
      if (memberId !== undefined) conditions.push(eq(depositOrder.memberId, memberId));
      await tx
        .update(depositOrder)
        .set({ status: 'expired', updatedAt: now })
        .where(and(...conditions));
    },

    async countPending(memberId: string, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(depositOrder)
        .where(and(eq(depositOrder.memberId, memberId), eq(depositOrder.status, 'pending')));
      return row?.n ?? 0;
    },

    /** Inserts the order; undefined when its reference code is taken (the caller draws another). */
    async insertOrder(row: typeof depositOrder.$inferInsert, tx: DbOrTx = db) {
      const [created] = await tx.insert(depositOrder).values(row).onConflictDoNothing().returning();
      return created;
    },

    async findOrder(orderId: string, tx: DbOrTx = db): Promise<OrderWithChannel | undefined> {
      const [row] = await withChannel(tx).where(eq(depositOrder.id, orderId));
      return row;
    },

    /** The order, its row locked until the transaction ends (callbacks of one order run one at a time). */
    async lockOrder(orderId: string, tx: DbOrTx): Promise<DepositOrderRow | undefined> {
      const [row] = await tx.select().from(depositOrder).where(eq(depositOrder.id, orderId)).for('update');
      return row;
    },

    async markPaid(
      orderId: string,
      values: { now: Date; gatewayTransactionId: string; ledgerTransactionId: number },
      tx: DbOrTx,
    ): Promise<void> {
      await tx
        .update(depositOrder)
        .set({
          status: 'paid',
          paidAt: values.now,
          updatedAt: values.now,
          gatewayTransactionId: values.gatewayTransactionId,
          ledgerTransactionId: values.ledgerTransactionId,
        })
        .where(and(eq(depositOrder.id, orderId), inArray(depositOrder.status, ['pending', 'expired'])));
    },

    async markFailed(
      orderId: string,
      values: { now: Date; gatewayTransactionId: string; reason: string },
      tx: DbOrTx,
    ): Promise<void> {
      await tx
        .update(depositOrder)
        .set({
          status: 'failed',
          failedAt: values.now,
          updatedAt: values.now,
          gatewayTransactionId: values.gatewayTransactionId,
          failureReason: values.reason,
        })
        .where(and(eq(depositOrder.id, orderId), inArray(depositOrder.status, ['pending', 'expired'])));
    },

    async memberOrders(
      memberId: string,
      status: DepositOrderStatus | undefined,
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ): Promise<{ rows: OrderWithChannel[]; total: number }> {
      const where = and(
        eq(depositOrder.memberId, memberId),
        status === undefined ? sql`true` : eq(depositOrder.status, status),
      );
      const rows = await withChannel(tx)
        .where(where)
        .orderBy(desc(depositOrder.createdAt), desc(depositOrder.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(depositOrder).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async recordCallback(row: {
      merchantCode: string;
      orderRef: string | null;
      eventId: string | null;
      outcome: DepositCallbackOutcome;
      bodyDigest: string;
      ip: string;
      receivedAt: Date;
    }): Promise<void> {
      await db.insert(depositCallback).values(row);
    },

    async callbacksOf(orderRef: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(depositCallback)
        .where(eq(depositCallback.orderRef, orderRef))
        .orderBy(asc(depositCallback.id));
    },

    /** The merchant's orders for the back office with their member's username, newest first, and how many. */
    /**
     * Up to `page.limit` of the orders the filter keeps, newest first, with their members' usernames: after
     * `page.offset` orders, or after the order `page.after` (an export reading the whole list).
     */
    async ordersForOperators(
      merchantCode: string,
      filter: DepositFilter,
      now: Date,
      page: { limit: number; offset?: number; after?: string },
    ) {
      const conditions = operatorConditions(merchantCode, filter, now);
      if (page.after !== undefined) {
        const keyset = { after: page.after, direction: 'desc' } as const;
        conditions.push(keysetAfter(depositOrder, depositOrder.createdAt, depositOrder.id, keyset));
      }
      return db
        .select({ order: depositOrder, username: memberUsername(depositOrder.memberId) })
        .from(depositOrder)
        .where(and(...conditions))
        .orderBy(desc(depositOrder.createdAt), desc(depositOrder.id))
        .limit(page.limit)
        .offset(page.offset ?? 0);
    },

    /** How many orders the filter keeps. */
    async countForOperators(merchantCode: string, filter: DepositFilter, now: Date): Promise<number> {
      const [total] = await db
        .select({ n: count() })
        .from(depositOrder)
        .where(and(...operatorConditions(merchantCode, filter, now)));
      return total?.n ?? 0;
    },

    /** How many of the merchant's open orders wait for a second operator's approval (the dashboard). */
    async awaitingSecondApprovalCount(merchantCode: string): Promise<number> {
      const [total] = await db
        .select({ n: count() })
        .from(depositOrder)
        .where(and(eq(depositOrder.merchantCode, merchantCode), awaitingSecondApproval(merchantCode)));
      return total?.n ?? 0;
    },
  };
}

export type DepositRepository = ReturnType<typeof createDepositRepository>;
