import { lotteryResultsPage } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** GET the drawn results of one lottery, newest first, seeds revealed. */
export async function getLotteryResults(
  code: string,
  pageSize: number,
  { signal }: { signal?: AbortSignal } = {},
) {
  const value = await apiCall('lotteryResults', { query: { code, pageNo: 1, pageSize }, signal });
  return parseAnswer(lotteryResultsPage, value, 'lottery results');
}
