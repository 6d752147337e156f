import { OPERATOR_PASSWORD_LENGTH, OPERATOR_USERNAME_PATTERN } from '@kl/contracts/admin/auth';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { CreateOperatorRequest } from '@kl/contracts/admin/operators';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { RoleFields } from './operator-fields.tsx';

/** "New operator": username, password, role and read-only; the operator enrols two-factor at first sign-in. */
export function NewOperatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useAdminMutation(
    (body: CreateOperatorRequest) => adminCall(adminCalls.adminCreateOperator, { body }),
    {
      invalidates: ['operators'],
      errorMessage: false,
      successText: (operator) => t('operators.created', { username: operator.username }),
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
      onSubmit={(values) => create.mutate(values, { onSuccess: close })}
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
      <Form.Item
        name="password"
        label={t('operators.password')}
        rules={[
          { required: true, message: t('operators.passwordRequired') },
          {
            min: OPERATOR_PASSWORD_LENGTH.min,
            max: OPERATOR_PASSWORD_LENGTH.max,
            message: t('operators.passwordLength', OPERATOR_PASSWORD_LENGTH),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <RoleFields />
    </FormModal>
  );
}
