import { lotteryCalls } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the in-house lotteries with their next draws and the server's clock. */
export async function getLotteryGames({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(lotteryCalls.lotteryGames, { signal });
}
