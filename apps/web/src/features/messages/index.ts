import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * Messages (product.md §2 /m/message(s), /m/notice, /m/webEmail, message centre; §4 Announcement; §6 unread
 * counts; §7 mark read, inbox and chat counts). Light to import: the screens and the message centre
 * widget are their own chunks, the counts load their schemas with the call.
 */
export {
  ANNOUNCEMENTS_QUERY_KEY,
  ANNOUNCEMENT_LIST_QUERY_KEY,
  ANNOUNCEMENT_UNREAD_QUERY_KEY,
  CHAT_UNREAD_QUERY_KEY,
  INBOX_QUERY_KEY,
  INBOX_UNREAD_QUERY_KEY,
  NOTICE_PAGES_QUERY_KEY,
} from './api/keys.ts';
export { useAnnouncementUnreadCount, useChatUnreadCount, useInboxUnreadCount } from './api/unread-counts.ts';
export { badgeText } from './lib/badge.ts';

export const MessageCentreScreen = lazyWithPreload(() => import('./message-centre-screen.tsx'));
export const NoticeScreen = lazyWithPreload(() => import('./notice-screen.tsx'));
export const InboxScreen = lazyWithPreload(() => import('./inbox-screen.tsx'));

/** The message centre's entries as a widget (renders nothing for a visitor). */
export const MessageCentre = lazyWithPreload(() => import('./components/message-centre.tsx'));
/**
 * A count badge ('99+' above 99, nothing for 0; "<n> unread" for screen readers). Its own small
 * chunk: render it inside a Suspense boundary (fallback null).
 */
export const UnreadBadge = lazyWithPreload(() => import('./components/unread-badge.tsx'));
/** Merchant HTML, sanitised (scripts, event handlers and unsafe URLs removed): its own chunk. */
export const HtmlContent = lazyWithPreload(() => import('./components/html-content.tsx'));
