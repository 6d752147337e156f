import { GAME_TYPES } from '@kl/contracts/games';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { uploadedImage } from './images.ts';
import { merchantCode, memberId } from './references.ts';

/**
 * The game catalogue (product.md §3 Game, Vendor; §4 Favourites): vendors and games per merchant, members'
 * favourites and recent games, one-time launch tokens and the winner board.
 */

const gameTypeCheck = (column: unknown) =>
  sql`${column} in (${sql.raw(GAME_TYPES.map((type) => `'${type}'`).join(', '))})`;

/** A vendor in one category of a merchant (a vendor may serve several categories). */
export const gameVendor = pgTable(
  'game_vendor',
  {
    merchantCode: merchantCode(),
    vassalage: text('vassalage').notNull(),
    gameCategory: text('game_category', { enum: GAME_TYPES }).notNull(),
    displayName: text('display_name').notNull(),
    /** Order of the vendor inside its category (product.md §3 vendor structure sorting). */
    sortOrder: integer('sort_order').notNull(),
    /** Colour of its generated artwork (#rrggbb). */
    colour: text('colour').notNull(),
    /** False when the merchant has no launch integration for it: launches answer a catalogue error. */
    configured: boolean('configured').notNull().default(true),
    /**
     * The game provider whose adapter launches its games (docs/decisions/027-provider-launch.md), or null
     * for the operator's own games (the in-house slot and lottery engines).
     */
    providerCode: text('provider_code'),
    /** False when the back office took it off the site: neither it nor its games are listed or launched. */
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.vassalage, table.gameCategory] }),
    index('game_vendor_category_idx').on(table.merchantCode, table.gameCategory, table.sortOrder),
    check('game_vendor_category_check', gameTypeCheck(table.gameCategory)),
  ],
);

/** A game (product.md §3 Game). Money: min_bet in hundredths of the game credit. */
export const game = pgTable(
  'game',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: merchantCode(),
    /** Catalogue node id (digits), what favourites hold. */
    nodeId: text('node_id').notNull(),
    /** The game's id at its vendor (digits); names its artwork. */
    gameId: text('game_id').notNull(),
    gameType: text('game_type', { enum: GAME_TYPES }).notNull(),
    vassalage: text('vassalage').notNull(),
    vendorCode: text('vendor_code').notNull(),
    roomId: text('room_id'),
    nodeName: text('node_name').notNull(),
    gameName: text('game_name').notNull(),
    gameCode: text('game_code').notNull(),
    gameGroupId: text('game_group_id'),
    lottoMode: text('lotto_mode'),
    displayName: text('display_name').notNull(),
    /** Slot class (JP, SC, VP, TG, AC) or the vendor family; '' when none. */
    gameClassify: text('game_classify').notNull(),
    /** Every classification of the game; searched with `@>`. */
    classifyTags: text('classify_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    supportPlay: smallint('support_play').notNull(),
    /** False when the back office took it off the site: not listed, not launched. */
    enabled: boolean('enabled').notNull().default(true),
    isNew: boolean('is_new').notNull().default(false),
    isTop: boolean('is_top').notNull().default(false),
    minBet: integer('min_bet').notNull(),
    minLine: integer('min_line').notNull(),
    /** Position in lists (lower first: top games, then by vendor order and popularity). */
    sortRank: integer('sort_rank').notNull(),
    /** Position among hot games; null when not hot. */
    hotRank: integer('hot_rank'),
    /** Lower-cased name without diacritics, searched with LIKE. */
    nameSearch: text('name_search').notNull(),
    /** Trigrams of name_search: a GIN index narrows a name search before LIKE checks it. */
    nameTrigrams: text('name_trigrams').array().notNull(),
    /** Colour of its generated artwork (#rrggbb). */
    colour: text('colour').notNull(),
    /**
     * Artwork uploaded in the back office, shown instead of the drawn one; null: drawn from the row
     * (docs/decisions/047-uploaded-pictures.md).
     */
    imageId: text('image_id'),
    /**
     * The studio machine an in-house slot title opens (slot-machines/); null for every other game, and for
     * an in-house title without one, which opens the studio's first machine.
     */
    slotMachine: text('slot_machine'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_merchant_node_key').on(table.merchantCode, table.nodeId),
    uniqueIndex('game_merchant_game_id_key').on(table.merchantCode, table.gameId),
    index('game_type_vendor_rank_idx').on(
      table.merchantCode,
      table.gameType,
      table.vassalage,
      table.sortRank,
    ),
    index('game_type_rank_idx').on(table.merchantCode, table.gameType, table.sortRank),
    index('game_rank_idx').on(table.merchantCode, table.sortRank),
    index('game_new_rank_idx')
      .on(table.merchantCode, table.sortRank)
      .where(sql`${table.isNew}`),
    index('game_top_rank_idx')
      .on(table.merchantCode, table.sortRank)
      .where(sql`${table.isTop}`),
    index('game_hot_idx')
      .on(table.merchantCode, table.hotRank)
      .where(sql`${table.hotRank} is not null`),
    index('game_classify_tags_idx').using('gin', table.classifyTags),
    index('game_name_trigrams_idx').using('gin', table.nameTrigrams),
    check('game_type_check', gameTypeCheck(table.gameType)),
    check('game_support_play_check', sql`${table.supportPlay} in (0, 1)`),
    check('game_min_bet_check', sql`${table.minBet} > 0`),
    foreignKey({
      name: 'game_image_fk',
      columns: [table.merchantCode, table.imageId],
      foreignColumns: [uploadedImage.merchantCode, uploadedImage.id],
    }),
  ],
);

/** A member's favourite game (product.md §4 Favourites). */
export const gameFavourite = pgTable(
  'game_favourite',
  {
    memberId: memberId('cascade'),
    gameRowId: bigint('game_row_id', { mode: 'number' })
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameRowId] }),
    index('game_favourite_member_created_idx').on(table.memberId, table.createdAt),
  ],
);

