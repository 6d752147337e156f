import { gamesCalls, type GameType } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { gameLanguage } from '../lib/game-language.ts';

/** GET favourite list (member): content, pageNum, totalPages. */
export async function getFavourites(
  query: { gameType?: GameType; pageNo: number; pageSize: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(gamesCalls.favouriteList, { query: { language: gameLanguage(), ...query }, signal });
}
