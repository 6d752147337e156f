import { type CreateDepositOrderRequest, depositCalls } from '@kl/contracts/deposit';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST create deposit order `{ channelCode, amount }` → the order with what to pay. */
export async function createDepositOrder(request: CreateDepositOrderRequest) {
  return apiCall(depositCalls.createDepositOrder, { body: request });
}
