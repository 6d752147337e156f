import type { PrizeMode } from '@kl/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { clockOffset } from '../lib/clock.ts';
import { getLotteryGame } from './get-game.ts';
import { lotteryGameKey } from './keys.ts';

/**
 * One lottery with the server clock offset of its answer. When the open draw closes (or there is none),
 * the game is asked again until the next draw is open: the countdown rolls over by itself.
 */
export function useLotteryGame(target: { gameId: string } | { code: string }, prizeMode: PrizeMode) {
  const id = 'gameId' in target ? target.gameId : `code:${target.code}`;
  return useQuery({
    queryKey: lotteryGameKey(id, prizeMode),
    queryFn: async ({ signal }) => {
      const game = await getLotteryGame(target, prizeMode, { signal });
      return { game, offset: clockOffset(game.serverTime) };
    },
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const draw = data.game.openDraw;
      if (!draw) return 5_000;
      const left = Date.parse(draw.closeAt) - (Date.now() + data.offset);
      return left <= 0 ? 1_000 : Math.min(left + 300, 60_000);
    },
  });
}
