import type { SegregationReason } from '@kl/contracts/admin/money';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { balanceAdjustment, operator, type OperatorRow } from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { createAgentContractRepository } from '../../agent-contracts/index.ts';
import { createPromotionRepository } from '../../promotions/index.ts';

/**
 * What segregation of duties reads (docs/back-office.md, "Four eyes"): which operators gave a member
 * money — by a manual credit, a promotion the member claimed, the agent's contract — and which operators
 * could approve a payout at all.
 */
export function createSegregationRepository(db: Db) {
  // The promotions and their claims, and the agents' contracts, are their modules' to read.
  const promotions = createPromotionRepository(db);
  const contracts = createAgentContractRepository(db);

  /** Who asked for a manual credit applied to the member since `since` (when decided, else asked). */
  async function creditRequesters(
    where: { merchantCode: string; memberId: string; since: Date },
    tx: DbOrTx = db,
  ): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ operatorId: balanceAdjustment.requestedBy })
      .from(balanceAdjustment)
      .where(
        and(
          eq(balanceAdjustment.merchantCode, where.merchantCode),
          eq(balanceAdjustment.memberId, where.memberId),
          eq(balanceAdjustment.direction, 'credit'),
          eq(balanceAdjustment.status, 'applied'),
          sql`coalesce(${balanceAdjustment.decidedAt}, ${balanceAdjustment.createdAt}) >= ${where.since.toISOString()}::timestamptz`,
        ),
      );
    return rows.map((row) => row.operatorId);
  }

  return {
    /**
     * The operators who gave the member money since `since`, each with why: who asked for a manual credit
     * applied to them; who created, wrote or published a promotion they claimed (a claim not refused); who
     * proposed their agent contract (offered or accepted). The second operator of a credit or a contract
     * checked it and is not kept from the payout: the maker is.
     */
    async involved(
      where: { merchantCode: string; memberId: string; since: Date },
      tx: DbOrTx = db,
    ): Promise<{ operatorId: string; reason: SegregationReason }[]> {
      // One after the other: a transaction's connection takes one query at a time.
      const credited = await creditRequesters(where, tx);
      const promotion = await promotions.operatorsOfClaimedPromotions(where, tx);
      const contract = await contracts.proposersFor(where, tx);
      const reasons = (ids: string[], reason: SegregationReason) =>
        ids.map((operatorId) => ({ operatorId, reason }));
      return [
        ...reasons(credited, 'credited'),
        ...reasons(promotion, 'promotion'),
        ...reasons(contract, 'contract'),
      ];
    },

    /** Who held the invitation link of each of these operators' current credentials (null: nobody). */
    async credentialIssuers(ids: readonly string[], tx: DbOrTx = db): Promise<Map<string, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: operator.id, issuedBy: operator.credentialsIssuedBy })
        .from(operator)
        .where(inArray(operator.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.issuedBy]));
    },

    /** The merchant's operators who can sign in: enrolled two-factor, not disabled; by username. */
    async activeOperators(merchantCode: string, tx: DbOrTx = db): Promise<OperatorRow[]> {
      return tx
        .select()
        .from(operator)
        .where(
          and(
            eq(operator.merchantCode, merchantCode),
            isNull(operator.disabledAt),
            isNotNull(operator.totpEnrolledAt),
          ),
        )
        .orderBy(asc(operator.username));
    },
  };
}
export type SegregationRepository = ReturnType<typeof createSegregationRepository>;
