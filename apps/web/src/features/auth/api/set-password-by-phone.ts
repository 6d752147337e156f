import { accountsCalls, type setPasswordByPhonePayload } from '@kl/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { encryptedCall } from './encrypted-call.ts';

/** POST setPasswordByPhone (CHNGPASSVERIF3), the payload encrypted like the login's. */
export async function setPasswordByPhone(payload: z.infer<typeof setPasswordByPhonePayload>): Promise<void> {
  await encryptedCall(accountsCalls.setPasswordByPhone, payload);
}

export function useSetPasswordByPhone() {
  return useMutation({ mutationFn: setPasswordByPhone, meta: { errorToast: false } });
}
