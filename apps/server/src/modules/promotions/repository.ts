import type { AdminPromotionStatus } from '@kl/contracts/admin/promotions';
import type { ClaimStatus } from '@kl/contracts/promotions';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bankAccountConflict,
  gameRound,
  ledgerTransaction,
  member,
  promotion,
  promotionClaim,
  referralCode,
  type NewPromotionRow,
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
  /** Its `deposit` ledger transaction. */
  transactionId: number;
}

/** What the referral rules look at of a referred member (docs/decisions/017-money-integrity.md). */
export interface ReferredActivity {
  memberId: string;
  firstDepositAt: Date | null;
  firstDepositAmount: bigint;
  depositTotal: bigint;
  /** Stakes of settled rounds. */
  turnover: bigint;
}

/** Where a member registered from. */
export interface RegistrationTrace {
  memberId: string;
  registerIp: string | null;
  registerDevice: string | null;
}

/** SQL of promotions, claims and referral codes. Statements run on the caller's transaction when given. */
/** The merchant's promotion of this id, as a condition. */
const promotionOf = (merchantCode: string, id: number) =>
  and(eq(promotion.merchantCode, merchantCode), eq(promotion.id, id));

/** Where a promotion's window stands at `now`, as a condition. */
function statusCondition(status: AdminPromotionStatus, now: Date): SQL {
  switch (status) {
    case 'scheduled':
      return gt(promotion.startsAt, now);
    case 'running':
      return and(lte(promotion.startsAt, now), gt(promotion.endsAt, now)) as SQL;
    case 'ended':
      return lte(promotion.endsAt, now);
  }
}

/**
 * Promotions and their claims: what members see and apply for, and what the back office writes and
 * publishes (docs/back-office.md, "Promotions") — the one repository of these tables.
 */
