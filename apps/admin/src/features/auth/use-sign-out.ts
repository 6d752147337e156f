import { adminCalls } from '@kl/contracts/admin/calls';
import { useMutation } from '@tanstack/react-query';
import { adminCall, isSessionError } from '../../shared/api.ts';
import { endSession } from '../../shared/session-events.ts';

/** DELETE /api/admin/session, then the operator's data is forgotten (an expired session too). */
export function useSignOut() {
  return useMutation({
    mutationFn: async () => {
      try {
        await adminCall(adminCalls.adminLogout);
      } catch (error) {
        if (!isSessionError(error)) throw error;
      }
    },
    onSuccess: () => endSession(),
  });
}
