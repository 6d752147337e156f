import type { AdminPromotionStatus } from '@kl/contracts/admin/promotions';
import type { ClaimStatus } from '@kl/contracts/promotions';
import { and, count, desc, eq, gt, inArray, isNull, lte, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  member,
  operator,
  promotion,
  promotionClaim,
  wageringRequirement,
  wageringSetting,
  type NewPromotionRow,
  type PromotionRow,
} from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

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

const creator = alias(operator, 'creator');
const writer = alias(operator, 'writer');
const publisher = alias(operator, 'publisher');
const drafter = alias(operator, 'drafter');

/** A promotion with the usernames of the operators who created, wrote and published it and wrote its draft. */
const VIEW = {
  row: promotion,
  createdBy: creator.username,
  writtenBy: writer.username,
  publishedBy: publisher.username,
  draftBy: drafter.username,
};
export interface PromotionView {
  row: PromotionRow;
  createdBy: string | null;
  writtenBy: string | null;
  publishedBy: string | null;
  draftBy: string | null;
}

/** Promotions and their claims as the back office reads and changes them (docs/back-office.md, "Promotions"). */
export function createPromotionAdminRepository(db: Db) {
  const referred = alias(member, 'referred');
  const view = (tx: DbOrTx) =>
    tx
      .select(VIEW)
      .from(promotion)
      .leftJoin(creator, eq(creator.id, promotion.createdBy))
      .leftJoin(writer, eq(writer.id, promotion.writtenBy))
      .leftJoin(publisher, eq(publisher.id, promotion.publishedBy))
      .leftJoin(drafter, eq(drafter.id, promotion.draftBy));

  return {
    /** The newest start first, with the operators' usernames. */
    async page(where: {
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
        view(db)
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

    /** The promotion with the operators' usernames. */
    async view(id: number, tx: DbOrTx = db): Promise<PromotionView | undefined> {
      const [row] = await view(tx).where(eq(promotion.id, id));
      return row;
    },

    async find(merchantCode: string, id: number): Promise<PromotionRow | undefined> {
      const [row] = await db
        .select()
        .from(promotion)
        .where(and(eq(promotion.merchantCode, merchantCode), eq(promotion.id, id)));
      return row;
    },

    /** The promotion, its row locked until the transaction ends (two operators saving it at once). */
    async lock(merchantCode: string, id: number, tx: DbOrTx): Promise<PromotionRow | undefined> {
      const [row] = await tx
        .select()
        .from(promotion)
        .where(and(eq(promotion.merchantCode, merchantCode), eq(promotion.id, id)))
        .for('update');
      return row;
    },

    /** Inserts the promotion; undefined when its code is taken. */
    async insert(row: NewPromotionRow, tx: DbOrTx = db): Promise<PromotionRow | undefined> {
      const [created] = await tx.insert(promotion).values(row).onConflictDoNothing().returning();
      return created;
    },

    async update(id: number, set: Partial<NewPromotionRow>, tx: DbOrTx = db): Promise<PromotionRow> {
      const [row] = await tx.update(promotion).set(set).where(eq(promotion.id, id)).returning();
      if (!row) throw new Error(`promotion ${id} vanished`);
      return row;
    },

    /** Deletes a promotion never published (it has no claim: members never saw it). */
    async remove(id: number, tx: DbOrTx): Promise<void> {
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

    /** The claims of a promotion with their member and their bonus's turnover, the newest first. */
    async claims(where: {
      promotionId: number;
      status: ClaimStatus | undefined;
      limit: number;
      offset: number;
    }) {
      const condition = and(
        eq(promotionClaim.promotionId, where.promotionId),
        where.status === undefined ? undefined : eq(promotionClaim.status, where.status),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            claim: promotionClaim,
            username: member.username,
            referredUsername: referred.username,
            required: wageringRequirement.required,
            progress: wageringRequirement.progress,
            requirementStatus: wageringRequirement.status,
          })
          .from(promotionClaim)
          .innerJoin(member, eq(member.id, promotionClaim.memberId))
          .leftJoin(referred, eq(referred.id, promotionClaim.referredMemberId))
          .leftJoin(wageringRequirement, eq(wageringRequirement.claimId, promotionClaim.id))
          .where(condition)
          .orderBy(desc(promotionClaim.appliedAt), desc(promotionClaim.id))
          .limit(where.limit)
          .offset(where.offset),
        db.select({ n: count() }).from(promotionClaim).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The merchant's turnover rules, if it has its own. */
    async wageringSetting(merchantCode: string) {
      const [row] = await db
        .select()
        .from(wageringSetting)
        .where(eq(wageringSetting.merchantCode, merchantCode));
      return row;
    },
  };
}

export type PromotionAdminRepository = ReturnType<typeof createPromotionAdminRepository>;
