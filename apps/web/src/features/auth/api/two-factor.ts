import { accountsCalls, type SessionInfo } from '@kl/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

export const TWO_FACTOR_KEY = ['member', 'two-factor'] as const;

/** GET twoFactorStatus: whether the member's two-step verification is on, and the recovery codes left. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: ({ signal }) => apiCall(accountsCalls.twoFactorStatus, { signal }),
    retry: false,
    enabled,
  });
}

/** POST: a new secret to enrol, as a QR code and as text. */
export function startTwoFactor() {
  return apiCall(accountsCalls.startTwoFactor);
}

/** POST: turns it on with a code of the new secret; answers the recovery codes, shown once. */
export function enableTwoFactor(code: string) {
  return apiCall(accountsCalls.enableTwoFactor, { body: { code } });
}

/** POST: turns it off with a code or a recovery code. */
export async function disableTwoFactor(code: string): Promise<void> {
  await apiCall(accountsCalls.disableTwoFactor, { body: { code } });
}

/** POST: the login's second step; answers the new session. */
export function loginTwoFactor(challenge: string, code: string): Promise<SessionInfo> {
  return apiCall(accountsCalls.loginTwoFactor, { body: { challenge, code } });
}
