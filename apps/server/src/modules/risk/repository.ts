import type { MemberRestrictionKind, RiskSignalKind, RiskSignalStatus } from '@kl/contracts/admin/risk';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import {
  memberNote,
  memberRestriction,
  memberTag,
  memberTagLink,
  riskSignal,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** A signal as written at its event; `sourceKey` names the row it came from, so it is written once. */
export interface NewRiskSignal {
  merchantCode: string;
  kind: RiskSignalKind;
  memberId: string;
  otherMemberId?: string | null;
  detail: Record<string, unknown>;
  sourceKey: string;
  createdAt: Date;
}

/** Whether the member of an id in the outer statement carries the tag (the member list's tag filter). */
export function memberTagged(memberId: SQLWrapper, tagId: number): SQL {
  return sql`exists (select 1 from ${memberTagLink} l where l.member_id = ${memberId} and l.tag_id = ${tagId})`;
}

/** The username of the member of an id in the outer statement (the member module's `memberUsername`). */
export type Username = (memberId: SQLWrapper) => SQL<string>;

/**
 * The risk tables (docs/back-office.md, "Risk queue, notes, tags and restrictions"): signals, notes, tags
 * and restrictions. Modules that see an event write its signal here in their own transaction; the back
 * office reads and reviews them.
 */
export function createRiskRepository(db: Db) {
  /** The signal with its members' usernames, from the member module's subquery (given by the caller). */
  const withUsernames = (memberUsername: Username) => ({
    signal: riskSignal,
    username: memberUsername(riskSignal.memberId),
    otherUsername: memberUsername(riskSignal.otherMemberId),
  });

  return {
    /** Writes the signal unless its source already has one; answers whether it was written. */
    async recordSignal(signal: NewRiskSignal, tx: DbOrTx = db): Promise<boolean> {
      const written = await tx
        .insert(riskSignal)
        .values({ ...signal, otherMemberId: signal.otherMemberId ?? null })
        .onConflictDoNothing()
        .returning({ id: riskSignal.id });
      return written.length > 0;
    },

    /** The merchant's signals, newest first, with the members' usernames. */
    async signalPage(
      memberUsername: Username,
      merchantCode: string,
      query: { kind?: RiskSignalKind | undefined; status?: RiskSignalStatus | undefined },
      page: { limit: number; offset: number },
    ) {
      const where: SQL[] = [eq(riskSignal.merchantCode, merchantCode)];
      if (query.kind) where.push(eq(riskSignal.kind, query.kind));
      if (query.status === 'open') where.push(isNull(riskSignal.reviewedAt));
      if (query.status === 'reviewed') where.push(isNotNull(riskSignal.reviewedAt));
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select(withUsernames(memberUsername))
          .from(riskSignal)
          .where(condition)
          .orderBy(desc(riskSignal.createdAt), desc(riskSignal.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(riskSignal).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** One signal of the merchant with the members' usernames, its row locked in `tx`. */
    async lockSignal(memberUsername: Username, merchantCode: string, id: number, tx: DbOrTx) {
      const [row] = await tx
        .select(withUsernames(memberUsername))
        .from(riskSignal)
        .where(and(eq(riskSignal.merchantCode, merchantCode), eq(riskSignal.id, id)))
        .for('update', { of: riskSignal });
      return row;
    },

    async markReviewed(
      id: number,
      review: { reviewedAt: Date; reviewedBy: string; reviewNote: string },
      tx: DbOrTx,
    ): Promise<void> {
      await tx.update(riskSignal).set(review).where(eq(riskSignal.id, id));
    },

    // Notes: written once, never changed.

    async notesOf(memberId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(memberNote)
        .where(eq(memberNote.memberId, memberId))
        .orderBy(desc(memberNote.createdAt), desc(memberNote.id));
    },

    async insertNote(row: typeof memberNote.$inferInsert, tx: DbOrTx) {
      const [created] = await tx.insert(memberNote).values(row).returning();
      if (!created) throw new Error('the note was not written');
      return created;
    },

    // Tags.

    async tagsOf(memberId: string, tx: DbOrTx = db) {
      return tx
        .select({ id: memberTag.id, name: memberTag.name })
        .from(memberTagLink)
        .innerJoin(memberTag, eq(memberTag.id, memberTagLink.tagId))
        .where(eq(memberTagLink.memberId, memberId))
        .orderBy(asc(sql`lower(${memberTag.name})`));
    },

    /** The merchant's tags by name, with how many members carry each. */
    async vocabulary(merchantCode: string) {
      return db
        .select({ id: memberTag.id, name: memberTag.name, members: count(memberTagLink.memberId) })
        .from(memberTag)
        .leftJoin(memberTagLink, eq(memberTagLink.tagId, memberTag.id))
        .where(eq(memberTag.merchantCode, merchantCode))
        .groupBy(memberTag.id)
        .orderBy(asc(sql`lower(${memberTag.name})`));
    },

    /** The merchant's tag of that name in any case, added to the vocabulary if new. */
    async tagNamed(merchantCode: string, name: string, now: Date, tx: DbOrTx) {
      await tx.insert(memberTag).values({ merchantCode, name, createdAt: now }).onConflictDoNothing();
      const [row] = await tx
        .select({ id: memberTag.id, name: memberTag.name })
        .from(memberTag)
        .where(and(eq(memberTag.merchantCode, merchantCode), sql`lower(${memberTag.name}) = lower(${name})`));
      if (!row) throw new Error('the tag was not written');
      return row;
    },

    async tagOfMerchant(merchantCode: string, tagId: number, tx: DbOrTx) {
      const [row] = await tx
        .select({ id: memberTag.id, name: memberTag.name })
        .from(memberTag)
        .where(and(eq(memberTag.merchantCode, merchantCode), eq(memberTag.id, tagId)));
      return row;
    },

    /** Tags the member; answers whether the tag was new on them. */
    async link(row: typeof memberTagLink.$inferInsert, tx: DbOrTx): Promise<boolean> {
      const added = await tx.insert(memberTagLink).values(row).onConflictDoNothing().returning();
      return added.length > 0;
    },

    /** Takes the tag off the member; answers whether it was on them. */
    async unlink(memberId: string, tagId: number, tx: DbOrTx): Promise<boolean> {
      const removed = await tx
        .delete(memberTagLink)
        .where(and(eq(memberTagLink.memberId, memberId), eq(memberTagLink.tagId, tagId)))
        .returning();
      return removed.length > 0;
    },

    // Restrictions.

    async restrictionsOf(memberId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(memberRestriction)
        .where(eq(memberRestriction.memberId, memberId))
        .orderBy(asc(memberRestriction.kind));
    },

    async restrictionOf(memberId: string, kind: MemberRestrictionKind, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(memberRestriction)
        .where(and(eq(memberRestriction.memberId, memberId), eq(memberRestriction.kind, kind)));
      return row;
    },

    /** Restricts the member, or answers the restriction in place (its first reason and time stay). */
    async restrict(row: typeof memberRestriction.$inferInsert, tx: DbOrTx) {
      await tx.insert(memberRestriction).values(row).onConflictDoNothing();
    },

    async lift(memberId: string, kind: MemberRestrictionKind, tx: DbOrTx): Promise<void> {
      await tx
        .delete(memberRestriction)
        .where(and(eq(memberRestriction.memberId, memberId), eq(memberRestriction.kind, kind)));
    },
  };
}
export type RiskRepository = ReturnType<typeof createRiskRepository>;
