import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { BG_CLASSIFY, GAME_CLASSES, GAME_NAME_MAX, GAME_TYPES, MIN_BETS } from '../games.ts';
import { imageIdSchema } from '../images.ts';
import { pageParams } from '../paging.ts';
import { SLOT_TITLE_MACHINE_IDS } from '../slot.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Game vendors and games in the back office (docs/back-office.md, "Games"): what the player site lists
 * and how. A vendor or a game taken off (`enabled` false) is neither listed nor launched; a vendor off
 * takes its games with it without changing theirs. The games module reads the catalogue on every call,
 * so a change shows to players at once.
 */

/** A vendor's code (`vassalage`) or a catalogue code, as the player calls write them. */
const catalogueCode = z.string().regex(/^[A-Za-z0-9_]{1,32}$/);

/** A vendor's name on the site. */
export const vendorDisplayName = z.string().trim().min(1).max(64);
/** A vendor's place in its category (lower first). */
export const vendorSortOrder = z.number().int().min(0).max(10_000);
/** A registered game provider's code (`game_provider.code`), or null: the site's own engine. */
export const providerCodeField = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{1,31}$/)
  .nullable();

/** The classes a game is found by in the player's filters: the slot classes and the BG family. */
export const GAME_CLASS_TAGS = [...GAME_CLASSES, BG_CLASSIFY] as const;
export type GameClassTag = (typeof GAME_CLASS_TAGS)[number];
export const gameClassTags = z
  .array(z.enum(GAME_CLASS_TAGS))
  .max(GAME_CLASS_TAGS.length)
  .refine((tags) => new Set(tags).size === tags.length, { message: 'a class given twice' });
/** A game's name (one name: the catalogue keeps the vendor's name of a game, in every language). */
export const gameNameField = z.string().trim().min(1).max(GAME_NAME_MAX);
/** The largest list position (the demo catalogue's run to a few million: top, then vendor, then game). */
export const SORT_RANK_MAX = 10_000_000;
/** A game's position in lists (lower first). */
export const sortRankField = z.number().int().min(0).max(SORT_RANK_MAX);
/** Lines of a slot (1 for games without lines). */
export const minLineField = z.number().int().min(1).max(1024);

/** A vendor in one category (a vendor serving several categories is one row in each). */
export const adminGameVendor = z.object({
  vassalage: z.string(),
  gameCategory: z.enum(GAME_TYPES),
  displayName: z.string(),
  /** Its position in its category (lower first). */
  sortOrder: z.number().int(),
  /** False when the merchant has no launch integration for it (a deployment setting, not changed here). */
  configured: z.boolean(),
  /**
   * The game provider that plays its games (a `game_provider` of the merchant), or null where the site's
   * own engines play them (the in-house vendor's slots, the lottery): docs/decisions/027-provider-launch.md.
   */
  providerCode: z.string().nullable(),
  enabled: z.boolean(),
  /** Its games in the category, and how many of them are enabled. */
  games: z.number().int().min(0),
  enabledGames: z.number().int().min(0),
});
export type AdminGameVendor = z.infer<typeof adminGameVendor>;

/** Every vendor of the merchant, by category then order: a few dozen rows, not paged. */
export const adminGameVendorList = z.object({ list: z.array(adminGameVendor) });
export type AdminGameVendorList = z.infer<typeof adminGameVendorList>;

export const gameVendorParams = z.object({ gameCategory: z.enum(GAME_TYPES), vassalage: catalogueCode });
/** What changes of a vendor: the fields given (its code and category are its identity). */
export const updateGameVendorRequest = z
  .object({
    enabled: z.boolean().optional(),
    displayName: vendorDisplayName.optional(),
    sortOrder: vendorSortOrder.optional(),
    providerCode: providerCodeField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing to change',
  });
export type UpdateGameVendorRequest = z.input<typeof updateGameVendorRequest>;

