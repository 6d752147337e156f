import { depositOrder } from '@kl/contracts/deposit';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** GET one deposit order of the member (`?orderId=`). */
export async function getDepositOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  const value = await apiCall('depositOrder', { query: { orderId }, signal });
  return parseAnswer(depositOrder, value, 'deposit order');
}
