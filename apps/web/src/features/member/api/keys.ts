/** Query keys of the member centre; the member's own data starts with ['member'] (a logout drops it). */
export const MEMBER_HISTORY_KEY = ['member', 'history'] as const;
export const MEMBER_GAME_RECORDS_KEY = ['member', 'game-records'] as const;
export const MEMBER_HEAD_ICON_KEY = ['member', 'head-icon'] as const;
export const MEMBER_PROFILE_KEY = ['member', 'profile'] as const;
