import { ANNOUNCEMENT_TYPES, type AnnouncementType } from '@kl/contracts/content';
import { and, count, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import {
  announcement,
  announcementRead,
  type AnnouncementRow,
  type NewAnnouncementRow,
} from '../../../db/schema/index.ts';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/**
 * Announcement queries (product.md §2 home marquee and /m/notice, §3 announcements with read flags): those
 * shown now, with a member's read times, and the member's read marks; and the back office's, which sees
 * and writes every announcement of the player kinds (docs/back-office.md, "Content").
 */

/** What decides which announcements a player sees. */
export interface AnnouncementFilter {
  types: readonly AnnouncementType[];
  /** Also those of no group (shown everywhere); any group when absent. */
  groupName?: string;
}

export interface AnnouncementWithRead {
  row: AnnouncementRow;
  /** When the member read it; null when unread; undefined when no member was asked about. */
  readAt: Date | null | undefined;
}

/** Announcements shown now: active, published, not expired, of the given types and group. */
function visibleAnnouncements(merchantCode: string, filter: AnnouncementFilter, now: Date): SQL {
  const conditions: SQL[] = [
    eq(announcement.merchantCode, merchantCode),
    eq(announcement.active, true),
    inArray(announcement.type, [...filter.types]),
    lte(announcement.publishedAt, now),
    or(isNull(announcement.expiresAt), gt(announcement.expiresAt, now)) as SQL,
  ];
  if (filter.groupName !== undefined) {
    conditions.push(or(isNull(announcement.groupName), eq(announcement.groupName, filter.groupName)) as SQL);
  }
  return and(...conditions) as SQL;
}

/** The merchant's announcements of the player kinds (B, PL, PU), shown now or not. */
function ofPlayerKinds(merchantCode: string): SQL {
  return and(
    eq(announcement.merchantCode, merchantCode),
    inArray(announcement.type, [...ANNOUNCEMENT_TYPES]),
  ) as SQL;
}

/**
 * A write of an announcement publishes the content's topic on `changes` in its transaction
 * (docs/decisions/022-api-caching.md), whoever makes it.
 */
export function createAnnouncementRepository(db: Db, changes?: Pick<ChangeFeed, 'publish'>) {
  /** Announcements with the member's read time (left join); without a member, no join. */
  async function announcementsWithRead(
    where: SQL,
    memberId: string | undefined,
    page?: { limit: number; offset: number },
  ): Promise<AnnouncementWithRead[]> {
    const order = [desc(announcement.publishedAt), desc(announcement.id)];
    if (memberId === undefined) {
      const base = db
        .select()
        .from(announcement)
        .where(where)
        .orderBy(...order);
      const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
      return rows.map((row) => ({ row, readAt: undefined }));
    }
    const base = db
      .select({ row: announcement, readAt: announcementRead.readAt })
      .from(announcement)
      .leftJoin(
        announcementRead,
        and(eq(announcementRead.announcementId, announcement.id), eq(announcementRead.memberId, memberId)),
      )
      .where(where)
      .orderBy(...order);
    const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
    return rows.map(({ row, readAt }) => ({ row, readAt: readAt ?? null }));
  }

  return {
    announcements: (merchantCode: string, filter: AnnouncementFilter, now: Date, memberId?: string) =>
      announcementsWithRead(visibleAnnouncements(merchantCode, filter, now), memberId),

    async announcementPage(
      merchantCode: string,
      filter: AnnouncementFilter,
      now: Date,
      memberId: string | undefined,
      limit: number,
      offset: number,
    ) {
      const where = visibleAnnouncements(merchantCode, filter, now);
      const [rows, [total]] = await Promise.all([
        announcementsWithRead(where, memberId, { limit, offset }),
        db.select({ total: count() }).from(announcement).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    popularAnnouncements: (merchantCode: string, filter: AnnouncementFilter, now: Date) =>
      announcementsWithRead(
        and(visibleAnnouncements(merchantCode, filter, now), eq(announcement.popular, true)) as SQL,
        undefined,
      ),

    /** Announcements shown now that the member has not read. */
    async unreadAnnouncementCount(
      merchantCode: string,
      filter: AnnouncementFilter,
      memberId: string,
      now: Date,
    ) {
      const [row] = await db
        .select({ total: count() })
        .from(announcement)
        .leftJoin(
          announcementRead,
          and(eq(announcementRead.announcementId, announcement.id), eq(announcementRead.memberId, memberId)),
        )
        .where(and(visibleAnnouncements(merchantCode, filter, now), isNull(announcementRead.memberId)));
      return row?.total ?? 0;
    },

    async findAnnouncement(merchantCode: string, id: number, types: readonly AnnouncementType[]) {
      const [row] = await db
        .select()
        .from(announcement)
        .where(
          and(
            eq(announcement.merchantCode, merchantCode),
            eq(announcement.id, id),
            inArray(announcement.type, [...types]),
          ),
        );
      return row;
    },

    /** Every announcement of the player kinds (B, PL, PU), shown now or not, newest published first. */
    async announcementPageForOperators(merchantCode: string, limit: number, offset: number) {
      const where = ofPlayerKinds(merchantCode);
      const rows = await db
        .select()
        .from(announcement)
        .where(where)
        .orderBy(desc(announcement.publishedAt), desc(announcement.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(announcement).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async insertAnnouncement(row: NewAnnouncementRow, tx: DbOrTx = db): Promise<AnnouncementRow> {
      const [created] = await tx.insert(announcement).values(row).returning();
      if (!created) throw new Error('announcement not inserted');
      await changes?.publish('content', tx);
      return created;
    },

    /** An announcement of the player kinds, its row locked until the transaction ends (two saving at once). */
    async lockAnnouncement(
      merchantCode: string,
      id: number,
      tx: DbOrTx,
    ): Promise<AnnouncementRow | undefined> {
      const [row] = await tx
        .select()
        .from(announcement)
        .where(and(ofPlayerKinds(merchantCode), eq(announcement.id, id)))
        .for('update');
      return row;
    },

    async updateAnnouncement(
      id: number,
      set: Partial<NewAnnouncementRow>,
      tx: DbOrTx = db,
    ): Promise<AnnouncementRow> {
      const [row] = await tx.update(announcement).set(set).where(eq(announcement.id, id)).returning();
      if (!row) throw new Error(`announcement ${id} vanished`);
      await changes?.publish('content', tx);
      return row;
    },

    /** Marks an announcement read for a member; marking again keeps the first time. */
    async markAnnouncementRead(memberId: string, announcementId: number, at: Date) {
      await db
        .insert(announcementRead)
        .values({ memberId, announcementId, readAt: at })
        .onConflictDoNothing();
    },
  };
}

export type AnnouncementRepository = ReturnType<typeof createAnnouncementRepository>;
