import { type ChangePaymentPasswordRequest, withdrawalCalls } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST payment password `{ oldPassword, newPassword, confirmNewPassword }`. */
export async function changePaymentPassword(request: ChangePaymentPasswordRequest) {
  return apiCall(withdrawalCalls.changePaymentPassword, { body: request });
}
