import { adminCalls } from '@kl/contracts/admin/calls';
import type { Operator } from '@kl/contracts/admin/operators';
import { Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { atLeastOne } from '../../shared/ui/checkbox-rules.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { ReasonField } from '../../shared/ui/reason-field.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

interface ResetValues {
  what: ('password' | 'twoFactor')[];
  reason: string;
}

/**
 * "Request reset": what of another operator's sign-in to reset (password, two-factor or both) and why. It
 * waits for a different owner's approval (the requests list above the operators).
 */
export function RequestResetModal({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const { t } = useTranslation();
  const username = operator?.username ?? '';
  const ask = useAdminMutation(
    ({ id, values }: { id: string; values: ResetValues }) =>
      adminCall(adminCalls.adminRequestOperatorReset, {
        params: { operatorId: id },
        body: {
          password: values.what.includes('password'),
          twoFactor: values.what.includes('twoFactor'),
          note: values.reason,
        },
      }),
    {
      invalidates: ['operator-requests'],
      errorMessage: false,
      successText: (request) => t('operators.resetAsked', { username: request.targetLabel }),
    },
  );
  const close = () => {
    ask.reset();
    onClose();
  };
  return (
    <FormModal<ResetValues>
      open={operator !== null}
      title={t('operators.requestResetTitle', { username })}
      name="requestReset"
      submitText={t('operators.resetSubmit')}
      pending={ask.isPending}
      error={ask.error}
      initialValues={{ what: ['password', 'twoFactor'] }}
      onCancel={close}
      onSubmit={(values) => {
        if (operator) ask.mutate({ id: operator.id, values }, { onSuccess: close });
      }}
    >
      <Typography.Paragraph>{t('operators.resetIntro')}</Typography.Paragraph>
      <Form.Item
        name="what"
        label={t('operators.resetWhat')}
        rules={[atLeastOne(t('operators.resetWhatRequired'))]}
      >
        <Checkbox.Group
          role="group"
          aria-label={t('operators.resetWhat')}
          options={[
            { value: 'password', label: t('operators.resetPassword') },
            { value: 'twoFactor', label: t('operators.resetTwoFactor') },
          ]}
        />
      </Form.Item>
      <ReasonField max={500} />
    </FormModal>
  );
}
