import type { AnnouncementType, BannerGroup, HelpDevice } from '@kl/contracts/content';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  announcement,
  announcementRead,
  contentBanner,
  helpItem,
  helpTopic,
  inboxMessage,
  member,
  memberHeadIcon,
  siteLink,
  type AnnouncementRow,
  type InboxMessageRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

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

/** A welcome message to give a member. */
export interface WelcomeMessage {
  welcomeKey: string;
  title: InboxMessageRow['title'];
  content: InboxMessageRow['content'];
  sentAt: Date;
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

/** Banners shown now. */
function visibleBanners(merchantCode: string, now: Date): SQL {
  return and(
    eq(contentBanner.merchantCode, merchantCode),
    eq(contentBanner.active, true),
    or(isNull(contentBanner.startsAt), lte(contentBanner.startsAt, now)),
    or(isNull(contentBanner.endsAt), gt(contentBanner.endsAt, now)),
  ) as SQL;
}

/** Rows of an `execute` result, whichever driver answered. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : Array.isArray(result) ? result.length : 0;
}

const liveInbox = (memberId: string) =>
  and(eq(inboxMessage.memberId, memberId), isNull(inboxMessage.deletedAt));

export function createContentRepository(db: Db) {
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
    // ——— banners ———

    async banners(merchantCode: string, groupName: BannerGroup | undefined, now: Date) {
      const where = groupName
        ? and(visibleBanners(merchantCode, now), eq(contentBanner.groupName, groupName))
        : visibleBanners(merchantCode, now);
      return db
        .select()
        .from(contentBanner)
        .where(where)
        .orderBy(asc(contentBanner.groupName), asc(contentBanner.sortOrder), asc(contentBanner.id));
    },

    /** A banner of the merchant, shown or not (its picture stays reachable while cached pages link it). */
    async findBanner(merchantCode: string, id: number) {
      const [row] = await db
        .select()
        .from(contentBanner)
        .where(and(eq(contentBanner.merchantCode, merchantCode), eq(contentBanner.id, id)));
      return row;
    },

    // ——— announcements ———

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

    /** Marks an announcement read for a member; marking again keeps the first time. */
    async markAnnouncementRead(memberId: string, announcementId: number, at: Date) {
      await db
        .insert(announcementRead)
        .values({ memberId, announcementId, readAt: at })
        .onConflictDoNothing();
    },

    // ——— inbox ———

    async welcomeKeysOf(memberId: string): Promise<Set<string>> {
      const rows = await db
        .select({ key: inboxMessage.welcomeKey })
        .from(inboxMessage)
        .where(and(eq(inboxMessage.memberId, memberId), isNotNull(inboxMessage.welcomeKey)));
      return new Set(rows.map((row) => row.key ?? ''));
    },

    /** Gives welcome messages to a member; one already given (even deleted since) is not given again. */
    async insertWelcome(
      merchantCode: string,
      memberId: string,
      messages: readonly WelcomeMessage[],
      tx?: DbOrTx,
    ) {
      if (messages.length === 0) return 0;
      const rows = await (tx ?? db)
        .insert(inboxMessage)
        .values(messages.map((message) => ({ merchantCode, memberId, ...message })))
        .onConflictDoNothing()
        .returning({ id: inboxMessage.id });
      return rows.length;
    },

    async memberCreatedAt(memberId: string, tx?: DbOrTx): Promise<Date | undefined> {
      const [row] = await (tx ?? db)
        .select({ createdAt: member.createdAt })
        .from(member)
        .where(eq(member.id, memberId));
      return row?.createdAt;
    },

    /**
     * Gives every member of the merchant who may use the inbox (not trial members) the welcome messages
     * they never had, in one statement; `secondsAfterJoining` places each after the member's sign-up.
     */
    async insertWelcomeForAll(
      merchantCode: string,
      trialType: number,
      templates: readonly (Omit<WelcomeMessage, 'sentAt'> & { secondsAfterJoining: number })[],
      tx?: DbOrTx,
    ): Promise<number> {
      if (templates.length === 0) return 0;
      const values = sql.join(
        templates.map(
          (template) =>
            sql`(${template.welcomeKey}, ${JSON.stringify(template.title)}::jsonb, ${JSON.stringify(template.content)}::jsonb, ${template.secondsAfterJoining}::int)`,
        ),
        sql`, `,
      );
      const result = await (tx ?? db).execute(sql`
        insert into ${inboxMessage} (merchant_code, member_id, welcome_key, title, content, sent_at)
        select ${member.merchantCode}, ${member.id}, w.welcome_key, w.title, w.content,
               ${member.createdAt} + w.seconds * interval '1 second'
        from ${member} cross join (values ${values}) as w(welcome_key, title, content, seconds)
        where ${member.merchantCode} = ${merchantCode} and ${member.type} <> ${trialType}
          and not exists (
            select 1 from ${inboxMessage} m
            where m.member_id = ${member.id} and m.welcome_key = w.welcome_key
          )
        on conflict do nothing
        returning id`);
      return rowCount(result);
    },

