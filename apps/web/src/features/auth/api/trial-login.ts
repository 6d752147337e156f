import { accountsCalls, DEVICE_HEADER, type SessionInfo } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { deviceHeaderValue } from '../../../shared/lib/device.ts';

/** POST trialLogin: a free-play (type 4) account and its session. */
export async function trialLogin(): Promise<SessionInfo> {
  return apiCall(accountsCalls.trialLogin, { headers: { [DEVICE_HEADER]: deviceHeaderValue() } });
}

export function useTrialLogin() {
  return useMutation({ mutationFn: trialLogin });
}
