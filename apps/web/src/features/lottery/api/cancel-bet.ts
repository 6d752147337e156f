import { cancelLotteryBetResult } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST cancel an open bet before its draw closes: the stake comes back. */
export async function cancelLotteryBet(betId: string) {
  const value = await apiCall('cancelLotteryBet', { body: { betId } });
  return parseAnswer(cancelLotteryBetResult, value, 'lottery cancel');
}
