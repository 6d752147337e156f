import { depositOrder, type CreateDepositOrderRequest } from '@kl/contracts/deposit';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST create deposit order `{ channelCode, amount }` → the order with what to pay. */
export async function createDepositOrder(request: CreateDepositOrderRequest) {
  const value = await apiCall('createDepositOrder', { body: request });
  return parseAnswer(depositOrder, value, 'deposit order');
}
