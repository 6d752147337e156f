import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { ANNOUNCEMENT_PLATFORM } from './constants.ts';
import { SUPPORTED_LOCALES, type Locale } from './i18n.ts';
import {
  ANNOUNCEMENT_TYPES,
  contentHomeCalls,
  contentId as id,
  contentLangQuery as langQuery,
  announcement,
} from './content-home.ts';

export * from './content-home.ts';

/**
 * Home content, messages and help (product.md §2 Other widgets, §3 Banner / Announcement / Help item /
 * Content codes, §4 Announcement, §6 unread counts, §7 banner, announcement, notice, popular, mark
 * read, inbox, help centre, head icon, service).
 *
 * Texts written by the merchant (titles, announcement, inbox and help contents) come in the language
 * asked with `lang` (vi or en), else the one of Accept-Language, falling back to Vietnamese. Contents
 * may hold HTML: the server keeps it exactly as written and the web app sanitises it before showing it.
 * Ids are positive integers.
 */

// ——— shared pieces ———

/** What a banner's drawn picture shows on its right (or bottom), when it has no uploaded picture. */
export const BANNER_MOTIFS = ['coins', 'cards', 'lottery', 'live', 'gift', 'trophy', 'dragon'] as const;
export type BannerMotif = (typeof BANNER_MOTIFS)[number];

/** Devices of the help centre (product.md §7 help centre device MOBILE). */
export const HELP_DEVICES = ['MOBILE', 'WEB'] as const;
export type HelpDevice = (typeof HELP_DEVICES)[number];

/** Help topics the site links to by tag (`/m/help?tag=terms`, the status info paths). */
export const HELP_TAGS = {
  faq: 'faq',
  deposit: 'deposit',
  withdraw: 'withdraw',
  responsible: 'responsible',
  terms: 'terms',
  privacy: 'privacy',
  about: 'about',
} as const;

/**
 * The site's links of the footer and the side menu (product.md §2): partner logos and badges (drawn from
 * their name and colour) and social links.
 */
export const SITE_LINK_KINDS = ['partner', 'badge', 'social'] as const;
export type SiteLinkKind = (typeof SITE_LINK_KINDS)[number];

/** Head icons (product.md §7 PROFPIC3): avatars drawn by the server, numbered 1…HEAD_ICON_COUNT. */
export const HEAD_ICON_COUNT = 12;

/** Inbox pages: default and largest page size. */
export const INBOX_PAGE_SIZE = { default: 20, max: 100 } as const;
/** Notice (announcement list) pages: default and largest page size. */
export const NOTICE_PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * Generated pictures, outside the API table because their address carries the file name (module id
 * COMM3; cached a year with an ETag, the address changes with the picture):
 * `/api/content/banner-art/<id>-<vi|en>.webp` (`.svg`: the drawing it is made from),
 * `/api/content/avatars/<id>.svg`,
 * `/api/content/link-art/<id>.svg` (partner logos and badges).
 */
export const BANNER_ART_PREFIX = '/api/content/banner-art/';
export const AVATAR_PREFIX = '/api/content/avatars/';
export const LINK_ART_PREFIX = '/api/content/link-art/';

const MAX_ID = 999_999_999_999;
/** An id in a path or body: digits (or a number), positive. */
export const contentIdSchema = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .regex(/^[0-9]{1,12}$/)
    .transform(Number)
    .pipe(z.number().int().positive()),
]);
const pageNo = z.coerce.number().int().min(1).max(100_000);

/** Merchant-written text in several languages; Vietnamese always present. */
export type LocalizedText = { vi: string } & Partial<Record<Exclude<Locale, 'vi'>, string>>;

/** The text of a language, else the Vietnamese one. */
export const textIn = (text: LocalizedText, lang: Locale): string => text[lang] ?? text.vi;

// ——— announcements (product.md §3 Announcement, §4 Announcement) ———

