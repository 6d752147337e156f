import { isTrialMember } from '@kl/contracts/accounts';
import {
  ANNOUNCEMENT_TYPES,
  AVATAR_PREFIX,
  type Announcement,
  type AnnouncementType,
  BANNER_ART_PREFIX,
  type Banner,
  type BannerGroup,
  type ContentLang,
  type FooterLinks,
  HEAD_ICON_COUNT,
  type HeadIcon,
  type HelpCentre,
  type HelpDevice,
  type HelpItem,
  type InboxMessage,
  LINK_ART_PREFIX,
  type ServiceLinks,
  SOCIAL_LINK_TYPES,
  type SocialLink,
  textIn,
} from '@kl/contracts/content';
import type {
  ContentBannerRow,
  AnnouncementRow,
  HelpItemRow,
  InboxMessageRow,
  SiteLinkRow,
} from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { MerchantService } from '../merchant/index.ts';
import {
  bannerArtVersion,
  logoArtVersion,
  pictureVersion,
  renderAvatar,
  renderBannerArt,
  renderLogoArt,
} from './artwork.ts';
import { plainSummary } from './plain-text.ts';
import type { AnnouncementFilter, ContentRepository, WelcomeMessage } from './repository.ts';
import { WELCOME_KEYS, welcomeMessagesFor } from './seed-data.ts';

export interface ContentServiceDeps {
  content: ContentRepository;
  merchantService: MerchantService;
  clock: Clock;
}

/** Who asks: a member (read flags, counts) or a visitor. */
export type Viewer = AuthenticatedMember | null;

const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);
const offsetOf = (pageNo: number, pageSize: number) => (pageNo - 1) * pageSize;

const PLAYER_ANNOUNCEMENTS: AnnouncementFilter = { types: ANNOUNCEMENT_TYPES };

function linkTargetOf(linkUrl: string | null): Banner['linkTarget'] {
  if (linkUrl === null) return null;
  return linkUrl.startsWith('/') ? 'self' : 'blank';
}

function bannerArtInput(row: ContentBannerRow, lang: ContentLang) {
  return {
    groupName: row.groupName,
    title: textIn(row.title, lang),
    subtitle: textIn(row.subtitle, lang),
    motif: row.motif,
    colour: row.colour,
    accent: row.accent,
  };
}

export function toBanner(row: ContentBannerRow, lang: ContentLang): Banner {
  const version = bannerArtVersion(bannerArtInput(row, lang));
  return {
    id: row.id,
    groupName: row.groupName,
    title: textIn(row.title, lang),
    url: `${BANNER_ART_PREFIX}${row.id}-${lang}.svg?v=${version}`,
    linkUrl: row.linkUrl,
    linkTarget: linkTargetOf(row.linkUrl),
    sort: row.sortOrder,
  };
}

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

function toInboxMessage(row: InboxMessageRow, lang: ContentLang): InboxMessage {
  const content = textIn(row.content, lang);
  return {
    id: row.id,
    title: textIn(row.title, lang),
    content,
    summary: plainSummary(content),
    date: row.sentAt.toISOString(),
    read: row.readAt !== null,
  };
}

function toHelpItem(row: HelpItemRow, lang: ContentLang): HelpItem {
  return {
    id: row.id,
    tag: row.tag,
    title: textIn(row.title, lang),
    content: textIn(row.content, lang),
    sort: row.sortOrder,
  };
}

/** Partner logos and badges read the same in every language: they are drawn from the English name. */
const logoTextOf = (row: SiteLinkRow) => row.name.en ?? row.name.vi;
const logoKindOf = (row: SiteLinkRow) => (row.kind === 'badge' ? ('badge' as const) : ('partner' as const));

function toSocialLink(row: SiteLinkRow, lang: ContentLang): SocialLink | undefined {
  const type = SOCIAL_LINK_TYPES.find((candidate) => candidate === row.socialType);
  if (!type || row.url === null) return undefined;
  return { type, url: row.url, label: textIn(row.name, lang) };
}

// ——— head icons ———

/** Every avatar drawn once: they depend on nothing but their number. */
const AVATARS = new Map<number, { svg: string; url: string }>(
  Array.from({ length: HEAD_ICON_COUNT }, (_, index) => {
    const headIconId = index + 1;
    const svg = renderAvatar(headIconId) ?? '';
    return [headIconId, { svg, url: `${AVATAR_PREFIX}${headIconId}.svg?v=${pictureVersion(svg)}` }] as const;
  }),
);
const HEAD_ICON_CHOICES = [...AVATARS.entries()].map(([id, avatar]) => ({ id, url: avatar.url }));

