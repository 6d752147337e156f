import type { SegregationReason } from '@kl/contracts/admin/money';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { operator, type OperatorRow } from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/**
 * What segregation of duties reads (docs/back-office.md, "Four eyes"): which operators gave a member
 * money — by a manual credit, a promotion the member claimed, the agent's contract — and which operators
 * could approve a payout at all.
 */
export function createSegregationRepository(db: Db) {
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
      const { merchantCode, memberId } = where;
      const since = sql`${where.since.toISOString()}::timestamptz`;
      const result = await tx.execute(sql`
        select operator_id, reason from (
          select a.requested_by as operator_id, 'credited' as reason
            from balance_adjustment a
            where a.merchant_code = ${merchantCode} and a.member_id = ${memberId}
              and a.direction = 'credit' and a.status = 'applied'
              and coalesce(a.decided_at, a.created_at) >= ${since}
          union
          select unnest(array[p.created_by, p.written_by, p.published_by]), 'promotion'
            from promotion_claim c join promotion p on p.id = c.promotion_id
            where c.merchant_code = ${merchantCode} and c.member_id = ${memberId}
              and c.status <> 'rejected' and c.updated_at >= ${since}
          union
          select k.proposed_by, 'contract'
            from agent_contract k
            where k.merchant_code = ${merchantCode} and k.member_id = ${memberId}
              and k.status in ('pending', 'accepted') and coalesce(k.approved_at, k.offered_at) >= ${since}
        ) involved
        where operator_id is not null`);
      const rows = (result as unknown as { rows: { operator_id: string; reason: SegregationReason }[] }).rows;
      return rows.map((row) => ({ operatorId: row.operator_id, reason: row.reason }));
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
