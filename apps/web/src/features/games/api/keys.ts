/** Query keys of the game catalogue. The member's own lists start with the member key (logout drops them). */
export const GAMES_QUERY_KEY = ['games'] as const;
export const MEMBER_GAMES_QUERY_KEY = ['member', 'games'] as const;
export const FAVOURITE_IDS_KEY = [...MEMBER_GAMES_QUERY_KEY, 'favourite-ids'] as const;
export const FAVOURITE_LIST_KEY = [...MEMBER_GAMES_QUERY_KEY, 'favourites'] as const;
export const RECENT_LIST_KEY = [...MEMBER_GAMES_QUERY_KEY, 'recent'] as const;
