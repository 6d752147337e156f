import { KeyOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { ChangeOwnPasswordRequest } from '@kl/contracts/admin/credentials';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { CodeField } from './code-form.tsx';
import { confirmRules, newPasswordRules } from './password-rules.ts';

type ChangePasswordValues = ChangeOwnPasswordRequest & { confirm: string };

/**
 * "Change password" in the header: the signed-in operator's own new password, with the current one and a
 * code of their authenticator app. Their other sessions end (the answer says how many).
 */
export function ChangePasswordButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const change = useAdminMutation(
    (body: ChangeOwnPasswordRequest) => adminCall(adminCalls.adminChangePassword, { body }),
    {
      invalidates: [],
      errorMessage: false,
      successText: (result) => t('password.changed', { count: result.endedSessions }),
    },
  );
  const close = () => {
    change.reset();
    setOpen(false);
  };
  return (
    <>
      <Button icon={<KeyOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('layout.changePassword')}
      </Button>
      <FormModal<ChangePasswordValues>
        open={open}
        title={t('password.change')}
        name="changePassword"
        submitText={t('password.change')}
        pending={change.isPending}
        error={change.error}
        onCancel={close}
        onSubmit={({ confirm: _confirm, ...body }) =>
          change.mutate({ ...body, code: body.code.trim() }, { onSuccess: close })
        }
      >
        <Typography.Paragraph>{t('password.intro')}</Typography.Paragraph>
        <Form.Item
          name="currentPassword"
          label={t('password.current')}
          rules={[{ required: true, message: t('password.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} rules={newPasswordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={confirmRules(t, 'newPassword')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <CodeField />
      </FormModal>
    </>
  );
}
