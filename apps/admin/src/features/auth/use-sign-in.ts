import type { AdminLoginRequest, OperatorSelf } from '@kl/contracts/admin/auth';
import { adminCalls } from '@kl/contracts/admin/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '../../shared/api.ts';
import { OPERATOR_QUERY_KEY } from '../../shared/session.ts';
import { sessionStarted } from '../../shared/session-events.ts';

/** POST /api/admin/session; a signed-in answer becomes the cached operator (the app leaves sign-in). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminLoginRequest) => adminCall(adminCalls.adminLogin, { body }),
    onSuccess: (answer) => {
      if (answer.step === 'signed-in') {
        sessionStarted();
        queryClient.setQueryData<OperatorSelf | null>(OPERATOR_QUERY_KEY, answer.operator);
      }
    },
  });
}