/** `types=B,PL` or `types=B&types=PL`. */
const announcementTypesParam = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(ANNOUNCEMENT_TYPES)).min(1).max(10));

/**
 * The request of product.md §3: types B, PL, PU, groupName, platform M, merchantCode, token. The session
 * cookie identifies the member; `token` is accepted and ignored. A merchantCode other than the site's
 * is refused.
 */
export const announcementsQuery = z.object({
  types: announcementTypesParam.optional(),
  groupName: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .optional(),
  platform: z.literal(ANNOUNCEMENT_PLATFORM).optional(),
  merchantCode: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .optional(),
  token: z.string().max(512).optional(),
  ...langQuery,
});
export type AnnouncementsQuery = z.input<typeof announcementsQuery>;

export const announcementList = z.object({
  list: z.array(announcement),
  /** Unread announcements of the member among all shown ones (the side menu's unclaimed count); absent for visitors. */
  unreadCount: z.number().int().optional(),
});
export type AnnouncementList = z.infer<typeof announcementList>;

/** The /m/notice list: every current announcement, newest first, paged. */
export const noticeQuery = z.object({
  pageNo: pageNo.default(1),
  pageSize: z.coerce.number().int().min(1).max(NOTICE_PAGE_SIZE.max).default(NOTICE_PAGE_SIZE.default),
  types: announcementTypesParam.optional(),
  ...langQuery,
});
export type NoticeQuery = z.input<typeof noticeQuery>;
export const noticePage = z.object({
  list: z.array(announcement),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  unreadCount: z.number().int().optional(),
});
export type NoticePage = z.infer<typeof noticePage>;

/** product.md §7 mark read: announcementId, read true. Marking again changes nothing. */
export const markAnnouncementRead = z.object({
  announcementId: contentIdSchema,
  read: z.literal(true),
});
export type MarkAnnouncementRead = z.input<typeof markAnnouncementRead>;
export const markAnnouncementReadResult = z.object({
  announcementId: id,
  read: z.literal(true),
  unreadCount: z.number().int(),
});
export type MarkAnnouncementReadResult = z.infer<typeof markAnnouncementReadResult>;

// ——— inbox (web mail) ———

export const inboxQuery = z.object({
  pageNo: pageNo.default(1),
  pageSize: z.coerce.number().int().min(1).max(INBOX_PAGE_SIZE.max).default(INBOX_PAGE_SIZE.default),
  ...langQuery,
});
export type InboxQuery = z.input<typeof inboxQuery>;

