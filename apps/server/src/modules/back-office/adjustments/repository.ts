import type { AdjustmentStatus } from '@kl/contracts/admin/members';
import { and, count, desc, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { balanceAdjustment, type BalanceAdjustmentRow, operator } from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { memberUsername } from '../../member/index.ts';

/** Manual balance adjustments (docs/back-office.md, "Adjustments"). */

const requester = alias(operator, 'requester');
const decider = alias(operator, 'decider');

/** An adjustment with the usernames of its member, requester and decider. */
const VIEW = {
  row: balanceAdjustment,
  username: memberUsername(balanceAdjustment.memberId),
  requestedBy: requester.username,
  decidedBy: decider.username,
};

export function createAdjustmentRepository(db: Db) {
  const view = (tx: DbOrTx) =>
    tx
      .select(VIEW)
      .from(balanceAdjustment)
      .innerJoin(requester, eq(requester.id, balanceAdjustment.requestedBy))
      .leftJoin(decider, eq(decider.id, balanceAdjustment.decidedBy));

  return {
    async byKey(merchantCode: string, idempotencyKey: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(balanceAdjustment)
        .where(
          and(
            eq(balanceAdjustment.merchantCode, merchantCode),
            eq(balanceAdjustment.idempotencyKey, idempotencyKey),
          ),
        );
      return row;
    },

    /**
     * Inserts the adjustment; undefined when its idempotency key is taken (PostgreSQL waits here for a
     * concurrent holder of the same key to commit or roll back).
     */
    async insert(values: typeof balanceAdjustment.$inferInsert, tx: DbOrTx) {
      const [row] = await tx
        .insert(balanceAdjustment)
        .values(values)
        .onConflictDoNothing({ target: [balanceAdjustment.merchantCode, balanceAdjustment.idempotencyKey] })
        .returning();
      return row;
    },

    /** The merchant's adjustment, locked until the transaction ends (one decision at a time). */
    async lock(merchantCode: string, id: number, tx: DbOrTx): Promise<BalanceAdjustmentRow | undefined> {
      const [row] = await tx
        .select()
        .from(balanceAdjustment)
        .where(and(eq(balanceAdjustment.merchantCode, merchantCode), eq(balanceAdjustment.id, id)))
        .for('update');
      return row;
    },

    async update(
      id: number,
      change: Partial<Pick<BalanceAdjustmentRow, 'status' | 'decidedBy' | 'decidedAt' | 'transactionId'>>,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.update(balanceAdjustment).set(change).where(eq(balanceAdjustment.id, id));
    },

    /**
     * Holds the merchant's manual credits until the transaction ends: the running totals are read and the
     * next credit decided one request at a time, so parallel credits cannot all fit under a limit.
     */
    async lockCredits(merchantCode: string, tx: DbOrTx): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`balance_adjustment:credit:${merchantCode}`}))`,
      );
    },

    /**
     * Credits applied at once (no second operator asked) since `since`: those the operator asked for, and
     * those the member received from anyone.
     */
    async creditsAppliedAtOnce(
      where: { merchantCode: string; operatorId: string; memberId: string | undefined; since: Date },
      tx: DbOrTx = db,
    ): Promise<{ byOperator: bigint; toMember: bigint }> {
      const a = balanceAdjustment;
      const byOperator = eq(a.requestedBy, where.operatorId);
      const toMember = where.memberId === undefined ? sql`false` : eq(a.memberId, where.memberId);
      const [row] = await tx
        .select({
          byOperator: sql<string>`coalesce(sum(${a.amount}) filter (where ${byOperator}), 0)`,
          toMember: sql<string>`coalesce(sum(${a.amount}) filter (where ${toMember}), 0)`,
        })
        .from(a)
        .where(
          and(
            eq(a.merchantCode, where.merchantCode),
            eq(a.direction, 'credit'),
            eq(a.status, 'applied'),
            isNull(a.decidedBy),
            gte(a.createdAt, where.since),
            or(byOperator, toMember),
          ),
        );
      return { byOperator: BigInt(row?.byOperator ?? 0), toMember: BigInt(row?.toMember ?? 0) };
    },

    /** One adjustment with its usernames. */
    async view(id: number, tx: DbOrTx = db) {
      const [row] = await view(tx).where(eq(balanceAdjustment.id, id));
      return row;
    },

    /** A page of the merchant's adjustments (of one status when given), newest first, and how many. */
    async page(
      merchantCode: string,
      status: AdjustmentStatus | undefined,
      page: { limit: number; offset: number },
    ) {
      const where: SQL[] = [eq(balanceAdjustment.merchantCode, merchantCode)];
      if (status) where.push(eq(balanceAdjustment.status, status));
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        view(db)
          .where(condition)
          .orderBy(desc(balanceAdjustment.createdAt), desc(balanceAdjustment.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(balanceAdjustment).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** How many of the merchant's adjustments wait for a second operator. */
    async pendingCount(merchantCode: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(balanceAdjustment)
        .where(
          and(eq(balanceAdjustment.merchantCode, merchantCode), eq(balanceAdjustment.status, 'pending')),
        );
      return row?.n ?? 0;
    },
  };
}
export type AdjustmentRepository = ReturnType<typeof createAdjustmentRepository>;
export type AdjustmentView = NonNullable<Awaited<ReturnType<AdjustmentRepository['view']>>>;
