import {
  LOTTERY_BET_STATUSES,
  LOTTERY_CATEGORIES,
  LOTTERY_DRAW_STATUSES,
  LOTTERY_REGIONS,
  LOTTERY_SCHEDULES,
} from '@kl/contracts/lottery';
import { PRIZE_MODES } from '@kl/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, inList, money } from './columns.ts';
import { merchantCode, memberId, ledgerTransactionId } from './references.ts';

/**
 * The in-house Vietnamese lottery (product.md §7 lottery calls, §9 prize modes and play types).
 *
 * - `lottery_game`: a lottery and its schedule (daily on some weekdays at a Vietnam time, or every N
 *   seconds), its region's result format, the play types it takes and when betting closes.
 * - `lottery_odds`: price and payout per point of each bet type per prize mode (and region, and option
 *   where it matters), with the stake limit per number per draw.
 * - `lottery_catalogue_link`: which catalogue game (games module, by its game code) opens which lottery.
 * - `lottery_draw`: one draw, created ahead with a secret seed and its SHA-256 (the commitment); the
 *   result and the seed are written together when it is drawn. An operator may void one not drawn yet
 *   (its bets refunded); a void draw is never drawn and its seed stays secret.
 * - `lottery_bet`: a member's bet on a draw, its stake's ledger `bet` and its `win` (or `reversal`).
 * - `lottery_exposure`: stakes per member, draw and selection, raised by conditional upserts so limits
 *   hold when bets arrive at once.
 */

export const lotteryGame = pgTable(
  'lottery_game',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    /** Stable code, e.g. MB, MN_HCM, MT_DNG, ST1. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    region: text('region', { enum: LOTTERY_REGIONS }).notNull(),
    /** LOTT (daily, traditional) or ELOTT (fast). */
    category: text('category', { enum: LOTTERY_CATEGORIES }).notNull(),
    /** The play types whose bet types it takes (`trad`, `ent`), the main one first. */
    playTypes: text('play_types').array().notNull(),
    schedule: text('schedule', { enum: LOTTERY_SCHEDULES }).notNull(),
    /** Daily: the weekdays it draws (0 Sunday … 6 Saturday, Vietnam time). */
    weekdays: integer('weekdays').array(),
    /** Daily: the time of the draw, HH:MM Vietnam time (UTC+7). */
    drawTime: text('draw_time'),
    /** Daily: the station drawing each weekday ("0".."6" → name), e.g. the northern rotation. */
    stations: jsonb('stations').$type<Record<string, string>>(),
    /** Interval: seconds between draws (draws at whole multiples of it since the epoch). */
    intervalSeconds: integer('interval_seconds'),
    /** Betting closes this many seconds before the draw. */
    closeSeconds: integer('close_seconds').notNull(),
    /** The most one member may stake on one draw (minor units). */
    maxPerDraw: money('max_per_draw').notNull(),
    sortOrder: integer('sort_order').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [
    uniqueIndex('lottery_game_code').on(table.merchantCode, table.code),
    check('lottery_game_region_check', inList(table.region, LOTTERY_REGIONS)),
    check('lottery_game_category_check', inList(table.category, LOTTERY_CATEGORIES)),
    check('lottery_game_schedule_check', inList(table.schedule, LOTTERY_SCHEDULES)),
    check(
      'lottery_game_schedule_fields_check',
      sql`(${table.schedule} = 'daily' and ${table.weekdays} is not null and ${table.drawTime} is not null)
        or (${table.schedule} = 'interval' and ${table.intervalSeconds} > 0)`,
    ),
    check('lottery_game_close_check', sql`${table.closeSeconds} >= 0 and ${table.maxPerDraw} > 0`),
  ],
);

export const lotteryOdds = pgTable(
  'lottery_odds',
  {
    merchantCode: merchantCode(),
    prizeMode: text('prize_mode', { enum: PRIZE_MODES }).notNull(),
    betType: text('bet_type').notNull(),
    /** MB, MN, MT, or * for every region. */
    region: text('region').notNull(),
    /** One option of the bet type (e.g. a SUM of 9), or * for every option. */
    pick: text('pick').notNull(),
    /** What one point costs (minor units). */
    pricePerPoint: money('price_per_point').notNull(),
    /** What one point pays per hit (minor units). */
    payoutPerPoint: money('payout_per_point').notNull(),
    /** The most one member may stake on one selection in one draw (minor units). */
    maxPerNumber: money('max_per_number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.prizeMode, table.betType, table.region, table.pick] }),
    check(
      'lottery_odds_amounts_check',
      sql`${table.pricePerPoint} > 0 and ${table.payoutPerPoint} > 0 and ${table.maxPerNumber} > 0`,
    ),
  ],
);

export const lotteryCatalogueLink = pgTable(
  'lottery_catalogue_link',
  {
    merchantCode: merchantCode(),
    /** The catalogue game's code (game.game_code), e.g. TCG_MIEN_BAC. */
    catalogueGameCode: text('catalogue_game_code').notNull(),
    lotteryGameId: uuid('lottery_game_id')
      .notNull()
      .references(() => lotteryGame.id),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.catalogueGameCode] })],
);

