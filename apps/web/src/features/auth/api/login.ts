import { accountsCalls, type LoginPayload, type SessionInfo } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { encryptedCall } from './encrypted-call.ts';

/** POST login with the encrypted payload (product.md §3 Login payload); answers the new session. */
export async function login(payload: LoginPayload): Promise<SessionInfo> {
  return encryptedCall(accountsCalls.login, payload);
}

/** The form shows login failures itself (field, captcha), so no global toast. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { errorToast: false } });
}
