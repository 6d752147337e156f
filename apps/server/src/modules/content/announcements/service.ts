import {
  ANNOUNCEMENT_TYPES,
  type Announcement,
  type AnnouncementType,
  type ContentLang,
  textIn,
} from '@kl/contracts/content';
import type { AnnouncementRow } from '../../../db/schema/index.ts';
import type { Clock } from '../../../platform/clock.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { AuthenticatedMember } from '../../../platform/member-guard.ts';
import { offsetOf, pages } from '../paging.ts';
import { plainSummary } from '../plain-text.ts';
import type { AnnouncementFilter, AnnouncementRepository } from './repository.ts';

/**
 * Announcements (product.md §2 home marquee, /m/notice and the side menu's unread count, §3 kinds B, PL,
 * PU with read flags): the list, the notice page, the popular marquee, the member's unread count and
 * read marks.
 */

/** Who asks: a member (read flags, counts) or a visitor. */
export type Viewer = AuthenticatedMember | null;

const PLAYER_ANNOUNCEMENTS: AnnouncementFilter = { types: ANNOUNCEMENT_TYPES };

const ANNOUNCEMENT_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'ANNOUNCEMENT_NOT_FOUND' });

function toAnnouncement(
  row: AnnouncementRow,
  lang: ContentLang,
  readAt: Date | null | undefined,
): Announcement {
  const content = textIn(row.content, lang);
  return {
    id: row.id,
    type: row.type as AnnouncementType,
    groupName: row.groupName,
    title: textIn(row.title, lang),
    content,
    summary: plainSummary(content),
    date: row.publishedAt.toISOString(),
    popular: row.popular,
    ...(readAt !== undefined && { read: readAt !== null }),
  };
}

function checkMerchant(merchantCode: string, asked: string | undefined) {
  if (asked !== undefined && asked !== merchantCode) {
    throw new DomainError('INVALID_INPUT', { field: 'merchantCode', reason: 'UNKNOWN_MERCHANT' });
  }
}

export function createAnnouncementService(deps: { announcements: AnnouncementRepository; clock: Clock }) {
  const { announcements, clock } = deps;

  const unreadAnnouncements = (member: AuthenticatedMember) =>
    announcements.unreadAnnouncementCount(
      member.merchantCode,
      PLAYER_ANNOUNCEMENTS,
      member.memberId,
      clock(),
    );

  return {
    async announcements(
      merchantCode: string,
      viewer: Viewer,
      query: { types?: AnnouncementType[]; groupName?: string; merchantCode?: string },
      lang: ContentLang,
    ) {
      checkMerchant(merchantCode, query.merchantCode);
      const filter: AnnouncementFilter = {
        types: query.types ?? ANNOUNCEMENT_TYPES,
        ...(query.groupName !== undefined && { groupName: query.groupName }),
      };
      const rows = await announcements.announcements(merchantCode, filter, clock(), viewer?.memberId);
      const list = rows.map(({ row, readAt }) => toAnnouncement(row, lang, readAt));
      if (!viewer) return { list };
      return { list, unreadCount: await unreadAnnouncements(viewer) };
    },

    async notice(
      merchantCode: string,
      viewer: Viewer,
      query: { pageNo: number; pageSize: number; types?: AnnouncementType[] },
      lang: ContentLang,
    ) {
      const filter: AnnouncementFilter = { types: query.types ?? ANNOUNCEMENT_TYPES };
      const { rows, total } = await announcements.announcementPage(
        merchantCode,
        filter,
        clock(),
        viewer?.memberId,
        query.pageSize,
        offsetOf(query.pageNo, query.pageSize),
      );
      const page = {
        list: rows.map(({ row, readAt }) => toAnnouncement(row, lang, readAt)),
        pageNum: query.pageNo,
        totalPages: pages(total, query.pageSize),
        total,
      };
      if (!viewer) return page;
      return { ...page, unreadCount: await unreadAnnouncements(viewer) };
    },

    /** The marquee: popular announcements, newest first, without read flags. */
    async popular(merchantCode: string, lang: ContentLang) {
      const rows = await announcements.popularAnnouncements(merchantCode, PLAYER_ANNOUNCEMENTS, clock());
      return { list: rows.map(({ row }) => toAnnouncement(row, lang, undefined)) };
    },

    async announcementUnreadCount(member: AuthenticatedMember) {
      return { unreadCount: await unreadAnnouncements(member) };
    },

    /** Marks an announcement read for the member; marking it again changes nothing. */
    async markAnnouncementRead(member: AuthenticatedMember, announcementId: number) {
      const row = await announcements.findAnnouncement(
        member.merchantCode,
        announcementId,
        ANNOUNCEMENT_TYPES,
      );
      if (!row) throw ANNOUNCEMENT_NOT_FOUND();
      await announcements.markAnnouncementRead(member.memberId, row.id, clock());
      return { announcementId: row.id, read: true as const, unreadCount: await unreadAnnouncements(member) };
    },
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
