import { GAME_ART_PREFIX, type Game, VENDOR_ART_PREFIX } from '@kl/contracts/games';
import { imageUrlOf } from '@kl/contracts/images';
import { pictureVersion } from '../../platform/svg.ts';
import type { GameRow } from '../../db/schema/index.ts';

/** Between the stored rows and the API shapes of product.md §3: money, artwork addresses. */

/** '0.05' → 5: minimum bets are kept in hundredths of the game credit. */
export function minBetUnits(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** 5 → '0.05', 10 → '0.1', 75 → '0.75', 100 → '1'. */
export function minBetText(units: number): string {
  const whole = Math.floor(units / 100);
  const fraction = String(units % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * A game's artwork: the picture uploaded for it in the back office, or the one drawn from its name,
 * vendor and colour (versioned by them, so a rename draws a new one).
 */
export const gameArtUrl = (
  row: Pick<GameRow, 'gameId' | 'gameName' | 'vassalage' | 'gameType' | 'colour' | 'imageId'>,
) =>
  row.imageId
    ? imageUrlOf(row.imageId)
    : `${GAME_ART_PREFIX}${row.gameId}.webp?v=${pictureVersion(row.gameName, row.vassalage, row.gameType, row.colour)}`;

export const vendorArtUrl = (vendor: { vassalage: string; displayName: string; colour: string }) =>
  `${VENDOR_ART_PREFIX}${vendor.vassalage}.webp?v=${pictureVersion(vendor.displayName, vendor.colour)}`;

/** A row of the table, or as the search index keeps it (without trigrams and creation time). */
export function toGame(row: Omit<GameRow, 'nameTrigrams' | 'createdAt'>): Game {
  const icon = gameArtUrl(row);
  return {
    gameType: row.gameType,
    vassalage: row.vassalage,
    vendorCode: row.vendorCode,
    gameId: row.gameId,
    roomId: row.roomId,
    nodeId: row.nodeId,
    nodeName: row.nodeName,
    gameName: row.gameName,
    gameCode: row.gameCode,
    gameGroupId: row.gameGroupId,
    lottoMode: row.lottoMode,
    displayName: row.displayName,
    mobileLargeIcon: icon,
    iconUrl: icon,
    gameClassify: row.gameClassify,
    gameClassifyNew: row.classifyTags,
    supportPlay: row.supportPlay === 1 ? 1 : 0,
    isNew: row.isNew,
    isTop: row.isTop,
    minBet: minBetText(row.minBet),
    minLine: row.minLine,
  };
}
