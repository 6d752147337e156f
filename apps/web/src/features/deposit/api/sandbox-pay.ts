import { depositCalls } from '@kl/contracts/deposit';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST sandbox pay: the development gateway pays the order and calls the signed callback. */
export async function sandboxPay(orderId: string) {
  return apiCall(depositCalls.sandboxPay, { body: { orderId } });
}
