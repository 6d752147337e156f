import { sandboxPayResult } from '@kl/contracts/deposit';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST sandbox pay: the development gateway pays the order and calls the signed callback. */
export async function sandboxPay(orderId: string) {
  const value = await apiCall('sandboxPay', { body: { orderId } });
  return parseAnswer(sandboxPayResult, value, 'sandbox payment');
}