    async inboxPage(memberId: string, limit: number, offset: number) {
      const where = liveInbox(memberId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(inboxMessage)
          .where(where)
          .orderBy(desc(inboxMessage.sentAt), desc(inboxMessage.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(inboxMessage).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async inboxUnreadCount(memberId: string) {
      const [row] = await db
        .select({ total: count() })
        .from(inboxMessage)
        .where(and(liveInbox(memberId), isNull(inboxMessage.readAt)));
      return row?.total ?? 0;
    },

    /** Marks a message of the member read (keeping the first time) and answers it; undefined when not theirs. */
    async readInboxMessage(memberId: string, id: number, at: Date) {
      const [updated] = await db
        .update(inboxMessage)
        .set({ readAt: sql`coalesce(${inboxMessage.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(liveInbox(memberId), eq(inboxMessage.id, id)))
        .returning();
      return updated;
    },

    /** Deletes a message of the member; 'gone' when it was already deleted, undefined when not theirs. */
    async deleteInboxMessage(
      memberId: string,
      id: number,
      at: Date,
    ): Promise<'deleted' | 'gone' | undefined> {
      const [deleted] = await db
        .update(inboxMessage)
        .set({ deletedAt: at })
        .where(and(liveInbox(memberId), eq(inboxMessage.id, id)))
        .returning({ id: inboxMessage.id });
      if (deleted) return 'deleted';
      const [earlier] = await db
        .select({ id: inboxMessage.id })
        .from(inboxMessage)
        .where(and(eq(inboxMessage.memberId, memberId), eq(inboxMessage.id, id)));
      return earlier ? 'gone' : undefined;
    },

    // ——— help centre ———

    async helpTopics(merchantCode: string) {
      return db
        .select()
        .from(helpTopic)
        .where(eq(helpTopic.merchantCode, merchantCode))
        .orderBy(asc(helpTopic.sortOrder), asc(helpTopic.tag));
    },

    async helpItems(merchantCode: string, device: HelpDevice, tag?: string) {
      const conditions: SQL[] = [
        eq(helpItem.merchantCode, merchantCode),
        eq(helpItem.active, true),
        sql`${helpItem.devices} @> array[${device}]::text[]`,
      ];
      if (tag !== undefined) conditions.push(eq(helpItem.tag, tag));
      return db
        .select()
        .from(helpItem)
        .where(and(...conditions))
        .orderBy(asc(helpItem.tag), asc(helpItem.sortOrder), asc(helpItem.id));
    },

    async findHelpItem(merchantCode: string, id: number) {
      const [row] = await db
        .select()
        .from(helpItem)
        .where(and(eq(helpItem.merchantCode, merchantCode), eq(helpItem.id, id), eq(helpItem.active, true)));
      return row;
    },

    // ——— footer, social links ———

    async siteLinks(merchantCode: string) {
      return db
        .select()
        .from(siteLink)
        .where(eq(siteLink.merchantCode, merchantCode))
        .orderBy(asc(siteLink.kind), asc(siteLink.sortOrder), asc(siteLink.id));
    },

    async findSiteLink(merchantCode: string, id: number) {
      const [row] = await db
        .select()
        .from(siteLink)
        .where(and(eq(siteLink.merchantCode, merchantCode), eq(siteLink.id, id)));
      return row;
    },

    // ——— head icon ———

    async headIconOf(memberId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ headIconId: memberHeadIcon.headIconId })
        .from(memberHeadIcon)
        .where(eq(memberHeadIcon.memberId, memberId));
      return row?.headIconId;
    },

    async setHeadIcon(memberId: string, headIconId: number, at: Date) {
      await db
        .insert(memberHeadIcon)
        .values({ memberId, headIconId, updatedAt: at })
        .onConflictDoUpdate({ target: memberHeadIcon.memberId, set: { headIconId, updatedAt: at } });
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
