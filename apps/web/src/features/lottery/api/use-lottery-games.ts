import type { lotteryCalls } from '@kl/contracts/lottery';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { offsetOf } from '../lib/clock.ts';
import { getLotteryGames } from './get-games.ts';
import { lotteryGamesKey } from './keys.ts';

/**
 * The lotteries' answer as the query keeps it: with the device's time it arrived, null for the answer a
 * page rendered by the server brought (features/lottery/server-state.ts).
 */
export type LotteryGamesData = z.infer<typeof lotteryCalls.lotteryGames.response> & {
  receivedAt: number | null;
};

/** The answer with the server clock's offset from this device's (one function: the query keeps its result). */
const withOffset = (data: LotteryGamesData) => ({ ...data, offset: offsetOf(data) });

/** When the soonest open draw closes, on this device's clock (Infinity without one). */
function soonestClose(data: LotteryGamesData): number {
  const closes = data.list
    .map((game) => (game.nextDraw ? Date.parse(game.nextDraw.closeAt) : Number.POSITIVE_INFINITY))
    .reduce((soonest, at) => Math.min(soonest, at), Number.POSITIVE_INFINITY);
  return closes - offsetOf(data);
}

/**
 * The in-house lotteries with their next draws: fresh until the soonest draw closes (the list a page
 * rendered by the server brought is not asked again when the app takes it over), asked again then.
 */
export function useLotteryGames() {
  return useQuery({
    queryKey: lotteryGamesKey(),
    queryFn: async ({ signal }): Promise<LotteryGamesData> => ({
      ...(await getLotteryGames({ signal })),
      receivedAt: Date.now(),
    }),
    select: withOffset,
    retry: false,
    // Counted from the answer's time (dataUpdatedAt; the server's, for the page's answer).
    staleTime: (query) => {
      const data = query.state.data;
      if (!data) return 0;
      const closes = soonestClose(data);
      return Number.isFinite(closes) ? Math.max(closes - query.state.dataUpdatedAt, 0) : 60_000;
    },
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const left = soonestClose(data) - Date.now();
      return Number.isFinite(left) ? Math.min(Math.max(left + 300, 1_000), 60_000) : 60_000;
    },
  });
}
