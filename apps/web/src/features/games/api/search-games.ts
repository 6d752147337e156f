import { gamesCalls, type GameSearchQuery, type GameSearchResult } from '@kl/contracts/games';
import { GAME_PLATFORM } from '@kl/contracts/constants';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { gameLanguage } from '../lib/game-language.ts';

/** GET game list (product.md §3 Game search query) → games, pageNum, totalPages. */
export type SearchQuery = Omit<GameSearchQuery, 'pageNo' | 'pageSize' | 'minLine'> & {
  pageNo: number;
  pageSize: number;
  minLine?: number;
};

export async function searchGames(
  query: SearchQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<GameSearchResult> {
  return apiCall(gamesCalls.gameSearch, {
    query: { platform: GAME_PLATFORM, language: gameLanguage(), ...query },
    signal,
  });
}
