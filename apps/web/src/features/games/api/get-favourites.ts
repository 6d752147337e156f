import { favouritesResult, type GameType } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { gameLanguage } from '../lib/game-language.ts';
import { parseAnswer } from './parse.ts';

/** GET favourite list (member): content, pageNum, totalPages. */
export async function getFavourites(
  query: { gameType?: GameType; pageNo: number; pageSize: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  const value = await apiCall('favouriteList', { query: { language: gameLanguage(), ...query }, signal });
  return parseAnswer(favouritesResult, value, 'favourites');
}
