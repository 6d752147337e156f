import type { GameType } from '@kl/contracts/games';
import { GAME_ENTRY_MENU, INHOUSE_MAPPING, type GameCategory } from '@kl/contracts/routes';
import { BG_CLASSIFY, IN_HOUSE_VENDOR, isListFirst } from '@kl/contracts/games';
import type { GameSource } from '../hooks/use-game-pages.ts';

export type EntryCategory = (typeof GAME_ENTRY_MENU)[number];

/** Menu entries that are game types of the vendor structure (the others are lists of their own). */
const VENDOR_CATEGORIES: readonly string[] = ['RNG', 'FISH', 'PVP', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT'];

/** A menu entry that is a game type with vendors (its tiles are the vendors' lobbies or lists). */
export const isVendorCategory = (category: GameCategory): category is GameCategory & GameType =>
  VENDOR_CATEGORIES.includes(category);

/**
 * The game entry menu (product.md §2) in its order. E-sports and cockfight are their own entries, split
 * from sports (product.md §4); a game type the merchant has no vendor for is left out once the vendor
 * structure is known.
 */
export function entryMenu(categoriesWithVendors: readonly string[] | undefined): EntryCategory[] {
  return GAME_ENTRY_MENU.filter(
    (category) =>
      !isVendorCategory(category) ||
      categoriesWithVendors === undefined ||
      categoriesWithVendors.includes(category),
  );
}

/** RNG, FISH and PVP open the game list route; the other entries switch the tab (product.md §2). */
export const opensGameList = (category: GameCategory): category is 'RNG' | 'FISH' | 'PVP' =>
  isListFirst(category);

/** What a tab shows, for the tabs that are one list of games (HOME and the list-first types excepted). */
export function tabSource(category: GameCategory): GameSource {
  switch (category) {
    case 'HOT':
      return { kind: 'hot' };
    case 'FAV':
      return { kind: 'fav' };
    case 'RECENT':
      return { kind: 'recent' };
    case 'NEW_GAME':
      return { kind: 'search', query: { isNew: '1' } };
    case 'BGS':
      return { kind: 'search', query: { gameType: 'RNG', vassalage: IN_HOUSE_VENDOR } };
    case 'INHOUSE':
      return { kind: 'search', query: { ...INHOUSE_MAPPING } };
    case 'BG':
      return { kind: 'search', query: { gameType: 'RNG', gameClassify: BG_CLASSIFY } };
    default:
      return { kind: 'search', query: { gameType: category as GameType } };
  }
}
