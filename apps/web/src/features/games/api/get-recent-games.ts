import { gamesCalls, GAME_CLIENT_TYPE, type GameType } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { gameLanguage } from '../lib/game-language.ts';

/** GET recent list (member): the games launched, newest first. */
export async function getRecentGames(
  query: { gameType?: GameType; page: number; pageSize: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(gamesCalls.recentGames, {
    query: { language: gameLanguage(), clientType: GAME_CLIENT_TYPE, ...query },
    signal,
  });
}
