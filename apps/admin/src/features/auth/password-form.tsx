import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface PasswordValues {
  username: string;
  password: string;
}

/** The first step of signing in: username and password. */
export function PasswordForm({
  initialValues,
  pending,
  onSubmit,
}: {
  initialValues?: Partial<PasswordValues>;
  pending: boolean;
  onSubmit: (values: PasswordValues) => void;
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
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
