import { and, asc, eq, sql } from 'drizzle-orm';
import { type NewVipLevelRow, vipLevel, type VipLevelRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { countMembersReaching, paidDepositsOf } from '../wallet/index.ts';

/** The columns of a level an operator changes (all but the merchant and the number). */
export type VipLevelColumns = Omit<NewVipLevelRow, 'merchantCode' | 'level'>;

/**
 * SQL of VIP levels and of the paid deposits they are reached by; and the back office's writes of the
 * levels (docs/back-office.md, "VIP levels"). The levels are read on every call (no answer kept in memory),
 * so a change reaches players at once.
 */
export function createVipRepository(db: Db) {
  const ofLevel = (merchantCode: string, level: number) =>
    and(eq(vipLevel.merchantCode, merchantCode), eq(vipLevel.level, level));

  return {
    async levels(merchantCode: string, tx: DbOrTx = db): Promise<VipLevelRow[]> {
      return tx
        .select()
        .from(vipLevel)
        .where(eq(vipLevel.merchantCode, merchantCode))
        .orderBy(asc(vipLevel.level));
    },

    /** Every level, lowest first, their rows locked until the transaction ends (one change at a time). */
    async lockLevels(merchantCode: string, tx: DbOrTx): Promise<VipLevelRow[]> {
      return tx
        .select()
        .from(vipLevel)
        .where(eq(vipLevel.merchantCode, merchantCode))
        .orderBy(asc(vipLevel.level))
        .for('update');
    },

    /** The member's paid deposits, as the wallet counts them (`paidDepositsOf`). */
    async paidDeposits(merchantCode: string, memberId: string, tx: DbOrTx = db): Promise<bigint> {
      const result = await tx.execute(
        sql`select ${paidDepositsOf(sql`${memberId}::uuid`, sql`${merchantCode}`)}::text as total`,
      );
      const rows =
        (result as { rows?: { total?: string }[] }).rows ?? (result as unknown as { total?: string }[]);
      return BigInt(rows[0]?.total ?? '0');
    },

    /** How many real members' paid deposits reach each threshold, in their order. */
    async membersReaching(merchantCode: string, thresholds: readonly bigint[], tx: DbOrTx = db) {
      return countMembersReaching(tx, merchantCode, thresholds);
    },

    async insertLevel(merchantCode: string, level: number, columns: VipLevelColumns, tx: DbOrTx) {
      const [row] = await tx
        .insert(vipLevel)
        .values({ merchantCode, level, ...columns })
        .returning();
      if (!row) throw new Error(`VIP level ${level} not inserted`);
      return row;
    },

    async updateLevel(merchantCode: string, level: number, columns: VipLevelColumns, tx: DbOrTx) {
      const [row] = await tx.update(vipLevel).set(columns).where(ofLevel(merchantCode, level)).returning();
      if (!row) throw new Error(`VIP level ${level} vanished`);
      return row;
    },

    async deleteLevel(merchantCode: string, level: number, tx: DbOrTx): Promise<void> {
      await tx.delete(vipLevel).where(ofLevel(merchantCode, level));
    },
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;
