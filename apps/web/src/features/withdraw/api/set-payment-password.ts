import { paymentPasswordState, type SetPaymentPasswordRequest } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** PUT payment password `{ password, confirmPassword }`: the first one. */
export async function setPaymentPassword(request: SetPaymentPasswordRequest) {
  const value = await apiCall('setPaymentPassword', { body: request });
  return parseAnswer(paymentPasswordState, value, 'payment password state');
}
