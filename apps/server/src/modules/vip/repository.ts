import { asc, eq, sql } from 'drizzle-orm';
import { vipLevel, type VipLevelRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { paidDepositsOf } from '../wallet/index.ts';

/** SQL of VIP levels and of the paid deposits they are reached by. */
export function createVipRepository(db: Db) {
  return {
    async levels(merchantCode: string, tx: DbOrTx = db): Promise<VipLevelRow[]> {
      return tx
        .select()
        .from(vipLevel)
        .where(eq(vipLevel.merchantCode, merchantCode))
        .orderBy(asc(vipLevel.level));
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
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;