export const inboxMessage = z.object({
  id,
  title: z.string(),
  /** As written (may hold HTML); sanitise before showing. */
  content: z.string(),
  /** Plain text on one line, at most 300 characters (the list's preview). */
  summary: z.string(),
  /** When it was sent, ISO 8601. */
  date: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const inboxPage = z.object({
  list: z.array(inboxMessage),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  unreadCount: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPage>;

/** GET one message: `?messageId=…`. */
export const inboxMessageQuery = z.object({ messageId: contentIdSchema, ...langQuery });
export type InboxMessageQuery = z.input<typeof inboxMessageQuery>;
/** DELETE one message: `{ messageId }`. */
export const inboxDeleteRequest = z.object({ messageId: contentIdSchema });
export type InboxDeleteRequest = z.input<typeof inboxDeleteRequest>;
export const inboxDeleteResult = z.object({
  messageId: id,
  deleted: z.literal(true),
  unreadCount: z.number().int(),
});
export type InboxDeleteResult = z.infer<typeof inboxDeleteResult>;

// ——— help centre (product.md §3 Help item) ———

export const helpQuery = z.object({
  device: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(HELP_DEVICES))
    .default('MOBILE'),
  ...langQuery,
  /** One topic; every topic when absent. An unknown tag answers no topics. */
  tag: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
});
export type HelpQuery = z.input<typeof helpQuery>;

export const helpItem = z.object({
  id,
  /** The topic's tag (`terms`, `deposit`…). */
  tag: z.string(),
  title: z.string(),
  /** HTML as written; sanitise before showing. */
  content: z.string(),
  sort: z.number().int(),
});
export type HelpItem = z.infer<typeof helpItem>;
export const helpTopic = z.object({
  tag: z.string(),
  name: z.string(),
  sort: z.number().int(),
  items: z.array(helpItem),
});
export type HelpTopic = z.infer<typeof helpTopic>;
export const helpCentre = z.object({
  lang: z.enum(SUPPORTED_LOCALES),
  device: z.enum(HELP_DEVICES),
  topics: z.array(helpTopic),
});
export type HelpCentre = z.infer<typeof helpCentre>;

/** One help item (the help detail): `?itemId=…`. */
export const helpItemQuery = z.object({ itemId: contentIdSchema, ...langQuery });
export type HelpItemQuery = z.input<typeof helpItemQuery>;

// ——— head icon (product.md §7 GET/POST head icon, PROFPIC3) ———

export const headIconIdSchema = z.coerce.number().int().min(1).max(HEAD_ICON_COUNT);
export const headIconChoice = z.object({ id: z.number().int(), url: z.string() });
export const headIcon = z.object({
  /** The member's head icon; members who never chose get one picked from their id. */
  headIconId: z.number().int(),
  url: z.string(),
  /** False until the member picks one. */
  chosen: z.boolean(),
  choices: z.array(headIconChoice),
});
export type HeadIcon = z.infer<typeof headIcon>;
export const headIconChange = z.object({ headIconId: headIconIdSchema });
export type HeadIconChange = z.input<typeof headIconChange>;

/** The content calls of the API table (api-paths.ts composes every domain's calls). */
export const contentCalls = {
  banners: contentHomeCalls.banners,
  announcements: {
    method: 'GET',
    path: '/api/announcements',
    moduleId: 'COMM3',
    query: announcementsQuery,
    response: announcementList,
  },
  notice: {
    method: 'GET',
    path: '/api/announcements/notice',
    moduleId: 'COMM3',
    query: noticeQuery,
    response: noticePage,
  },
  popularAnnouncements: contentHomeCalls.popularAnnouncements,
  announcementUnreadCount: contentHomeCalls.announcementUnreadCount,
  markAnnouncementRead: {
    method: 'POST',
    path: '/api/announcements/read',
    moduleId: 'COMM3',
    body: markAnnouncementRead,
    response: markAnnouncementReadResult,
  },
  inboxList: {
    method: 'GET',
    path: '/api/inbox',
    moduleId: 'INBOX3',
    query: inboxQuery,
    response: inboxPage,
  },
  inboxUnreadCount: contentHomeCalls.inboxUnreadCount,
  inboxMessage: {
    method: 'GET',
    path: '/api/inbox/message',
    moduleId: 'INBOX3',
    query: inboxMessageQuery,
    response: inboxMessage,
  },
  deleteInboxMessage: {
    method: 'DELETE',
    path: '/api/inbox/message',
    moduleId: 'INBOX3',
    body: inboxDeleteRequest,
    response: inboxDeleteResult,
  },
  helpCentre: { method: 'GET', path: '/api/help', moduleId: 'COMM3', query: helpQuery, response: helpCentre },
  helpItem: {
    method: 'GET',
    path: '/api/help/item',
    moduleId: 'COMM3',
    query: helpItemQuery,
    response: helpItem,
  },
  service: contentHomeCalls.service,
  footerLinks: contentHomeCalls.footerLinks,
  headIcon: { method: 'GET', path: '/api/member/head-icon', moduleId: 'PROFPIC3', response: headIcon },
  setHeadIcon: {
    method: 'POST',
    path: '/api/member/head-icon',
    moduleId: 'PROFPIC3',
    body: headIconChange,
    response: headIcon,
  },
} as const satisfies ApiTable;
