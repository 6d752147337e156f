import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  bankStatementLine,
  bankStatementUpload,
  depositChannel,
  depositConfirmation,
  depositOrder,
  type BankStatementLineRow,
  type DepositChannelRow,
  type DepositConfirmationRow,
  type DepositOrderRow,
  type NewDepositChannelRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

export type ChannelWithOrders = DepositChannelRow & { orders: number };

/**
 * SQL of the payments operations the back office runs on the deposit module's tables
 * (docs/back-office.md, "Deposit channels and payments operations"): the merchant's channels, operators'
 * confirmations of orders, and bank statements with their lines. Statements run on the caller's
 * transaction when one is given.
 */
export function createDepositOperationsRepository(db: Db) {
  const orderCount = sql<number>`(select count(*)::int from ${depositOrder}
    where ${depositOrder.merchantCode} = ${depositChannel.merchantCode}
      and ${depositOrder.channelCode} = ${depositChannel.code})`;

  return {
    /** Every channel of the merchant, enabled or not, in the player's order, with its count of orders. */
    async channels(merchantCode: string, tx: DbOrTx = db): Promise<ChannelWithOrders[]> {
      return tx
        .select({ channel: depositChannel, orders: orderCount })
        .from(depositChannel)
        .where(eq(depositChannel.merchantCode, merchantCode))
        .orderBy(asc(depositChannel.sort), asc(depositChannel.code))
        .then((rows) => rows.map((row) => ({ ...row.channel, orders: Number(row.orders) })));
    },

    async channel(
      merchantCode: string,
      code: string,
      tx: DbOrTx = db,
    ): Promise<ChannelWithOrders | undefined> {
      const [row] = await tx
        .select({ channel: depositChannel, orders: orderCount })
        .from(depositChannel)
        .where(and(eq(depositChannel.merchantCode, merchantCode), eq(depositChannel.code, code)));
      return row && { ...row.channel, orders: Number(row.orders) };
    },

    /** The channel, its row locked until the transaction ends. */
    async lockChannel(
      merchantCode: string,
      code: string,
      tx: DbOrTx,
    ): Promise<DepositChannelRow | undefined> {
      const [row] = await tx
        .select()
        .from(depositChannel)
        .where(and(eq(depositChannel.merchantCode, merchantCode), eq(depositChannel.code, code)))
        .for('update');
      return row;
    },

    /** Inserts the channel last in the list; undefined when its code is taken. */
    async insertChannel(
      row: Omit<NewDepositChannelRow, 'sort'>,
      tx: DbOrTx,
    ): Promise<DepositChannelRow | undefined> {
      const [last] = await tx
        .select({ sort: sql<number>`coalesce(max(${depositChannel.sort}), 0)::int` })
        .from(depositChannel)
        .where(eq(depositChannel.merchantCode, row.merchantCode));
      const [created] = await tx
        .insert(depositChannel)
        .values({ ...row, sort: (last?.sort ?? 0) + 1 })
        .onConflictDoNothing()
        .returning();
      return created;
    },

    async updateChannel(
      merchantCode: string,
      code: string,
      set: Partial<Omit<NewDepositChannelRow, 'merchantCode' | 'code'>>,
      tx: DbOrTx,
    ): Promise<void> {
      await tx
        .update(depositChannel)
        .set(set)
        .where(and(eq(depositChannel.merchantCode, merchantCode), eq(depositChannel.code, code)));
    },

    /** Deletes the channel when no order was ever made on it; answers whether it did. */
    async deleteUnusedChannel(merchantCode: string, code: string, tx: DbOrTx): Promise<boolean> {
      const deleted = await tx
        .delete(depositChannel)
        .where(
          and(
            eq(depositChannel.merchantCode, merchantCode),
            eq(depositChannel.code, code),
            sql`not exists (select 1 from ${depositOrder} where ${depositOrder.merchantCode} = ${merchantCode}
              and ${depositOrder.channelCode} = ${code})`,
          ),
        )
        .returning({ code: depositChannel.code });
      return deleted.length > 0;
    },

    /** The merchant's order of that reference code (any case). */
    async orderByReference(merchantCode: string, referenceCode: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(depositOrder)
        .where(
          and(
            eq(depositOrder.merchantCode, merchantCode),
            eq(depositOrder.referenceCode, referenceCode.toUpperCase()),
          ),
        );
      return row;
    },

    async confirmation(orderId: string, tx: DbOrTx = db): Promise<DepositConfirmationRow | undefined> {
      const [row] = await tx
        .select()
        .from(depositConfirmation)
        .where(eq(depositConfirmation.orderId, orderId));
      return row;
    },

    async confirmationsOf(orderIds: readonly string[], tx: DbOrTx = db): Promise<DepositConfirmationRow[]> {
      if (orderIds.length === 0) return [];
      return tx
        .select()
        .from(depositConfirmation)
        .where(inArray(depositConfirmation.orderId, [...orderIds]));
    },

    /** Writes the order's confirmation (a refused one is replaced by a new first approval). */
    async saveConfirmation(row: typeof depositConfirmation.$inferInsert, tx: DbOrTx): Promise<void> {
      const { orderId, ...set } = row;
      await tx
        .insert(depositConfirmation)
        .values(row)
        .onConflictDoUpdate({ target: depositConfirmation.orderId, set: { ...set, orderId } });
    },

    /** Marks a pending or expired order refused by an operator, with the reason. */
    async markRefused(orderId: string, values: { now: Date; reason: string }, tx: DbOrTx): Promise<void> {
      await tx
        .update(depositOrder)
        .set({ status: 'failed', failedAt: values.now, updatedAt: values.now, failureReason: values.reason })
        .where(and(eq(depositOrder.id, orderId), inArray(depositOrder.status, ['pending', 'expired'])));
    },

    async insertUpload(row: typeof bankStatementUpload.$inferInsert, tx: DbOrTx = db): Promise<number> {
      const [created] = await tx
        .insert(bankStatementUpload)
        .values(row)
        .returning({ id: bankStatementUpload.id });
      if (!created) throw new Error('statement upload not written');
      return created.id;
    },

    async setUploadCounts(id: number, counts: Record<string, number>, tx: DbOrTx = db): Promise<void> {
      await tx.update(bankStatementUpload).set({ counts }).where(eq(bankStatementUpload.id, id));
    },

    /**
     * Keeps the line under its key; undefined when a line of that key was kept before (the unique key
     * makes a second upload of the line, even at the same moment, wait for the first and find it).
     */
    async insertLine(
      row: typeof bankStatementLine.$inferInsert,
      tx: DbOrTx,
    ): Promise<BankStatementLineRow | undefined> {
      const [created] = await tx.insert(bankStatementLine).values(row).onConflictDoNothing().returning();
      return created;
    },

    async updateLine(
      id: number,
      set: Partial<Pick<BankStatementLineRow, 'outcome' | 'orderId' | 'open' | 'resolvedBy' | 'resolvedAt'>>,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.update(bankStatementLine).set(set).where(eq(bankStatementLine.id, id));
    },

    async lockLine(merchantCode: string, id: number, tx: DbOrTx): Promise<BankStatementLineRow | undefined> {
      const [row] = await tx
        .select()
        .from(bankStatementLine)
        .where(and(eq(bankStatementLine.merchantCode, merchantCode), eq(bankStatementLine.id, id)))
        .for('update');
      return row;
    },

    /** The lines still open, newest first, with the file and who uploaded it. */
    async openLines(merchantCode: string, page: { limit: number; offset: number }) {
      const where = and(eq(bankStatementLine.merchantCode, merchantCode), eq(bankStatementLine.open, true));
      const rows = await db
        .select({
          line: bankStatementLine,
          fileName: bankStatementUpload.fileName,
          uploadedAt: bankStatementUpload.uploadedAt,
          uploadedBy: bankStatementUpload.uploadedBy,
        })
        .from(bankStatementLine)
        .innerJoin(bankStatementUpload, eq(bankStatementUpload.id, bankStatementLine.uploadId))
        .where(where)
        .orderBy(desc(bankStatementLine.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(bankStatementLine).where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type DepositOperationsRepository = ReturnType<typeof createDepositOperationsRepository>;
export type { DepositOrderRow };
