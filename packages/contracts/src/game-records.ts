import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { GAME_TYPES } from './games.ts';
import { moneySchema } from './wallet-balance.ts';
import { fromBeforeTo, pageParams } from './paging.ts';

/**
 * Game records (product.md §7 "reports, game records"): the rounds a member played. A game that takes bets
 * records each round when the stake is taken (`open`) and settles it when the outcome is known
 * (`settled` with its payout, or `cancelled` when the stake was given back). The money itself moves
 * through the ledger (bet, win, reversal); a round only names the ledger transactions.
 *
 * Amounts are integers in the minor unit of `currency` (VND: whole đồng).
 */

export const GAME_ROUND_STATUSES = ['open', 'settled', 'cancelled'] as const;
export type GameRoundStatus = (typeof GAME_ROUND_STATUSES)[number];

/** Game record pages: default and largest page size. */
export const GAME_RECORD_PAGE_SIZE = { default: 20, max: 100 } as const;

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * GET game records: the member's rounds, newest first, paged. `from` (inclusive) and `to` (exclusive) are
 * ISO 8601 times with an offset (`2030-03-01T00:00:00+07:00`) and bound the round's start; `gameType` and
 * `status` narrow it further.
 */
export const gameRecordsQuery = z
  .object({
    ...pageParams(GAME_RECORD_PAGE_SIZE),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    gameType: z.enum(GAME_TYPES).optional(),
    status: z.enum(GAME_ROUND_STATUSES).optional(),
  })
  .refine(...fromBeforeTo);
export type GameRecordsQuery = z.input<typeof gameRecordsQuery>;

/** One round as the member sees it. */
export const gameRecord = z.object({
  /** The record's id. */
  id: z.string(),
  /** The round's id at its provider (unique per vendor and member: players of a live table share one). */
  roundId: z.string(),
  gameType: z.enum(GAME_TYPES),
  vendorCode: z.string(),
  gameId: z.string(),
  nodeId: z.string(),
  gameName: z.string(),
  currency: z.string(),
  stake: moneySchema,
  /** What the round paid back (0 while open or when lost; the stake when cancelled). */
  payout: moneySchema,
  /** payout − stake for a settled round; 0 for a cancelled one; −stake while open. */
  net: z.number().int(),
  status: z.enum(GAME_ROUND_STATUSES),
  /** ISO 8601: when the stake was taken. */
  createdAt: z.string(),
  /** ISO 8601: when it was settled or cancelled; null while open. */
  settledAt: z.string().nullable(),
});
export type GameRecord = z.infer<typeof gameRecord>;

/**
 * Sums of every round the filter selects (all pages), cancelled rounds left out: `stake` staked,
 * `payout` paid back, `net` = payout − stake (negative when the member lost overall).
 */
export const gameRecordTotals = z.object({
  rounds: z.number().int().min(0),
  stake: moneySchema,
  payout: moneySchema,
  net: z.number().int(),
});
export type GameRecordTotals = z.infer<typeof gameRecordTotals>;

export const gameRecords = z.object({
  list: z.array(gameRecord),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  totals: gameRecordTotals,
  currency: z.string(),
});
export type GameRecords = z.infer<typeof gameRecords>;

/** The game records calls of the API table (api-paths.ts composes every domain's calls). */
export const gameRecordsCalls = {
  gameRecords: {
    method: 'GET',
    path: '/api/game-records',
    moduleId: 'MEMTRANS3',
    query: gameRecordsQuery,
    response: gameRecords,
  },
} as const satisfies ApiTable;