export const lotteryDraw = pgTable(
  'lottery_draw',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => lotteryGame.id),
    /** The draw's number: YYYYMMDD (daily) or YYYYMMDD-NNNN (fast, NNNN its order in the Vietnam day). */
    issue: text('issue').notNull(),
    /** The station drawing (the northern rotation, or the province). */
    station: text('station').notNull(),
    drawAt: at('draw_at').notNull(),
    closeAt: at('close_at').notNull(),
    /** Secret until drawn. */
    seed: text('seed').notNull(),
    /** SHA-256 of the seed, published from the draw's creation on. */
    seedHash: text('seed_hash').notNull(),
    status: text('status', { enum: LOTTERY_DRAW_STATUSES }).notNull(),
    result: jsonb('result').$type<Record<string, string[]>>(),
    createdAt: at('created_at').notNull(),
    drawnAt: at('drawn_at'),
    settledAt: at('settled_at'),
    /** When an operator voided it (status `void`), and why (docs/back-office.md, "Lottery draws"). */
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
  },
  (table) => [
    uniqueIndex('lottery_draw_game_time').on(table.gameId, table.drawAt),
    uniqueIndex('lottery_draw_game_issue').on(table.gameId, table.issue),
    index('lottery_draw_status_time_idx').on(table.status, table.drawAt),
    check('lottery_draw_status_check', inList(table.status, LOTTERY_DRAW_STATUSES)),
    check('lottery_draw_close_check', sql`${table.closeAt} <= ${table.drawAt}`),
    check(
      'lottery_draw_result_check',
      sql`(${table.status} in ('scheduled', 'void')) = (${table.result} is null)`,
    ),
    check('lottery_draw_void_check', sql`(${table.status} = 'void') = (${table.voidedAt} is not null)`),
  ],
);

export const lotteryBet = pgTable(
  'lottery_bet',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => lotteryDraw.id),
    gameId: uuid('game_id')
      .notNull()
      .references(() => lotteryGame.id),
    betType: text('bet_type').notNull(),
    prizeMode: text('prize_mode', { enum: PRIZE_MODES }).notNull(),
    /** Every selection: its numbers (or option). */
    selections: jsonb('selections').$type<string[][]>().notNull(),
    points: integer('points').notNull(),
    pricePerPoint: money('price_per_point').notNull(),
    /** Payout per point per hit of each selection, in the order of `selections` (strings of minor units). */
    payouts: jsonb('payouts').$type<string[]>().notNull(),
    amount: money('amount').notNull(),
    /** The client's key: the same key again answers the first bet. */
    requestKey: text('request_key').notNull(),
    /** Placed with demo money (a trial member). */
    demo: boolean('demo').notNull(),
    status: text('status', { enum: LOTTERY_BET_STATUSES }).notNull(),
    hits: integer('hits').notNull().default(0),
    payout: money('payout')
      .notNull()
      .default(sql`0`),
    betTransactionId: ledgerTransactionId('bet_transaction_id').notNull(),
    /** The `win` (won) or `reversal` (cancelled); null while open and when lost. */
    settleTransactionId: ledgerTransactionId('settle_transaction_id'),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (table) => [
    uniqueIndex('lottery_bet_request_key').on(table.memberId, table.requestKey),
    index('lottery_bet_member_created_idx').on(table.memberId, table.createdAt),
    index('lottery_bet_draw_status_idx').on(table.drawId, table.status),
    check('lottery_bet_status_check', inList(table.status, LOTTERY_BET_STATUSES)),
    check(
      'lottery_bet_amounts_check',
      sql`${table.points} >= 1 and ${table.amount} > 0 and ${table.payout} >= 0`,
    ),
    check('lottery_bet_settled_check', sql`(${table.status} = 'open') = (${table.settledAt} is null)`),
  ],
);

export const lotteryExposure = pgTable(
  'lottery_exposure',
  {
    drawId: uuid('draw_id')
      .notNull()
      .references(() => lotteryDraw.id),
    memberId: memberId(),
    /** `<betType>:<numbers>` of one selection, or `*` for the member's whole stake on the draw. */
    selectionKey: text('selection_key').notNull(),
    amount: money('amount').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.drawId, table.memberId, table.selectionKey] }),
    check('lottery_exposure_amount_check', sql`${table.amount} >= 0`),
  ],
);

export type LotteryGameRow = typeof lotteryGame.$inferSelect;
export type NewLotteryGame = typeof lotteryGame.$inferInsert;
export type LotteryOddsRow = typeof lotteryOdds.$inferSelect;
export type NewLotteryOdds = typeof lotteryOdds.$inferInsert;
export type NewLotteryCatalogueLink = typeof lotteryCatalogueLink.$inferInsert;
export type LotteryDrawRow = typeof lotteryDraw.$inferSelect;
export type LotteryBetRow = typeof lotteryBet.$inferSelect;
