import { adminCalls } from '@kl/contracts/admin/calls';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** What approve and reject refresh: the queue, the member's balances and the dashboard's counts. */
const CHANGED = ['withdrawals', 'member', 'dashboard'] as const;

export function useApproveWithdrawal() {
  const { t } = useTranslation();
  return useAdminMutation(
    (withdrawalId: string) => adminCall(adminCalls.adminApproveWithdrawal, { params: { withdrawalId } }),
    {
      invalidates: CHANGED,
      successText: (decision) =>
        decision.awaitingSecondApproval ? t('withdrawals.firstApprovalRecorded') : t('withdrawals.approved'),
    },
  );
}

export function useRejectWithdrawal() {
  const { t } = useTranslation();
  return useAdminMutation(
    ({ withdrawalId, reason }: { withdrawalId: string; reason: string }) =>
      adminCall(adminCalls.adminRejectWithdrawal, { params: { withdrawalId }, body: { reason } }),
    { invalidates: CHANGED, errorMessage: false, successText: () => t('withdrawals.rejected') },
  );
}
