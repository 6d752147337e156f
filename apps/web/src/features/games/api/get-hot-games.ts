import { gamesCalls, hotGamesLanguage, type Game, type GameType } from '@kl/contracts/games';
import { GAME_PLATFORM } from '@kl/contracts/constants';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { gameLanguage } from '../lib/game-language.ts';

/** GET hot (product.md §3 Hot): at most 25 games, no further pages; language UR goes as EN (product.md §5). */
export async function getHotGames(
  query: { gameType?: GameType; vassalage?: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Game[]> {
  const { list } = await apiCall(gamesCalls.hotGames, {
    query: { platform: GAME_PLATFORM, language: hotGamesLanguage(gameLanguage()), ...query },
    signal,
  });
  return list;
}
