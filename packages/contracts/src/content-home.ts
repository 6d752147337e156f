import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { CONTENT_CODES } from './constants.ts';
import { SUPPORTED_LOCALES, type Locale } from './i18n.ts';
import { customerServiceLink, resourceLink } from './status.ts';

/**
 * The content every page and home show (product.md §2 Other widgets, quick-nav, customer service popup,
 * footer; §3 Banner, Announcement; §6 unread counts; §7 banner, popular announcements, unread counts,
 * service, footer links): what a member's home asks for, as the app draws it in the browser. A module of
 * their own, so that a member's first load carries these schemas and not the inbox's, the notices', the
 * help centre's or the head icon's (docs/decisions/024-first-load-javascript.md); content.ts puts the calls
 * in `contentCalls` under the same names and says the rest of the content rules.
 */

/** Banner groups of product.md §2 (the home carousel, live hosts, the floating promo, new games, side menu). */
export const BANNER_GROUPS = ['m_home', 'm_live', 'm_popup', 'm_newgame', 'm_leftmenu'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

/** Announcement types a player's site asks for (product.md §3 content codes Banner, Player, Pop_Up). */
export const ANNOUNCEMENT_TYPES = [CONTENT_CODES.Banner, CONTENT_CODES.Player, CONTENT_CODES.Pop_Up] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Social links of the side menu and the footer (product.md §2). */
export const SOCIAL_LINK_TYPES = ['Facebook', 'Telegram', 'Telegram2'] as const;
export type SocialLinkType = (typeof SOCIAL_LINK_TYPES)[number];

/** A positive id as the API writes it. */
export const contentId = z.number().int().positive();

/** `vi` / `en` in any case. */
export const contentLangSchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(SUPPORTED_LOCALES));
export type ContentLang = Locale;

/** Optional paging and language of a member's list. */
export const contentLangQuery = { lang: contentLangSchema.optional() };

// ——— banners (product.md §3 Banner) ———

export const bannersQuery = z.object({
  /** One group; all groups when absent. */
  groupName: z.enum(BANNER_GROUPS).optional(),
  ...contentLangQuery,
});
export type BannersQuery = z.input<typeof bannersQuery>;

export const banner = z.object({
  id: contentId,
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
  /** The picture: the uploaded one when there is one, else the drawing in the answer's language. */
  url: z.string(),
  /** Where a tap goes: a site path (`/m/activity…`) or an https address; null when it goes nowhere. */
  linkUrl: z.string().nullable(),
  /** `self` for site paths, `blank` (new tab) for other sites; null without a link. */
  linkTarget: z.enum(['self', 'blank']).nullable(),
  /** Lower first. */
  sort: z.number().int(),
});
export type Banner = z.infer<typeof banner>;
export const bannerList = z.object({ list: z.array(banner) });
export type BannerList = z.infer<typeof bannerList>;

export const announcement = z.object({
  id: contentId,
  type: z.enum(ANNOUNCEMENT_TYPES),
  /** Where it is shown (`notice`, `m_home`…); null for everywhere. */
  groupName: z.string().nullable(),
  title: z.string(),
  /** As written (may hold HTML); sanitise before showing. */
  content: z.string(),
  /** The content as plain text on one line (the marquee), at most 300 characters. */
  summary: z.string(),
  /** Publication time, ISO 8601. */
  date: z.string(),
  /** Shown in the marquee. */
  popular: z.boolean(),
  /** The member has opened it; absent for visitors. */
  read: z.boolean().optional(),
});
export type Announcement = z.infer<typeof announcement>;

export const popularAnnouncementsQuery = z.object({ ...contentLangQuery });
export const popularAnnouncements = z.object({ list: z.array(announcement) });
export type PopularAnnouncements = z.infer<typeof popularAnnouncements>;

// ——— service and footer links (product.md §2 quick-nav, customer service popup, side menu, footer) ———

export const socialLink = z.object({
  type: z.enum(SOCIAL_LINK_TYPES),
  url: z.string(),
  label: z.string(),
});
export type SocialLink = z.infer<typeof socialLink>;

/**
 * The customer-service popup and quick-nav (cache key `service_link`): the status info's
 * customer-service links and resources, with the social links.
 */
export const serviceLinks = z.object({
  customerService: z.array(customerServiceLink),
  resources: z.array(resourceLink),
  socialLinks: z.array(socialLink),
});
export type ServiceLinks = z.infer<typeof serviceLinks>;

export const footerLogo = z.object({
  id: contentId,
  name: z.string(),
  /** Generated SVG. */
  logoUrl: z.string(),
  /** Where a tap goes; null when nowhere. */
  url: z.string().nullable(),
});
export type FooterLogo = z.infer<typeof footerLogo>;
export const footerLinks = z.object({
  partners: z.array(footerLogo),
  badges: z.array(footerLogo),
  socialLinks: z.array(socialLink),
});
export type FooterLinks = z.infer<typeof footerLinks>;
export const footerLinksQuery = z.object({ ...contentLangQuery });

// ——— unread counts (product.md §6) ———

/** The unclaimed (unread) announcements of the member. */
export const announcementUnreadCount = z.object({ unreadCount: z.number().int() });
export type AnnouncementUnreadCount = z.infer<typeof announcementUnreadCount>;

/**
 * product.md §6: the inbox is for members who are not trial members. A trial member gets `offered: false`
 * and 0 (the badge is not shown); the other inbox calls refuse them with free_reject.
 */
export const inboxUnreadCount = z.object({ unreadCount: z.number().int(), offered: z.boolean() });
export type InboxUnreadCount = z.infer<typeof inboxUnreadCount>;

/** The calls of home and every page, in `contentCalls` under the same names. */
export const contentHomeCalls = {
  banners: {
    method: 'GET',
    path: '/api/banners',
    moduleId: 'COMM3',
    query: bannersQuery,
    response: bannerList,
  },
  popularAnnouncements: {
    method: 'GET',
    path: '/api/announcements/popular',
    moduleId: 'COMM3',
    query: popularAnnouncementsQuery,
    response: popularAnnouncements,
  },
  announcementUnreadCount: {
    method: 'GET',
    path: '/api/announcements/unread-count',
    moduleId: 'COMM3',
    response: announcementUnreadCount,
  },
  inboxUnreadCount: {
    method: 'GET',
    path: '/api/inbox/unread-count',
    moduleId: 'INBOX3',
    response: inboxUnreadCount,
  },
  service: {
    method: 'GET',
    path: '/api/service',
    moduleId: 'COMM3',
    query: footerLinksQuery,
    response: serviceLinks,
  },
  footerLinks: {
    method: 'GET',
    path: '/api/footer-links',
    moduleId: 'COMM3',
    query: footerLinksQuery,
    response: footerLinks,
  },
} as const satisfies ApiTable;
