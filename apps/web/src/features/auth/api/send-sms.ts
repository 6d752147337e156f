import { accountsCalls, type SMS_PURPOSES } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

export interface SendSmsRequest {
  mobileNum: string;
  countryDialingCode: string;
  purpose: (typeof SMS_PURPOSES)[number];
  /** The captcha of GET captcha and its answer: the server sends nothing without them. */
  captchaId: string;
  captcha: string;
}

/** POST sendSms: answers when a new code may be asked (expirationTime, ISO). */
export async function sendSms(request: SendSmsRequest): Promise<{ expirationTime: string }> {
  return apiCall(accountsCalls.sendSms, { body: request });
}

export function useSendSms() {
  return useMutation({ mutationFn: sendSms, meta: { errorToast: false } });
}
