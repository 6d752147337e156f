import type { AdminWithdrawal } from '@kl/contracts/admin/money';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { useRejectWithdrawal } from './use-withdrawal-decision.ts';

/** Rejects a withdrawal with the reason the member is shown; the held money goes back to them. */
export function RejectWithdrawalModal({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reject = useRejectWithdrawal();
  const close = () => {
    reject.reset();
    onClose();
  };
  return (
    <FormModal<{ reason: string }>
      open={withdrawal !== null}
      title={t('withdrawals.rejectTitle', { username: withdrawal?.username ?? '' })}
      name="rejectWithdrawal"
      submitText={t('common.reject')}
      pending={reject.isPending}
      error={reject.error}
      onCancel={close}
      onSubmit={({ reason }) => {
        if (withdrawal)
          reject.mutate({ withdrawalId: withdrawal.requestId, reason: reason.trim() }, { onSuccess: close });
      }}
    >
      <ReasonField />
    </FormModal>
  );
}
