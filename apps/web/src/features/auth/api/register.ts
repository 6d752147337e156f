import {
  accountsCalls,
  DEVICE_HEADER,
  DEVICE_ID_HEADER,
  type RegistrationPayload,
  type SessionInfo,
} from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { deviceHeaderValue, deviceId } from '../../../shared/lib/device.ts';

export type RegisterMethod = 'username' | 'mobile';

/** PUT register (username method) or registerMobile (mobile method); answers the new session. */
export async function register({
  method,
  payload,
}: {
  method: RegisterMethod;
  payload: RegistrationPayload;
}): Promise<SessionInfo> {
  return apiCall(method === 'mobile' ? accountsCalls.registerMobile : accountsCalls.register, {
    body: payload,
    headers: { [DEVICE_HEADER]: deviceHeaderValue(), [DEVICE_ID_HEADER]: deviceId() },
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { errorToast: false } });
}