/** A member's recently launched game (product.md §3 Recent), recorded on launch. */
export const gameRecent = pgTable(
  'game_recent',
  {
    memberId: memberId('cascade'),
    gameRowId: bigint('game_row_id', { mode: 'number' })
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    clientType: smallint('client_type').notNull(),
    lastPlayedAt: at('last_played_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameRowId] }),
    index('game_recent_member_played_idx').on(table.memberId, table.lastPlayedAt),
  ],
);

/** A one-time launch token: random, kept as its SHA-256, single use, short-lived, bound to member and game. */
export const gameLaunchToken = pgTable(
  'game_launch_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    memberId: memberId('cascade'),
    merchantCode: text('merchant_code').notNull(),
    /** The game launched; null for a vendor's lobby. */
    gameRowId: bigint('game_row_id', { mode: 'number' }).references(() => game.id, { onDelete: 'cascade' }),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type', { enum: GAME_TYPES }).notNull(),
    prizeMode: text('prize_mode'),
    playType: text('play_type'),
    supportPlay: smallint('support_play'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (table) => [index('game_launch_token_expires_idx').on(table.expiresAt)],
);

/** A win shown on the winner board. win_amount in minor units of currency (VND: whole đồng). */
export const gameWin = pgTable(
  'game_win',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: merchantCode(),
    gameRowId: bigint('game_row_id', { mode: 'number' })
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    gameType: text('game_type', { enum: GAME_TYPES }).notNull(),
    /** Unmasked; masked when shown. */
    customerName: text('customer_name').notNull(),
    winAmount: bigint('win_amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    wonAt: at('won_at').notNull(),
  },
  (table) => [
    index('game_win_merchant_won_idx').on(table.merchantCode, table.wonAt),
    index('game_win_type_won_idx').on(table.merchantCode, table.gameType, table.wonAt),
    check('game_win_amount_check', sql`${table.winAmount} > 0`),
  ],
);

export type GameRow = typeof game.$inferSelect;
export type NewGameRow = typeof game.$inferInsert;
export type GameVendorRow = typeof gameVendor.$inferSelect;
export type NewGameVendorRow = typeof gameVendor.$inferInsert;
