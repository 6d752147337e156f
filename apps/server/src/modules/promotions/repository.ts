import { and, asc, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ledgerTransaction,
  member,
  promotion,
  promotionClaim,
  referralCode,
  type PromotionClaimRow,
  type PromotionRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

export interface ClaimWithReferred {
  claim: PromotionClaimRow;
  referredUsername: string | null;
}

export interface PaidDeposit {
  amount: bigint;
  createdAt: Date;
}

/** SQL of promotions, claims and referral codes. Statements run on the caller's transaction when given. */
export function createPromotionRepository(db: Db) {
  const referred = alias(member, 'referred');

  return {
    async promotions(merchantCode: string, tx: DbOrTx = db): Promise<PromotionRow[]> {
      return tx
        .select()
        .from(promotion)
        .where(eq(promotion.merchantCode, merchantCode))
        .orderBy(asc(promotion.sort), desc(promotion.startsAt), asc(promotion.id));
    },

    async findPromotion(
      merchantCode: string,
      id: number,
      tx: DbOrTx = db,
    ): Promise<PromotionRow | undefined> {
      const [row] = await tx
        .select()
        .from(promotion)
        .where(and(eq(promotion.merchantCode, merchantCode), eq(promotion.id, id)));
      return row;
    },

    /** Inserts the application; undefined when the member has applied already. */
    async insertClaim(row: typeof promotionClaim.$inferInsert, tx: DbOrTx = db) {
      const [created] = await tx.insert(promotionClaim).values(row).onConflictDoNothing().returning();
      return created;
    },

    async memberClaims(memberId: string, tx: DbOrTx = db): Promise<ClaimWithReferred[]> {
      return tx
        .select({ claim: promotionClaim, referredUsername: referred.username })
        .from(promotionClaim)
        .leftJoin(referred, eq(referred.id, promotionClaim.referredMemberId))
        .where(eq(promotionClaim.memberId, memberId))
        .orderBy(desc(promotionClaim.appliedAt), desc(promotionClaim.id));
    },

    async findClaim(claimId: number, tx: DbOrTx = db): Promise<ClaimWithReferred | undefined> {
      const [row] = await tx
        .select({ claim: promotionClaim, referredUsername: referred.username })
        .from(promotionClaim)
        .leftJoin(referred, eq(referred.id, promotionClaim.referredMemberId))
        .where(eq(promotionClaim.id, claimId));
      return row;
    },

    /** The claim, its row locked until the transaction ends (claims of one bonus run one at a time). */
    async lockClaim(claimId: number, tx: DbOrTx): Promise<PromotionClaimRow | undefined> {
      const [row] = await tx
        .select()
        .from(promotionClaim)
        .where(eq(promotionClaim.id, claimId))
        .for('update');
      return row;
    },

    /** Moves a claim on from `from`; false when it was not in that status any more. */
    async moveClaim(
      claimId: number,
      from: PromotionClaimRow['status'],
      values: Partial<
        Pick<PromotionClaimRow, 'status' | 'reason' | 'bonusAmount' | 'ledgerTransactionId'>
      > & {
        updatedAt: Date;
      },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const moved = await tx
        .update(promotionClaim)
        .set(values)
        .where(and(eq(promotionClaim.id, claimId), eq(promotionClaim.status, from)))
        .returning({ id: promotionClaim.id });
      return moved.length > 0;
    },

    /** The member's paid (real-money) deposits at or after `from`, oldest first. */
    async paidDeposits(
      merchantCode: string,
      memberId: string,
      from?: Date,
      tx: DbOrTx = db,
    ): Promise<PaidDeposit[]> {
      return tx
        .select({ amount: ledgerTransaction.amount, createdAt: ledgerTransaction.createdAt })
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.merchantCode, merchantCode),
            eq(ledgerTransaction.memberId, memberId),
            eq(ledgerTransaction.kind, 'deposit'),
            eq(ledgerTransaction.demo, false),
            from === undefined ? sql`true` : gte(ledgerTransaction.createdAt, from),
          ),
        )
        .orderBy(asc(ledgerTransaction.createdAt), asc(ledgerTransaction.id));
    },

    /** Whether the member has a paid deposit before `before`. */
    async hasDepositBefore(merchantCode: string, memberId: string, before: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.merchantCode, merchantCode),
            eq(ledgerTransaction.memberId, memberId),
            eq(ledgerTransaction.kind, 'deposit'),
            eq(ledgerTransaction.demo, false),
            lt(ledgerTransaction.createdAt, before),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    async referralCodeOf(memberId: string, tx: DbOrTx = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ code: referralCode.code })
        .from(referralCode)
        .where(eq(referralCode.memberId, memberId));
      return row?.code;
    },

    /** Stores the code unless the member has one or the code is taken (then nothing happens). */
    async insertReferralCode(row: typeof referralCode.$inferInsert, tx: DbOrTx = db): Promise<void> {
      await tx.insert(referralCode).values(row).onConflictDoNothing();
    },

    /** Members who registered with the code (the registration's recommenderId, any case). */
    async referredMembers(merchantCode: string, code: string, tx: DbOrTx = db) {
      return tx
        .select({ id: member.id, username: member.username })
        .from(member)
        .where(and(eq(member.merchantCode, merchantCode), sql`upper(${member.recommenderId}) = ${code}`))
        .orderBy(asc(member.createdAt));
    },

    /** The first paid deposit of each of the members (those without one are left out). */
    async firstDeposits(merchantCode: string, memberIds: string[], tx: DbOrTx = db) {
      if (memberIds.length === 0) return [];
      return tx
        .selectDistinctOn([ledgerTransaction.memberId], {
          memberId: ledgerTransaction.memberId,
          amount: ledgerTransaction.amount,
          createdAt: ledgerTransaction.createdAt,
        })
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.merchantCode, merchantCode),
            sql`${ledgerTransaction.memberId} in (${sql.join(
              memberIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
            eq(ledgerTransaction.kind, 'deposit'),
            eq(ledgerTransaction.demo, false),
          ),
        )
        .orderBy(ledgerTransaction.memberId, asc(ledgerTransaction.createdAt), asc(ledgerTransaction.id));
    },

    /** Applications (not referral claims) of the member to the promotion. */
    async applicationOf(promotionId: number, memberId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(promotionClaim)
        .where(
          and(
            eq(promotionClaim.promotionId, promotionId),
            eq(promotionClaim.memberId, memberId),
            isNull(promotionClaim.referredMemberId),
          ),
        );
      return row;
    },
  };
}

export type PromotionRepository = ReturnType<typeof createPromotionRepository>;
