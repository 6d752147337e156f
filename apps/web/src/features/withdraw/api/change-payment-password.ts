import { paymentPasswordState, type ChangePaymentPasswordRequest } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST payment password `{ oldPassword, newPassword, confirmNewPassword }`. */
export async function changePaymentPassword(request: ChangePaymentPasswordRequest) {
  const value = await apiCall('changePaymentPassword', { body: request });
  return parseAnswer(paymentPasswordState, value, 'payment password state');
}
