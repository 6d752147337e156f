import { Button, Flex, Form, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { svgDataUrl, type SignInStep } from './sign-in-steps.ts';

/** The field of a 6-digit code of the authenticator app (`code`). */
export function CodeField({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="code"
      label={t('login.code')}
      rules={[
        { required: true, message: t('login.codeRequired') },
        { pattern: /^\s*\d{6}\s*$/, message: t('login.codeFormat') },
      ]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus={autoFocus} />
    </Form.Item>
  );
}

export interface CodeValues {
  code: string;
  /** The captcha's answer, when the server asked for one. */
  captcha?: string;
}

/**
 * The second step: a 6-digit code of the authenticator app. When two-factor is enrolled (the first
 * sign-in of an operator made on the command line, or an invitation link) the new secret is shown first,
 * as a QR code (an image, never markup) and as text to type or copy. `children`: the captcha, when asked.
 */
export function CodeForm({
  step,
  pending,
  onSubmit,
  onBack,
  children,
}: {
  step: Exclude<SignInStep, { step: 'password' }>;
  pending: boolean;
  onSubmit: (values: CodeValues) => void;
  onBack: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="small">
      {step.step === 'enrol' ? (
        <section aria-label={t('login.enrolTitle')}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t('login.enrolTitle')}
          </Typography.Title>
          <Typography.Paragraph>{t('login.enrolIntro')}</Typography.Paragraph>
          <Flex justify="center">
            <img src={svgDataUrl(step.qrSvg)} alt={t('login.qrAlt')} width={200} height={200} />
          </Flex>
          <Typography.Paragraph>
            {t('login.secretLabel')}{' '}
            <Typography.Text code copyable={{ text: step.secret }} data-testid="totp-secret">
              {step.secret}
            </Typography.Text>
          </Typography.Paragraph>
        </section>
      ) : (
        <Typography.Paragraph>{t('login.codeIntro')}</Typography.Paragraph>
      )}
      <Form<CodeValues>
        name="code"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => onSubmit({ ...values, code: values.code.trim() })}
      >
        <CodeField autoFocus />
        {children}
        <Flex gap="small">
          <Button onClick={onBack}>{t('login.back')}</Button>
          <Button type="primary" htmlType="submit" loading={pending} style={{ flex: 1 }}>
            {t('login.verify')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
