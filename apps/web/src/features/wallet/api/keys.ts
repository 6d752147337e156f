/**
 * Query key of the member's wallet. It starts with ['member'], which a logout drops. No zod here: a screen
 * that only refreshes the balance (after a deposit) imports it without the parser.
 */
export const WALLET_QUERY_KEY = ['member', 'wallet'] as const;

/** Query key of the member's turnover: under the wallet's, so refreshing the wallet refreshes it too. */
export const TURNOVER_QUERY_KEY = [...WALLET_QUERY_KEY, 'turnover'] as const;
