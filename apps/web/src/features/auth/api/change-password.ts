import { accountsCalls, type ChangePasswordRequest } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST changePassword (passWordChangeV2). */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiCall(accountsCalls.changePassword, { body: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorToast: false } });
}
