import { lotteryCalls } from '@kl/contracts/lottery';
import type { ServerRequest } from '../../shared/lib/server-state.ts';
import { STATUS_REQUEST } from '../system-status/server-state.ts';
import { lotteryGamesKey } from './api/keys.ts';
import type { LotteryGamesData } from './api/use-lottery-games.ts';

/**
 * What the first screen of /m/lottery shows, with the query keys the client reads them under
 * (docs/decisions/005-web-first-load.md): the system status and the lotteries with their next draws. The
 * answer has no device time of its arrival: the browser dates it from the page's opening (lib/clock.ts).
 */
export function lotteryListRequests(): ServerRequest[] {
  return [
    STATUS_REQUEST,
    {
      key: lotteryGamesKey(),
      entry: lotteryCalls.lotteryGames,
      toData: (value: Omit<LotteryGamesData, 'receivedAt'>): LotteryGamesData => ({
        ...value,
        receivedAt: null,
      }),
    },
  ];
}
