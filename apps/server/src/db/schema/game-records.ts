import { GAME_ROUND_STATUSES } from '@kl/contracts/game-records';
import { GAME_TYPES } from '@kl/contracts/games';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, inList, money } from './columns.ts';
import { memberId, ledgerTransactionId } from './references.ts';

/**
 * Game records (product.md §7 "reports, game records"): one row per round a member played. The game that took
 * the bet records the round (`open`, with the ledger transaction of the stake) and settles it (`settled`
 * with the payout and its win transaction, or `cancelled` with the transaction that gave the stake back).
 * A round is known by its provider's key (`vendor_code`, `round_key`) and its member, unique per merchant,
 * so recording or settling the same round twice changes nothing. A round of an external provider (seamless wallet,
 * docs/decisions/025-provider-wallet.md) may take several stakes and wins while open: its stake and payout
 * are their sums (rolled-back stakes left out), its bet transaction the first stake's, its settle
 * transaction the last win's.
 */

export const gameRound = pgTable(
  'game_round',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    /** The provider of the round (the vendor code) and its id there. */
    vendorCode: text('vendor_code').notNull(),
    roundKey: text('round_key').notNull(),
    gameId: text('game_id').notNull(),
    nodeId: text('node_id').notNull(),
    gameType: text('game_type', { enum: GAME_TYPES }).notNull(),
    gameName: text('game_name').notNull(),
    currency: text('currency').notNull(),
    stake: money('stake').notNull(),
    /** 0 when lost (and while open, but for a provider's wins so far); the stake when cancelled. */
    payout: money('payout')
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: GAME_ROUND_STATUSES }).notNull(),
    /** The ledger transaction that took the stake (null for a round without a stake, e.g. a free spin). */
    betTransactionId: ledgerTransactionId('bet_transaction_id'),
    /** The ledger transaction that paid the payout or gave the stake back (null when nothing moved). */
    settleTransactionId: ledgerTransactionId('settle_transaction_id'),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (table) => [
    // A provider's round id may be shared by every player of a live table: a round is the member's.
    uniqueIndex('game_round_key').on(table.merchantCode, table.vendorCode, table.roundKey, table.memberId),
    index('game_round_member_created_idx').on(table.memberId, table.createdAt),
    // The back office's bets list: every member's rounds of the merchant, newest first.
    index('game_round_merchant_created_idx').on(table.merchantCode, table.createdAt, table.id),
    // A provider's rounds left open, oldest first (docs/decisions/064-open-provider-rounds.md).
    index('game_round_open_idx')
      .on(table.merchantCode, table.vendorCode, table.createdAt)
      .where(sql`${table.status} = 'open'`),
    check('game_round_status_check', inList(table.status, GAME_ROUND_STATUSES)),
    check('game_round_game_type_check', inList(table.gameType, GAME_TYPES)),
    check('game_round_amounts_check', sql`${table.stake} >= 0 and ${table.payout} >= 0`),
    // Settled (or cancelled) exactly when it has a settle time.
    check('game_round_settled_check', sql`(${table.status} = 'open') = (${table.settledAt} is null)`),
  ],
);

export type GameRoundRow = typeof gameRound.$inferSelect;
export type NewGameRound = typeof gameRound.$inferInsert;
