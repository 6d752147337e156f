import { depositCalls } from '@kl/contracts/deposit';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET one deposit order of the member (`?orderId=`). */
export async function getDepositOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(depositCalls.depositOrder, { query: { orderId }, signal });
}
