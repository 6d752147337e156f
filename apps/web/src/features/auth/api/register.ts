import type { RegistrationPayload, SessionInfo } from '@kl/contracts/accounts';
import { DEVICE_HEADER, DEVICE_ID_HEADER } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { deviceHeaderValue, deviceId } from '../../../shared/lib/device.ts';
import { readSessionInfo } from './session-answer.ts';

export type RegisterMethod = 'username' | 'mobile';

/** PUT register (username method) or registerMobile (mobile method); answers the new session. */
export async function register({
  method,
  payload,
}: {
  method: RegisterMethod;
  payload: RegistrationPayload;
}): Promise<SessionInfo> {
  const value = await apiCall(method === 'mobile' ? 'registerMobile' : 'register', {
    body: payload,
    headers: { [DEVICE_HEADER]: deviceHeaderValue(), [DEVICE_ID_HEADER]: deviceId() },
  });
  return readSessionInfo(value);
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { errorToast: false } });
}
