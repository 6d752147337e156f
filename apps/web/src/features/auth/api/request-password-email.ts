import { accountsCalls, type passwordEmailRequest } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST requestPasswordEmail: the server e-mails a reset link when it knows the address. */
export async function requestPasswordEmail(request: z.infer<typeof passwordEmailRequest>): Promise<void> {
  await apiCall(accountsCalls.requestPasswordEmail, { body: request });
}

export function useRequestPasswordEmail() {
  return useMutation({ mutationFn: requestPasswordEmail, meta: { errorToast: false } });
}
