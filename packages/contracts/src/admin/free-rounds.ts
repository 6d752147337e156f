/**
 * Free rounds an operator grants a member at a game provider (docs/decisions/065-provider-credits.md):
 * - `pending`: beyond the merchant's daily limits of house money given at once, waiting for a second
 *   operator;
 * - `rejected`: the second operator refused it;
 * - `active`: the provider took it: the member plays the rounds in the game;
 * - `undelivered`: granted, but the provider did not take it (not answering, refused): sent again from the
 *   back office.
 */
export const FREE_ROUNDS_STATUSES = ['pending', 'rejected', 'active', 'undelivered'] as const;
export type FreeRoundsStatus = (typeof FREE_ROUNDS_STATUSES)[number];
