import { adminCalls } from '@kl/contracts/admin/calls';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { KYC_LIST, KYC_SUBMISSION } from './keys.ts';

/** What a decision refreshes: the list, the submission, and the member (approval may give them a payee name). */
const CHANGED = [KYC_LIST, KYC_SUBMISSION, 'member'] as const;

/**
 * Approves a submission: the first approval of a submitted one (it then awaits a second operator), or the
 * second, independent one that confirms it. A refusal is shown by the caller, beside the buttons.
 */
export function useApproveKyc() {
  const { t } = useTranslation();
  return useAdminMutation(
    (submissionId: string) => adminCall(adminCalls.adminApproveKyc, { params: { submissionId } }),
    {
      invalidates: CHANGED,
      errorMessage: false,
      successText: ({ submission }) =>
        submission.state === 'approved'
          ? t('kyc.approved', { username: submission.username })
          : t('kyc.firstApprovalRecorded'),
    },
  );
}

/** Rejects a submission with the reason the member reads; they may then send their documents again. */
export function useRejectKyc() {
  const { t } = useTranslation();
  return useAdminMutation(
    ({ submissionId, reason }: { submissionId: string; reason: string }) =>
      adminCall(adminCalls.adminRejectKyc, { params: { submissionId }, body: { reason } }),
    { invalidates: CHANGED, errorMessage: false, successText: () => t('kyc.rejected') },
  );
}
