import { type SetPaymentPasswordRequest, withdrawalCalls } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** PUT payment password `{ password, confirmPassword }`: the first one. */
export async function setPaymentPassword(request: SetPaymentPasswordRequest) {
  return apiCall(withdrawalCalls.setPaymentPassword, { body: request });
}
