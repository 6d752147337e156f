import { lotteryCalls } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the member's bets on one lottery, newest first, one page. */
export async function getLotteryOrders(
  code: string,
  pageNo: number,
  pageSize: number,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(lotteryCalls.lotteryOrders, { query: { code, pageNo, pageSize }, signal });
}
