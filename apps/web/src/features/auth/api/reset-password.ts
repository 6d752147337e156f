import { accountsCalls, type passwordResetRequest } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST resetPassword with the token of the e-mailed link. */
export async function resetPassword(request: z.infer<typeof passwordResetRequest>): Promise<void> {
  await apiCall(accountsCalls.resetPassword, { body: request });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { errorToast: false } });
}