/** The head icon of a member who never picked one: the same one every time, spread over the set. */
export function defaultHeadIconOf(memberId: string): number {
  let hash = 0;
  for (const char of memberId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return (hash % HEAD_ICON_COUNT) + 1;
}

const ANNOUNCEMENT_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'ANNOUNCEMENT_NOT_FOUND' });
const MESSAGE_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'MESSAGE_NOT_FOUND' });

/**
 * Home content, messages and help (product.md §2, §3, §4, §6, §7): banners, announcements with per-member read
 * flags, the inbox, the help centre, service and footer links, head icons.
 */
export function createContentService(deps: ContentServiceDeps) {
  const { content, merchantService, clock } = deps;

  function checkMerchant(merchantCode: string, asked: string | undefined) {
    if (asked !== undefined && asked !== merchantCode) {
      throw new DomainError('INVALID_INPUT', { field: 'merchantCode', reason: 'UNKNOWN_MERCHANT' });
    }
  }

  const unreadAnnouncements = (member: AuthenticatedMember) =>
    content.unreadAnnouncementCount(member.merchantCode, PLAYER_ANNOUNCEMENTS, member.memberId, clock());

  /**
   * Gives the member the welcome messages they have not had yet (the first time they use the inbox;
   * messages added to the set later reach everyone once). Two calls at once give each message once.
   */
  async function ensureWelcome(member: AuthenticatedMember): Promise<void> {
    const had = await content.welcomeKeysOf(member.memberId);
    if (WELCOME_KEYS.every((key) => had.has(key))) return;
    const joinedAt = (await content.memberCreatedAt(member.memberId)) ?? clock();
    const missing: WelcomeMessage[] = welcomeMessagesFor(joinedAt).filter(
      (message) => !had.has(message.welcomeKey),
    );
    await content.insertWelcome(member.merchantCode, member.memberId, missing);
  }

  /** The inbox is for members who are not trial members (product.md §6 free_reject). */
  function checkInboxMember(member: AuthenticatedMember) {
    if (isTrialMember(member.type)) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'free_reject' });
  }

  return {
    // ——— banners ———

    async banners(merchantCode: string, groupName: BannerGroup | undefined, lang: ContentLang) {
      const rows = await content.banners(merchantCode, groupName, clock());
      return { list: rows.map((row) => toBanner(row, lang)) };
    },

    /** The picture of a banner in a language; undefined when the merchant has no such banner. */
    async bannerArt(merchantCode: string, id: number, lang: ContentLang): Promise<string | undefined> {
      const row = await content.findBanner(merchantCode, id);
      return row ? renderBannerArt(bannerArtInput(row, lang)) : undefined;
    },

    // ——— announcements ———

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
      const rows = await content.announcements(merchantCode, filter, clock(), viewer?.memberId);
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
      const { rows, total } = await content.announcementPage(
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
      const rows = await content.popularAnnouncements(merchantCode, PLAYER_ANNOUNCEMENTS, clock());
      return { list: rows.map(({ row }) => toAnnouncement(row, lang, undefined)) };
    },

    async announcementUnreadCount(member: AuthenticatedMember) {
      return { unreadCount: await unreadAnnouncements(member) };
    },

    /** Marks an announcement read for the member; marking it again changes nothing. */
    async markAnnouncementRead(member: AuthenticatedMember, announcementId: number) {
      const row = await content.findAnnouncement(member.merchantCode, announcementId, ANNOUNCEMENT_TYPES);
      if (!row) throw ANNOUNCEMENT_NOT_FOUND();
      await content.markAnnouncementRead(member.memberId, row.id, clock());
      return { announcementId: row.id, read: true as const, unreadCount: await unreadAnnouncements(member) };
    },

    // ——— inbox ———

    async inbox(member: AuthenticatedMember, query: { pageNo: number; pageSize: number }, lang: ContentLang) {
      checkInboxMember(member);
      await ensureWelcome(member);
      const { rows, total } = await content.inboxPage(
        member.memberId,
        query.pageSize,
        offsetOf(query.pageNo, query.pageSize),
      );
      return {
        list: rows.map((row) => toInboxMessage(row, lang)),
        pageNum: query.pageNo,
        totalPages: pages(total, query.pageSize),
        total,
        unreadCount: await content.inboxUnreadCount(member.memberId),
      };
    },

    /** product.md §6: no inbox count for trial members (offered false, 0). */
    async inboxUnreadCount(member: AuthenticatedMember) {
      if (isTrialMember(member.type)) return { unreadCount: 0, offered: false };
      await ensureWelcome(member);
      return { unreadCount: await content.inboxUnreadCount(member.memberId), offered: true };
    },

    /** Opens a message of the member, marking it read. Another member's message is not found. */
    async readInboxMessage(member: AuthenticatedMember, messageId: number, lang: ContentLang) {
      checkInboxMember(member);
      const row = await content.readInboxMessage(member.memberId, messageId, clock());
      if (!row) throw MESSAGE_NOT_FOUND();
      return toInboxMessage(row, lang);
    },

    /** Deletes a message of the member (deleting it again succeeds). Another member's message is not found. */
    async deleteInboxMessage(member: AuthenticatedMember, messageId: number) {
      checkInboxMember(member);
      const outcome = await content.deleteInboxMessage(member.memberId, messageId, clock());
      if (!outcome) throw MESSAGE_NOT_FOUND();
      return {
        messageId,
        deleted: true as const,
        unreadCount: await content.inboxUnreadCount(member.memberId),
      };
    },

    // ——— help centre ———

    async helpCentre(
      merchantCode: string,
      query: { device: HelpDevice; tag?: string },
      lang: ContentLang,
    ): Promise<HelpCentre> {
      const [topics, items] = await Promise.all([
        content.helpTopics(merchantCode),
        content.helpItems(merchantCode, query.device, query.tag),
      ]);
      const shown = topics.filter((topic) => query.tag === undefined || topic.tag === query.tag);
      return {
        lang,
        device: query.device,
        topics: shown
          .map((topic) => ({
            tag: topic.tag,
            name: textIn(topic.name, lang),
            sort: topic.sortOrder,
            items: items.filter((item) => item.tag === topic.tag).map((item) => toHelpItem(item, lang)),
          }))
          .filter((topic) => topic.items.length > 0),
      };
    },

    async helpItem(merchantCode: string, itemId: number, lang: ContentLang): Promise<HelpItem> {
      const row = await content.findHelpItem(merchantCode, itemId);
      if (!row) throw new DomainError('NOT_FOUND', { reason: 'HELP_ITEM_NOT_FOUND' });
      return toHelpItem(row, lang);
    },

    // ——— service and footer links ———

    /** Customer-service links and resources of the status info, with the social links. */
    async serviceLinks(merchantCode: string, lang: ContentLang): Promise<ServiceLinks> {
      const [merchant, links] = await Promise.all([
        merchantService.getMerchant(merchantCode),
        content.siteLinks(merchantCode),
      ]);
      return {
        customerService: merchant.info.customerService,
        resources: merchant.info.resources,
        socialLinks: links.flatMap((row) => toSocialLink(row, lang) ?? []),
      };
    },

    async footerLinks(merchantCode: string, lang: ContentLang): Promise<FooterLinks> {
      const links = await content.siteLinks(merchantCode);
      const logo = (row: SiteLinkRow) => ({
        id: row.id,
        name: textIn(row.name, lang),
        logoUrl: `${LINK_ART_PREFIX}${row.id}.svg?v=${logoArtVersion({ kind: logoKindOf(row), text: logoTextOf(row), colour: row.colour })}`,
        url: row.url,
      });
      return {
        partners: links.filter((row) => row.kind === 'partner').map(logo),
        badges: links.filter((row) => row.kind === 'badge').map(logo),
        socialLinks: links.flatMap((row) => toSocialLink(row, lang) ?? []),
      };
    },

    async linkArt(merchantCode: string, id: number): Promise<string | undefined> {
      const row = await content.findSiteLink(merchantCode, id);
      if (!row || row.kind === 'social') return undefined;
      return renderLogoArt({ kind: logoKindOf(row), text: logoTextOf(row), colour: row.colour });
    },

    // ——— head icon ———

    async headIcon(member: AuthenticatedMember): Promise<HeadIcon> {
      const chosen = await content.headIconOf(member.memberId);
      const headIconId = chosen ?? defaultHeadIconOf(member.memberId);
      return {
        headIconId,
        url: AVATARS.get(headIconId)?.url ?? '',
        chosen: chosen !== undefined,
        choices: HEAD_ICON_CHOICES,
      };
    },

    async setHeadIcon(member: AuthenticatedMember, headIconId: number): Promise<HeadIcon> {
      await content.setHeadIcon(member.memberId, headIconId, clock());
      return {
        headIconId,
        url: AVATARS.get(headIconId)?.url ?? '',
        chosen: true,
        choices: HEAD_ICON_CHOICES,
      };
    },

    avatar: (headIconId: number): string | undefined => AVATARS.get(headIconId)?.svg,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
