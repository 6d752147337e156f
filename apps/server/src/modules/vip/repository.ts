import { and, asc, eq, sql } from 'drizzle-orm';
import { ledgerTransaction, vipLevel, type VipLevelRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

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

    /** The member's paid deposits: the sum of their real-money ledger `deposit` transactions. */
    async paidDeposits(merchantCode: string, memberId: string, tx: DbOrTx = db): Promise<bigint> {
      const [row] = await tx
        .select({ total: sql<string>`coalesce(sum(${ledgerTransaction.amount}), 0)::text` })
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.merchantCode, merchantCode),
            eq(ledgerTransaction.memberId, memberId),
            eq(ledgerTransaction.kind, 'deposit'),
            eq(ledgerTransaction.demo, false),
          ),
        );
      return BigInt(row?.total ?? '0');
    },
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;
