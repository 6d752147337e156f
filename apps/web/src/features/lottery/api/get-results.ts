import { lotteryCalls } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the drawn results of one lottery, newest first, seeds revealed. */
export async function getLotteryResults(
  code: string,
  pageSize: number,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(lotteryCalls.lotteryResults, { query: { code, pageNo: 1, pageSize }, signal });
}
