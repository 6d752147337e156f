import type { OperatorRole } from '@kl/contracts/admin/access';
import type { Operator } from '@kl/contracts/admin/operators';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { RoleFields } from './operator-fields.tsx';
import { useUpdateOperator } from './use-update-operator.ts';

/** Changes an operator's role and read-only flag. */
export function EditOperatorModal({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateOperator({ errorMessage: false });
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <FormModal<{ role: OperatorRole; readOnly: boolean }>
      open={operator !== null}
      title={t('operators.editTitle', { username: operator?.username ?? '' })}
      name="editOperator"
      submitText={t('common.save')}
      pending={update.isPending}
      error={update.error}
      initialValues={operator ?? undefined}
      onCancel={close}
      onSubmit={(values) => {
        if (operator) update.mutate({ id: operator.id, change: values }, { onSuccess: close });
      }}
    >
      <RoleFields />
    </FormModal>
  );
}
