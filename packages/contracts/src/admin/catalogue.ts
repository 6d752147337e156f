import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { GAME_TYPES, gameIdSchema, MIN_BETS } from '../games.ts';
import type { AdminCallRule } from './calls.ts';
import {
  adminGame,
  adminGameVendor,
  gameClassTags,
  gameImageField,
  gameNameField,
  minLineField,
  providerCodeField,
  sortRankField,
  vendorDisplayName,
  vendorSortOrder,
} from './games.ts';

/**
 * Setting the game catalogue up in the back office (docs/back-office.md, "Game catalogue"): vendors and
 * games added one by one, and a catalogue imported from a CSV file, checked row by row
 * (docs/decisions/046-catalogue-in-the-back-office.md).
 */

/** A new vendor's code: upper-case letters, digits and `_`, as the player calls and artwork name it. */
export const newVendorCode = z.string().regex(/^[A-Z0-9][A-Z0-9_]{0,31}$/);

/** A game provider registered for the merchant (`game_provider`), what a vendor may be played by. */
export const adminGameProvider = z.object({ code: z.string(), name: z.string(), enabled: z.boolean() });
export type AdminGameProvider = z.infer<typeof adminGameProvider>;
export const adminGameProviderList = z.object({ list: z.array(adminGameProvider) });
export type AdminGameProviderList = z.infer<typeof adminGameProviderList>;

/**
 * A vendor added to a category. `providerCode` names a registered provider; null only where the site's own
 * engine plays the games (the in-house vendor's slots, the lottery categories), where a provider is refused.
 */
export const createGameVendorRequest = z.object({
  vassalage: newVendorCode,
  gameCategory: z.enum(GAME_TYPES),
  displayName: vendorDisplayName,
  sortOrder: vendorSortOrder,
  providerCode: providerCodeField,
  enabled: z.boolean().default(true),
});
export type CreateGameVendorRequest = z.input<typeof createGameVendorRequest>;

/**
 * A game added to a vendor's category. `gameId` is the game's id at its provider (digits, unique in the
 * catalogue). Left out: `sortRank` after the vendor's games, `minLine` 1, flags off, enabled.
 */
export const createGameRequest = z.object({
  vassalage: newVendorCode,
  gameType: z.enum(GAME_TYPES),
  gameId: gameIdSchema,
  gameName: gameNameField,
  classes: gameClassTags.default([]),
  minBet: z.enum(MIN_BETS),
  minLine: minLineField.default(1),
  sortRank: sortRankField.optional(),
  hot: z.boolean().default(false),
  isNew: z.boolean().default(false),
  isTop: z.boolean().default(false),
  supportPlay: z.boolean().default(false),
  enabled: z.boolean().default(true),
  imageId: gameImageField.default(null),
});
export type CreateGameRequest = z.input<typeof createGameRequest>;

// ——— CSV import ———

/** The largest file taken (characters of its text) and its most data rows. */
export const CATALOGUE_CSV_MAX_CHARS = 512 * 1024;
export const CATALOGUE_CSV_MAX_ROWS = 2_000;

/** The columns of a catalogue file, by their header name (any order, any case). */
export const CATALOGUE_CSV_COLUMNS = [
  'vendor',
  'category',
  'gameId',
  'name',
  'classification',
  'minBet',
  'enabled',
  'hot',
  'new',
  'top',
  'position',
  'lines',
  'freePlay',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];
/** The columns every file has; the others may be left out (a game then keeps, or gets, its default). */
export const CATALOGUE_CSV_REQUIRED = [
  'vendor',
  'category',
  'gameId',
  'name',
  'classification',
  'minBet',
  'enabled',
] as const satisfies readonly CatalogueCsvColumn[];

/** Why a line of the file was refused (each shown in the operator's language). */
export const CATALOGUE_ROW_REASONS = [
  /** The file: not UTF-8, no header, a column missing, unknown or twice, too many rows, a quote left open. */
  'not_utf8',
  'empty_file',
  'column_missing',
  'column_unknown',
  'column_twice',
  'too_many_rows',
  'quote_open',
  /** A line: more or fewer fields than the header. */
  'field_count',
  /** A value. */
  'required',
  'category_unknown',
  'category_lottery',
  'vendor_unknown',
  'game_id_format',
  'game_id_repeated',
  'game_id_taken',
  'name_too_long',
  'class_unknown',
  'class_repeated',
  'min_bet_unknown',
  'not_yes_no',
  'position_invalid',
  'lines_invalid',
] as const;
export type CatalogueRowReason = (typeof CATALOGUE_ROW_REASONS)[number];

export const catalogueImportRequest = z.object({
  /** The file's text (UTF-8, a byte order mark first or not). */
  csv: z.string().min(1).max(CATALOGUE_CSV_MAX_CHARS),
  /** true: checked and reported, nothing written. */
  dryRun: z.boolean(),
});
export type CatalogueImportRequest = z.input<typeof catalogueImportRequest>;

export const catalogueRefusal = z.object({
  /** The file's line (the header is line 1). */
  line: z.number().int().min(1),
  /** The column's header name, or null for the whole line or file. */
  column: z.string().nullable(),
  reason: z.enum(CATALOGUE_ROW_REASONS),
  /** The value refused, or what the reason names (the earlier line of a repeated game id). */
  value: z.string().nullable(),
});
export type CatalogueRefusal = z.infer<typeof catalogueRefusal>;

export const catalogueImportReport = z.object({
  dryRun: z.boolean(),
  /** Data rows in the file. */
  rows: z.number().int().min(0),
  /** Games added, changed, and found as the file has them (a check counts what an import would do). */
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  /** Each refused value, by line; a refused line is neither added nor changed. */
  refused: z.array(catalogueRefusal),
  /** How many lines were refused. */
  refusedRows: z.number().int().min(0),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReport>;

export const adminCatalogueCalls = {
  adminGameProviders: {
    method: 'GET',
    path: '/api/admin/game-providers',
    moduleId: 'ADMIN',
    response: adminGameProviderList,
  },
  adminCreateGameVendor: {
    method: 'POST',
    path: '/api/admin/game-vendors',
    moduleId: 'ADMIN',
    body: createGameVendorRequest,
    response: adminGameVendor,
  },
  adminCreateGame: {
    method: 'POST',
    path: '/api/admin/games',
    moduleId: 'ADMIN',
    body: createGameRequest,
    response: adminGame,
  },
  adminImportGames: {
    method: 'POST',
    path: '/api/admin/games/import',
    moduleId: 'ADMIN',
    body: catalogueImportRequest,
    response: catalogueImportReport,
  },
} as const satisfies ApiTable;

export const adminCatalogueRules: Record<keyof typeof adminCatalogueCalls, AdminCallRule> = {
  adminGameProviders: { area: 'games', access: 'read' },
  adminCreateGameVendor: { area: 'games', access: 'write' },
  adminCreateGame: { area: 'games', access: 'write' },
  // A check writes nothing, but it is part of importing: the operators who import run it.
  adminImportGames: { area: 'games', access: 'write' },
};
