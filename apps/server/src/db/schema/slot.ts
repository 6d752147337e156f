import { SLOT_MONEY } from '@kl/contracts/slot';
import { sql } from 'drizzle-orm';
import {
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
import { member } from './accounts.ts';
import { at, inList, money } from './columns.ts';
import { memberId, ledgerTransactionId } from './references.ts';

/**
 * The in-house provably fair slot: each member's seeds (one active, the others revealed), the rounds
 * played (with the seed and nonce that drew them, so a revealed seed replays every one), and the
 * free-play wallet of play money that never touches the ledger.
 */

export const slotSeed = pgTable(
  'slot_seed',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    /** Secret until revealed; only its hash is shown while active. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce of the next paid round: taken (and increased) inside the round's transaction. */
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: at('created_at').notNull(),
    /** Null while active. */
    revealedAt: at('revealed_at'),
  },
  (table) => [
    uniqueIndex('slot_seed_active_key')
      .on(table.memberId)
      .where(sql`${table.revealedAt} is null`),
    index('slot_seed_member_idx').on(table.memberId, table.createdAt),
    check('slot_seed_nonce_check', sql`${table.nextNonce} >= 0`),
  ],
);

export const slotRound = pgTable(
  'slot_round',
  {
    id: uuid('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    /** The member's key of the spin request: the same key is the same round. */
    requestKey: text('request_key').notNull(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => slotSeed.id),
    nonce: integer('nonce').notNull(),
    /** The client seed at the time of the round (the member may change it between rounds). */
    clientSeed: text('client_seed').notNull(),
    money: text('money', { enum: SLOT_MONEY }).notNull(),
    gameId: text('game_id').notNull(),
    gameName: text('game_name').notNull(),
    /** The studio machine played (slot-machines/): a round replays on its own machine. */
    machineId: text('machine_id').notNull().default('golden-dragon'),
    lineBet: money('line_bet').notNull(),
    totalBet: money('total_bet').notNull(),
    totalWin: money('total_win').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** The progressive jackpot pool the round won (part of `total_win`); 0 when none. */
    jackpotWin: money('jackpot_win')
      .notNull()
      .default(sql`0`),
    /** The round's spins (base and free) as the engine played them. */
    spins: jsonb('spins').notNull(),
    /** The ledger `game_round` of a wallet round; null for play money. */
    ledgerTransactionId: ledgerTransactionId('ledger_transaction_id'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('slot_round_request_key').on(table.memberId, table.requestKey),
    uniqueIndex('slot_round_seed_nonce_key').on(table.seedId, table.nonce),
    index('slot_round_member_created_idx').on(table.memberId, table.createdAt),
    check('slot_round_money_check', inList(table.money, SLOT_MONEY)),
    check(
      'slot_round_amounts_check',
      sql`${table.lineBet} > 0 and ${table.totalBet} > 0 and ${table.totalWin} >= ${table.jackpotWin} and ${table.jackpotWin} >= 0 and ${table.balanceAfter} >= 0`,
    ),
    check('slot_round_ledger_check', sql`(${table.money} = 'play') = (${table.ledgerTransactionId} is null)`),
  ],
);

/**
 * A progressive jackpot's pool, per merchant, machine and money (real, the trial members' demo money, play
 * money): every stake on the machine adds its share; the round that shows the jackpot's symbols takes it
 * all and the pool starts again from nothing. The real and demo pools are also the ledger's
 * `house:jackpot` accounts (their sum); the play pool is play money.
 */
export const slotJackpotPool = pgTable(
  'slot_jackpot_pool',
  {
    merchantCode: text('merchant_code').notNull(),
    machineId: text('machine_id').notNull(),
    money: text('money', { enum: SLOT_MONEY }).notNull(),
    amount: money('amount')
      .notNull()
      .default(sql`0`),
    /** Rounds that won it. */
    wins: integer('wins').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.machineId, table.money] }),
    check('slot_jackpot_pool_amount_check', sql`${table.amount} >= 0`),
    check('slot_jackpot_pool_money_check', inList(table.money, SLOT_MONEY)),
  ],
);

/** A real member's free-play money (play đồng): never in the ledger, never real. */
export const slotPlayWallet = pgTable(
  'slot_play_wallet',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => member.id),
    balance: money('balance').notNull(),
    refills: integer('refills').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [check('slot_play_wallet_balance_check', sql`${table.balance} >= 0`)],
);

export type SlotSeedRow = typeof slotSeed.$inferSelect;
export type SlotJackpotPoolRow = typeof slotJackpotPool.$inferSelect;
export type SlotRoundRow = typeof slotRound.$inferSelect;
export type NewSlotRound = typeof slotRound.$inferInsert;
