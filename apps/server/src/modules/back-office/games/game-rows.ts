import type { GameClassTag } from '@kl/contracts/admin/games';
import { type GameType, LOTTERY_GAME_TYPES, type MinBet } from '@kl/contracts/games';
import { SLOT_TITLE_MACHINE_IDS } from '@kl/contracts/slot';
import {
  type GameRow,
  type GameVendorRow,
  type NewGameRow,
  launchesInHouseSlot,
  minBetText,
  minBetUnits,
  searchableName,
  trigramsOf,
} from '../../games/index.ts';

/**
 * How the back office writes a game's row from what an operator gives (a form or a CSV line): one name
 * for every language, its classes, the generated artwork's colour from its vendor
 * (docs/decisions/046-catalogue-in-the-back-office.md).
 */

export const isLotteryType = (gameType: GameType) =>
  (LOTTERY_GAME_TYPES as readonly GameType[]).includes(gameType);

/** Where the site's own engines play the games, so no provider does (docs/decisions/027-provider-launch.md). */
export const playedInHouse = (vassalage: string, gameType: GameType) =>
  launchesInHouseSlot({ vassalage, gameType }) || isLotteryType(gameType);

/**
 * The studio machine a new in-house slot title opens, picked by its game id so that a catalogue made in the
 * back office spreads its titles over the machines as the demo catalogue does
 * (docs/decisions/061-slot-studio.md); null for every other game.
 */
export function slotMachineOf(vendor: Pick<GameVendorRow, 'vassalage' | 'gameCategory'>, gameId: string) {
  if (!launchesInHouseSlot({ vassalage: vendor.vassalage, gameType: vendor.gameCategory })) return null;
  let hash = 0;
  for (const char of gameId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return SLOT_TITLE_MACHINE_IDS[hash % SLOT_TITLE_MACHINE_IDS.length] ?? null;
}

/** Colours of new vendors' artwork, picked by their code. */
const VENDOR_COLOURS = [
  '#1f7a8c',
  '#c2185b',
  '#2e7d32',
  '#e65100',
  '#5e35b1',
  '#00838f',
  '#ad1457',
  '#0277bd',
  '#6a1b9a',
  '#b71c1c',
  '#004d40',
  '#1565c0',
] as const;

export function vendorColour(vassalage: string): string {
  let hash = 0;
  for (const char of vassalage) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return VENDOR_COLOURS[hash % VENDOR_COLOURS.length] as string;
}

/** The name's columns: the same name in every place, and what name searches use. */
export function nameColumns(name: string) {
  const search = searchableName(name);
  return {
    gameName: name,
    nodeName: name,
    displayName: name,
    nameSearch: search,
    nameTrigrams: trigramsOf(search),
  };
}

/** The classes' columns: the first is its `gameClassify`, all are searched. */
export const classColumns = (classes: readonly GameClassTag[]) => ({
  gameClassify: classes[0] ?? '',
  classifyTags: [...classes],
});

/** Whether a game's classes are these, in this order (the first is its `gameClassify`). */
export const sameClasses = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** A game's code at its vendor, from its name (as the demo catalogue writes them). */
function gameCodeOf(vassalage: string, name: string): string {
  const words = searchableName(name)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase();
  return `${vassalage}_${words || 'GAME'}`.slice(0, 64);
}

/** What a new game is made of, once checked. */
export interface NewGame {
  gameId: string;
  gameName: string;
  classes: readonly GameClassTag[];
  minBet: MinBet;
  minLine: number;
  sortRank: number;
  hotRank: number | null;
  isNew: boolean;
  isTop: boolean;
  supportPlay: boolean;
  enabled: boolean;
  /** Its uploaded artwork (checked by the caller); none: drawn. */
  imageId?: string | null;
}

export function newGameRow(vendor: GameVendorRow, nodeId: number, input: NewGame): NewGameRow {
  return {
    merchantCode: vendor.merchantCode,
    nodeId: String(nodeId),
    gameId: input.gameId,
    gameType: vendor.gameCategory,
    vassalage: vendor.vassalage,
    vendorCode: vendor.vassalage,
    roomId: null,
    gameCode: gameCodeOf(vendor.vassalage, input.gameName),
    gameGroupId: null,
    lottoMode: null,
    ...nameColumns(input.gameName),
    ...classColumns(input.classes),
    supportPlay: input.supportPlay ? 1 : 0,
    enabled: input.enabled,
    isNew: input.isNew,
    isTop: input.isTop,
    minBet: minBetUnits(input.minBet),
    minLine: input.minLine,
    sortRank: input.sortRank,
    hotRank: input.hotRank,
    colour: vendor.colour,
    imageId: input.imageId ?? null,
    slotMachine: slotMachineOf(vendor, input.gameId),
  };
}

/** The position of a game added without one: after its vendor's games, or where its vendor's would start. */
export function defaultSortRank(vendor: GameVendorRow, lastOfVendor: number | null, isTop: boolean): number {
  if (lastOfVendor !== null) return lastOfVendor + 1;
  return (isTop ? 0 : 1_000_000) + vendor.sortOrder * 100_000;
}

/** A game's fields as the audit keeps them. */
export const auditedGame = (row: GameRow) => ({
  gameId: row.gameId,
  gameType: row.gameType,
  vassalage: row.vassalage,
  gameName: row.gameName,
  classes: row.classifyTags,
  enabled: row.enabled,
  hotRank: row.hotRank,
  isNew: row.isNew,
  isTop: row.isTop,
  sortRank: row.sortRank,
  minBet: minBetText(row.minBet),
  minLine: row.minLine,
  supportPlay: row.supportPlay === 1,
  imageId: row.imageId,
  slotMachine: row.slotMachine,
});
