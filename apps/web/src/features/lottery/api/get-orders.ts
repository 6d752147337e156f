import { lotteryOrdersPage } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** GET the member's bets on one lottery, newest first, one page. */
export async function getLotteryOrders(
  code: string,
  pageNo: number,
  pageSize: number,
  { signal }: { signal?: AbortSignal } = {},
) {
  const value = await apiCall('lotteryOrders', { query: { code, pageNo, pageSize }, signal });
  return parseAnswer(lotteryOrdersPage, value, 'lottery orders');
}
