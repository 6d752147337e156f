import { WINNER_BOARD } from '@kl/contracts/constants';
import { gamesCalls, type GameType } from '@kl/contracts/games';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { gameLanguage } from '../lib/game-language.ts';
import { GAMES_QUERY_KEY } from './keys.ts';

/** GET winner board (product.md §7: gameCategory, language, limitNum 100; value.list), newest first. */
export async function getWinners(gameCategory: GameType, { signal }: { signal?: AbortSignal } = {}) {
  const { list } = await apiCall(gamesCalls.winnerBoard, {
    query: { gameCategory, language: gameLanguage(), limitNum: WINNER_BOARD.entries },
    signal,
  });
  return list;
}

export const winnersQueryOptions = (gameCategory: GameType) =>
  queryOptions({
    queryKey: [...GAMES_QUERY_KEY, 'winners', gameCategory],
    queryFn: ({ signal }) => getWinners(gameCategory, { signal }),
    staleTime: 60_000,
  });
