import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { GAME_ROUND_STATUSES } from '../game-records.ts';
import { GAME_TYPES } from '../games.ts';
import { fromBeforeTo, pageParams } from '../paging.ts';
import { moneySchema } from '../wallet.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Bets in the back office (docs/back-office.md, "Bets"): every real member's game records (the rounds the
 * games record, product.md §7), newest first, the same rows the member's own game records show. The reports
 * area reads them, as it reads the per-game report made of them.
 */

/** What narrows the bets list and its CSV: a username prefix, the game, the round's status, its start. */
export const betFilters = {
  username: z.string().trim().max(64).optional(),
  gameType: z.enum(GAME_TYPES).optional(),
  vendorCode: z.string().trim().max(32).optional(),
  status: z.enum(GAME_ROUND_STATUSES).optional(),
  /** The round's start: `from` inclusive, `to` exclusive. */
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
};
export const adminBetsQuery = z
  .object({ ...betFilters, ...pageParams(ADMIN_PAGE_SIZE) })
  .refine(...fromBeforeTo);
export type AdminBetsQuery = z.input<typeof adminBetsQuery>;

export const adminBet = z.object({
  /** The record's id. */
  id: z.uuid(),
  /** The round's id at its provider. */
  roundId: z.string(),
  memberId: z.uuid(),
  username: z.string(),
  vendorCode: z.string(),
  gameType: z.enum(GAME_TYPES),
  gameId: z.string(),
  gameName: z.string(),
  currency: z.string(),
  stake: moneySchema,
  /** What the round paid back (0 while open or when lost; the stake when cancelled). */
  payout: moneySchema,
  /** payout − stake for a settled round; 0 for a cancelled one; −stake while open. */
  net: z.number().int(),
  status: z.enum(GAME_ROUND_STATUSES),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type AdminBet = z.infer<typeof adminBet>;
export const adminBetPage = adminPage(adminBet);
export type AdminBetPage = z.infer<typeof adminBetPage>;

export const adminBetsCalls = {
  adminBets: {
    method: 'GET',
    path: '/api/admin/bets',
    moduleId: 'ADMIN',
    query: adminBetsQuery,
    response: adminBetPage,
  },
} as const satisfies ApiTable;

export const adminBetsRules: Record<keyof typeof adminBetsCalls, AdminCallRule> = {
  adminBets: { area: 'reports', access: 'read' },
};
