import { type CreateWithdrawalRequest, withdrawalCalls } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * POST create a withdrawal request. The same `requestKey` sent again (a retry) answers the first
 * request; the server holds the amount once.
 */
export async function createWithdrawal(request: CreateWithdrawalRequest) {
  return apiCall(withdrawalCalls.createWithdrawal, { body: request });
}
