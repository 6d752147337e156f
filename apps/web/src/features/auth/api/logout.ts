import { memberSessionCalls } from '@kl/contracts/member-session';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** DELETE logout: the server revokes the session and clears its cookie. */
export async function logout(): Promise<void> {
  await apiCall(memberSessionCalls.logout, { quietSessionError: true });
}

export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { errorToast: false } });
}
