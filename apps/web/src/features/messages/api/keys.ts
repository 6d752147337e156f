/**
 * Query keys of the announcements, the inbox and the chat count. Other features (the side menu's
 * unclaimed count, home widgets) use the same keys through index.ts, so one invalidation refreshes
 * every place a count shows.
 *
 * - Everything about announcements starts with ANNOUNCEMENTS_QUERY_KEY (open to visitors; a member's
 *   entries carry the user name).
 * - The inbox and the chat count are the member's own data: they start with ['member'], which a
 *   logout removes.
 *
 * Written out in full (no spreads): this module then has no side effect, so importing index.ts adds
 * nothing to the first load.
 */
export const ANNOUNCEMENTS_QUERY_KEY = ['announcements'] as const;
export const NOTICE_PAGES_QUERY_KEY = ['announcements', 'notice'] as const;
export const ANNOUNCEMENT_LIST_QUERY_KEY = ['announcements', 'list'] as const;
export const ANNOUNCEMENT_UNREAD_QUERY_KEY = ['announcements', 'unread-count'] as const;

export const INBOX_QUERY_KEY = ['member', 'inbox'] as const;
export const INBOX_PAGES_QUERY_KEY = ['member', 'inbox', 'pages'] as const;
export const INBOX_MESSAGE_QUERY_KEY = ['member', 'inbox', 'message'] as const;
export const INBOX_UNREAD_QUERY_KEY = ['member', 'inbox', 'unread-count'] as const;

export const CHAT_UNREAD_QUERY_KEY = ['member', 'chat', 'unread-count'] as const;
