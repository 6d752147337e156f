import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PasswordValues {
  username: string;
  password: string;
  /** The captcha's answer, when the server asked for one. */
  captcha?: string;
}

/** The first step of signing in: username and password (and the captcha, `children`, when asked). */
export function PasswordForm({
  initialValues,
  pending,
  onSubmit,
  children,
}: {
  initialValues?: Partial<PasswordValues>;
  pending: boolean;
  onSubmit: (values: PasswordValues) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<PasswordValues>
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
      >
        <Input autoComplete="username" autoFocus spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {children}
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
