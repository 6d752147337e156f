import { OPERATOR_USERNAME_PATTERN } from '@kl/contracts/admin/auth';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { CreateOperatorRequest, CreateOperatorResult } from '@kl/contracts/admin/operators';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { RoleFields } from './operator-fields.tsx';

/**
 * "New operator": username, role and read-only. No password: the answer's invitation link (`onCreated`,
 * shown once) is how the operator sets their own password and two-factor.
 */
export function NewOperatorModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (result: CreateOperatorResult) => void;
}) {
  const { t } = useTranslation();
  const create = useAdminMutation(
    (body: CreateOperatorRequest) => adminCall(adminCalls.adminCreateOperator, { body }),
    {
      invalidates: ['operators'],
      errorMessage: false,
      successText: (result) => t('operators.created', { username: result.operator.username }),
    },
  );
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <FormModal<CreateOperatorRequest>
      open={open}
      title={t('operators.new')}
      name="newOperator"
      submitText={t('common.create')}
      pending={create.isPending}
      error={create.error}
      initialValues={{ readOnly: false }}
      onCancel={close}
      onSubmit={(values) =>
        create.mutate(values, {
          onSuccess: (result) => {
            close();
            onCreated(result);
          },
        })
      }
    >
      <Form.Item
        name="username"
        label={t('operators.username')}
        normalize={(value: string) => value.toLowerCase()}
        rules={[
          { required: true, message: t('operators.usernameRequired') },
          { pattern: OPERATOR_USERNAME_PATTERN, message: t('operators.usernameFormat') },
        ]}
      >
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <RoleFields />
    </FormModal>
  );
}
