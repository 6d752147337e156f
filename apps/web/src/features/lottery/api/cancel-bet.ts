import { lotteryCalls } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST cancel an open bet before its draw closes: the stake comes back. */
export async function cancelLotteryBet(betId: string) {
  return apiCall(lotteryCalls.cancelLotteryBet, { body: { betId } });
}
