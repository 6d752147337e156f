import { adminCalls } from '@kl/contracts/admin/calls';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** Disables (ending the member's sessions) or enables a member, with the reason the audit log keeps. */
export function MemberStatusModal({
  memberId,
  disable,
  open,
  onClose,
}: {
  memberId: string;
  /** true: disable the member; false: enable them again. */
  disable: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useAdminMutation(
    (reason: string) =>
      adminCall(adminCalls.adminSetMemberDisabled, {
        params: { memberId },
        body: { disabled: disable, reason },
      }),
    {
      invalidates: ['members', 'member'],
      errorMessage: false,
      successText: (result) =>
        result.disabled
          ? t('members.disabledDone', { count: result.sessionsEnded })
          : t('members.enabledDone'),
    },
  );
  const close = () => {
    change.reset();
    onClose();
  };
  return (
    <FormModal<{ reason: string }>
      open={open}
      title={t(disable ? 'members.disableTitle' : 'members.enableTitle')}
      name="memberStatus"
      submitText={t(disable ? 'common.disable' : 'common.enable')}
      pending={change.isPending}
      error={change.error}
      onCancel={close}
      onSubmit={({ reason }) => change.mutate(reason.trim(), { onSuccess: close })}
    >
      <ReasonField />
    </FormModal>
  );
}
