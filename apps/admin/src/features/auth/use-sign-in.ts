import type { AdminLoginRequest, AdminLoginResult, OperatorSelf } from '@kl/contracts/admin/auth';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AcceptInvitationRequest } from '@kl/contracts/admin/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '../../shared/api.ts';
import { setMerchantTimeZone } from '../../shared/dates.ts';
import { OPERATOR_QUERY_KEY } from '../../shared/session.ts';
import { sessionStarted } from '../../shared/session-events.ts';

/** A step that may sign in: a signed-in answer becomes the cached operator (the app leaves the screen). */
function useSessionStep<B>(send: (body: B) => Promise<AdminLoginResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      if (answer.step === 'signed-in') {
        sessionStarted();
        setMerchantTimeZone(answer.operator.timeZone);
        queryClient.setQueryData<OperatorSelf | null>(OPERATOR_QUERY_KEY, answer.operator);
      }
    },
  });
}

/** POST /api/admin/session: the password, then the code. */
export const useSignIn = () =>
  useSessionStep((body: AdminLoginRequest) => adminCall(adminCalls.adminLogin, { body }));

/** POST /api/admin/invitation: the password through the link, then the code, which uses the link up. */
export const useAcceptInvitation = () =>
  useSessionStep((body: AcceptInvitationRequest) => adminCall(adminCalls.adminAcceptInvitation, { body }));
