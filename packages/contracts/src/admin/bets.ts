import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { GAME_ROUND_STATUSES, gameRecord } from '../game-records.ts';
import { GAME_TYPES } from '../games.ts';
import { fromBeforeTo, pageParams } from '../paging.ts';
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

/** A round as the member's own game records show it, and whose it is. */
export const adminBet = gameRecord.extend({ memberId: z.uuid(), username: z.string() });
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