export function createPromotionRepository(db: Db) {
  const referred = alias(member, 'referred');

  return {
    /** The merchant's published promotions (docs/back-office.md, "Promotions": the others are not players'). */
    async promotions(merchantCode: string, tx: DbOrTx = db): Promise<PromotionRow[]> {
      return tx
        .select()
        .from(promotion)
        .where(and(eq(promotion.merchantCode, merchantCode), isNotNull(promotion.publishedAt)))
        .orderBy(asc(promotion.sort), desc(promotion.startsAt), asc(promotion.id));
    },

    /** The merchant's promotion, if published: one not published yet is unknown to players. */
    async findPromotion(
      merchantCode: string,
      id: number,
      tx: DbOrTx = db,
    ): Promise<PromotionRow | undefined> {
      const [row] = await tx
        .select()
        .from(promotion)
        .where(and(promotionOf(merchantCode, id), isNotNull(promotion.publishedAt)));
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
        Pick<
          PromotionClaimRow,
          | 'status'
          | 'reason'
          | 'bonusAmount'
          | 'depositAmount'
          | 'depositTransactionId'
          | 'ledgerTransactionId'
        >
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
        .select({
          amount: ledgerTransaction.amount,
          createdAt: ledgerTransaction.createdAt,
          transactionId: ledgerTransaction.id,
        })
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

    /** Each member's paid deposits (first one and total) and settled stakes; members without a deposit too. */
    async referredActivity(
      merchantCode: string,
      memberIds: readonly string[],
      tx: DbOrTx = db,
    ): Promise<ReferredActivity[]> {
      if (memberIds.length === 0) return [];
      const ids = sql.join(
        memberIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const deposits = await tx
        .selectDistinctOn([ledgerTransaction.memberId], {
          memberId: ledgerTransaction.memberId,
          amount: ledgerTransaction.amount,
          createdAt: ledgerTransaction.createdAt,
          total: sql<string>`sum(${ledgerTransaction.amount}) over (partition by ${ledgerTransaction.memberId})::text`,
        })
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.merchantCode, merchantCode),
            sql`${ledgerTransaction.memberId} in (${ids})`,
            eq(ledgerTransaction.kind, 'deposit'),
            eq(ledgerTransaction.demo, false),
          ),
        )
        .orderBy(ledgerTransaction.memberId, asc(ledgerTransaction.createdAt), asc(ledgerTransaction.id));
      const stakes = await tx
        .select({
          memberId: gameRound.memberId,
          turnover: sql<string>`coalesce(sum(${gameRound.stake}), 0)::text`,
        })
        .from(gameRound)
        .where(
          and(
            eq(gameRound.merchantCode, merchantCode),
            sql`${gameRound.memberId} in (${ids})`,
            eq(gameRound.status, 'settled'),
          ),
        )
        .groupBy(gameRound.memberId);
      return memberIds.map((memberId) => {
        const deposit = deposits.find((row) => row.memberId === memberId);
        const stake = stakes.find((row) => row.memberId === memberId);
        return {
          memberId,
          firstDepositAt: deposit?.createdAt ?? null,
          firstDepositAmount: deposit?.amount ?? 0n,
          depositTotal: BigInt(deposit?.total ?? '0'),
          turnover: BigInt(stake?.turnover ?? '0'),
        };
      });
    },

    /** Where the members registered from (address, device). */
    async registrationTraces(memberIds: readonly string[], tx: DbOrTx = db): Promise<RegistrationTrace[]> {
      if (memberIds.length === 0) return [];
      return tx
        .select({ memberId: member.id, registerIp: member.registerIp, registerDevice: member.registerDevice })
        .from(member)
        .where(
          sql`${member.id} in (${sql.join(
            memberIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
    },

    /** Members among `others` who tried to bind a bank account of `memberId`'s, or whose account it tried to bind. */
    async sharedBankAccounts(
      memberId: string,
      others: readonly string[],
      tx: DbOrTx = db,
    ): Promise<string[]> {
      if (others.length === 0) return [];
      const list = sql.join(
        others.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const rows = await tx
        .select({ owner: bankAccountConflict.ownerMemberId, member: bankAccountConflict.memberId })
        .from(bankAccountConflict)
        .where(
          or(
            and(
              eq(bankAccountConflict.ownerMemberId, memberId),
              sql`${bankAccountConflict.memberId} in (${list})`,
            ),
            and(
              eq(bankAccountConflict.memberId, memberId),
              sql`${bankAccountConflict.ownerMemberId} in (${list})`,
            ),
          ),
        );
      return [...new Set(rows.map((row) => (row.owner === memberId ? row.member : row.owner)))];
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

    /** The merchant's promotions, published or not, the newest start first. */
    async promotionPageForOperators(where: {
      merchantCode: string;
      status: AdminPromotionStatus | undefined;
      now: Date;
      limit: number;
      offset: number;
    }) {
      const condition = and(
        eq(promotion.merchantCode, where.merchantCode),
        where.status === undefined ? undefined : statusCondition(where.status, where.now),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(promotion)
          .where(condition)
          .orderBy(desc(promotion.startsAt), desc(promotion.id))
          .limit(where.limit)
          .offset(where.offset),
        db.select({ n: count() }).from(promotion).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** How many claims each promotion has. */
    async claimCounts(ids: readonly number[], tx: DbOrTx = db): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ promotionId: promotionClaim.promotionId, n: count() })
        .from(promotionClaim)
        .where(inArray(promotionClaim.promotionId, [...ids]))
        .groupBy(promotionClaim.promotionId);
      return new Map(rows.map((row) => [row.promotionId, row.n]));
    },

    /** The merchant's promotion, published or not. */
    async promotionOfMerchant(
      merchantCode: string,
      id: number,
      tx: DbOrTx = db,
    ): Promise<PromotionRow | undefined> {
      const [row] = await tx.select().from(promotion).where(promotionOf(merchantCode, id));
      return row;
    },

    /** The promotion, its row locked until the transaction ends (two operators saving it at once). */
    async lockPromotion(merchantCode: string, id: number, tx: DbOrTx): Promise<PromotionRow | undefined> {
      const [row] = await tx.select().from(promotion).where(promotionOf(merchantCode, id)).for('update');
      return row;
    },

    /** Inserts the promotion; undefined when its code is taken. */
    async insertPromotion(row: NewPromotionRow, tx: DbOrTx = db): Promise<PromotionRow | undefined> {
      const [created] = await tx.insert(promotion).values(row).onConflictDoNothing().returning();
      return created;
    },

    async updatePromotion(id: number, set: Partial<NewPromotionRow>, tx: DbOrTx = db): Promise<PromotionRow> {
      const [row] = await tx.update(promotion).set(set).where(eq(promotion.id, id)).returning();
      if (!row) throw new Error(`promotion ${id} vanished`);
      return row;
    },

    /** Deletes a promotion never published (it has no claim: members never saw it). */
    async removeUnpublishedPromotion(id: number, tx: DbOrTx): Promise<void> {
      await tx.delete(promotion).where(and(eq(promotion.id, id), isNull(promotion.publishedAt)));
    },

    /** The merchant's REFERRAL promotions other than `exceptId` (their windows must not meet). */
    async referralPromotions(merchantCode: string, exceptId: number | null, tx: DbOrTx = db) {
      return tx
        .select({
          id: promotion.id,
          code: promotion.code,
          startsAt: promotion.startsAt,
          endsAt: promotion.endsAt,
        })
        .from(promotion)
        .where(
          and(
            eq(promotion.merchantCode, merchantCode),
            eq(promotion.type, 'REFERRAL'),
            exceptId === null ? undefined : ne(promotion.id, exceptId),
          ),
        );
    },

    /** The claims of a promotion with their member's and referred member's usernames, the newest first. */
    async claimPageForOperators(where: {
      promotionId: number;
      status: ClaimStatus | undefined;
      limit: number;
      offset: number;
    }) {
      const referred = alias(member, 'referred');
      const condition = and(
        eq(promotionClaim.promotionId, where.promotionId),
        where.status === undefined ? undefined : eq(promotionClaim.status, where.status),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ claim: promotionClaim, username: member.username, referredUsername: referred.username })
          .from(promotionClaim)
          .innerJoin(member, eq(member.id, promotionClaim.memberId))
          .leftJoin(referred, eq(referred.id, promotionClaim.referredMemberId))
          .where(condition)
          .orderBy(desc(promotionClaim.appliedAt), desc(promotionClaim.id))
          .limit(where.limit)
          .offset(where.offset),
        db.select({ n: count() }).from(promotionClaim).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * The operators who created, wrote or published a promotion the member claimed (a claim not rejected,
     * changed since `since`): they gave the member money (segregation of duties).
     */
    async operatorsOfClaimedPromotions(
      where: { merchantCode: string; memberId: string; since: Date },
      tx: DbOrTx = db,
    ): Promise<string[]> {
      const rows = await tx
        .selectDistinct({
          createdBy: promotion.createdBy,
          writtenBy: promotion.writtenBy,
          publishedBy: promotion.publishedBy,
        })
        .from(promotionClaim)
        .innerJoin(promotion, eq(promotion.id, promotionClaim.promotionId))
        .where(
          and(
            eq(promotionClaim.merchantCode, where.merchantCode),
            eq(promotionClaim.memberId, where.memberId),
            ne(promotionClaim.status, 'rejected'),
            gte(promotionClaim.updatedAt, where.since),
          ),
        );
      const ids = rows.flatMap((row) => [row.createdBy, row.writtenBy, row.publishedBy]);
      return [...new Set(ids.filter((id): id is string => id !== null))];
    },
  };
}

export type PromotionRepository = ReturnType<typeof createPromotionRepository>;
