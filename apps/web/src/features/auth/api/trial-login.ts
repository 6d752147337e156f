import type { SessionInfo } from '@kl/contracts/accounts';
import { DEVICE_HEADER } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { deviceHeaderValue } from '../../../shared/lib/device.ts';
import { readSessionInfo } from './session-answer.ts';

/** POST trialLogin: a free-play (type 4) account and its session. */
export async function trialLogin(): Promise<SessionInfo> {
  return readSessionInfo(await apiCall('trialLogin', { headers: { [DEVICE_HEADER]: deviceHeaderValue() } }));
}

export function useTrialLogin() {
  return useMutation({ mutationFn: trialLogin });
}
