/**
 * Query keys of the feedback screen. The member's own feedback starts with ['member'], which a logout
 * removes; the captcha follows the accounts forms (['captcha', <form>]). Written out in full (no
 * spreads), so that this module has no side effect.
 */
export const FEEDBACK_QUERY_KEY = ['member', 'feedback'] as const;
export const FEEDBACK_PAGES_QUERY_KEY = ['member', 'feedback', 'pages'] as const;
export const FEEDBACK_CAPTCHA_QUERY_KEY = ['captcha', 'feedback'] as const;