export const adminGame = z.object({
  /** The game's row id (what the update call names). */
  id: z.number().int().positive(),
  /** The game's id at its vendor, and its catalogue node id (what players' favourites hold). */
  gameId: z.string(),
  nodeId: z.string(),
  gameName: z.string(),
  gameType: z.enum(GAME_TYPES),
  vassalage: z.string(),
  /** Its vendor's display name in the category. */
  vendorName: z.string(),
  gameClassify: z.string(),
  /** Every class the player filters find it by (its `gameClassify` first). */
  classes: z.array(z.string()),
  /** Offers free play (product.md §5 supportPlay). */
  supportPlay: z.boolean(),
  enabled: z.boolean(),
  /** Whether its vendor is enabled in the category (a game of a vendor off is not listed either). */
  vendorEnabled: z.boolean(),
  /** Listed among the hot games, at `hotRank` (lower first). */
  hot: z.boolean(),
  hotRank: z.number().int().nullable(),
  isNew: z.boolean(),
  isTop: z.boolean(),
  /** Position in lists (lower first). */
  sortRank: z.number().int(),
  /** A value of the player site's minimum bet filter, in game credits ('0.05'). */
  minBet: z.string(),
  minLine: z.number().int(),
  /**
   * Its uploaded artwork (a picture made for `game_art`, shown on its card); null: the artwork drawn
   * from its name, vendor and colour.
   */
  imageId: imageIdSchema.nullable(),
  /**
   * The studio machine an in-house slot title opens (docs/decisions/061-slot-studio.md); null for every other
   * game.
   */
  slotMachine: z.string().nullable(),
  /** The artwork the player site shows (uploaded or drawn). */
  iconUrl: z.string(),
});
export type AdminGame = z.infer<typeof adminGame>;

/** A game's artwork: one of the merchant's pictures made for `game_art`, or null for the drawn one. */
export const gameImageField = imageIdSchema.nullable();

/** `true` / `false` of a query string. */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const adminGamesQuery = z.object({
  gameCategory: z.enum(GAME_TYPES).optional(),
  vassalage: catalogueCode.optional(),
  /** Anywhere in the name, without regard to case or diacritics. */
  name: z.string().trim().max(GAME_NAME_MAX).optional(),
  enabled: flag.optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminGamesQuery = z.input<typeof adminGamesQuery>;

/** In list order (position, then id). */
export const adminGamePage = adminPage(adminGame);
export type AdminGamePage = z.infer<typeof adminGamePage>;

export const gameParams = z.object({ id: z.coerce.number<number>().int().positive() });

/**
 * What changes: the fields given (a game's vendor, category and game id are its identity, kept by its
 * rounds and favourites: docs/decisions/046-catalogue-in-the-back-office.md). `hot` true puts a game not hot yet last among the hot games; false takes
 * it out. `minBet` is one of the values of the player site's filter.
 */
export const updateGameRequest = z
  .object({
    enabled: z.boolean().optional(),
    hot: z.boolean().optional(),
    isNew: z.boolean().optional(),
    isTop: z.boolean().optional(),
    sortRank: sortRankField.optional(),
    minBet: z.enum(MIN_BETS).optional(),
    gameName: gameNameField.optional(),
    classes: gameClassTags.optional(),
    minLine: minLineField.optional(),
    supportPlay: z.boolean().optional(),
    imageId: gameImageField.optional(),
    /** Another studio machine for an in-house slot title; rounds played keep the machine they were played on. */
    slotMachine: z.enum(SLOT_TITLE_MACHINE_IDS).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing to change',
  });
export type UpdateGameRequest = z.input<typeof updateGameRequest>;

/** The games area's calls (composed into adminCalls, calls.ts). */
export const adminGamesCalls = {
  adminGameVendors: {
    method: 'GET',
    path: '/api/admin/game-vendors',
    moduleId: 'ADMIN',
    response: adminGameVendorList,
  },
  adminUpdateGameVendor: {
    method: 'PUT',
    path: '/api/admin/game-vendors/:gameCategory/:vassalage',
    moduleId: 'ADMIN',
    params: gameVendorParams,
    body: updateGameVendorRequest,
    response: adminGameVendor,
  },
  adminGames: {
    method: 'GET',
    path: '/api/admin/games',
    moduleId: 'ADMIN',
    query: adminGamesQuery,
    response: adminGamePage,
  },
  adminUpdateGame: {
    method: 'PUT',
    path: '/api/admin/games/:id',
    moduleId: 'ADMIN',
    params: gameParams,
    body: updateGameRequest,
    response: adminGame,
  },
} as const satisfies ApiTable;

export const adminGamesRules: Record<keyof typeof adminGamesCalls, AdminCallRule> = {
  adminGameVendors: { area: 'games', access: 'read' },
  adminUpdateGameVendor: { area: 'games', access: 'write' },
  adminGames: { area: 'games', access: 'read' },
  adminUpdateGame: { area: 'games', access: 'write' },
};
