import { useQuery } from '@tanstack/react-query';
import { clockOffset } from '../lib/clock.ts';
import { getLotteryGames } from './get-games.ts';
import { lotteryGamesKey } from './keys.ts';

/** The in-house lotteries with their next draws; asked again when the soonest draw closes. */
export function useLotteryGames() {
  return useQuery({
    queryKey: lotteryGamesKey(),
    queryFn: async ({ signal }) => {
      const answer = await getLotteryGames({ signal });
      return { ...answer, offset: clockOffset(answer.serverTime) };
    },
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const closes = data.list
        .map((game) => (game.nextDraw ? Date.parse(game.nextDraw.closeAt) : Number.POSITIVE_INFINITY))
        .reduce((soonest, at) => Math.min(soonest, at), Number.POSITIVE_INFINITY);
      const left = closes - (Date.now() + data.offset);
      return Number.isFinite(left) ? Math.min(Math.max(left + 300, 1_000), 60_000) : 60_000;
    },
  });
}
