import { lotteryGamesResult } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** GET the in-house lotteries with their next draws and the server's clock. */
export async function getLotteryGames({ signal }: { signal?: AbortSignal } = {}) {
  const value = await apiCall('lotteryGames', { signal });
  return parseAnswer(lotteryGamesResult, value, 'lottery games');
}
