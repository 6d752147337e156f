import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import type { Captcha } from './use-captcha.ts';

/**
 * The captcha the server asks for once a username has had its free sign-in checks: the picture (an image,
 * never markup), a new one, and the field of its answer (`captcha`), inside the sign-in form.
 */
export function CaptchaField({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const captchaId = captcha.challenge?.captchaId;
  // A new picture: the answer of the last one is of no use.
  useEffect(() => {
    form.setFieldValue('captcha', undefined);
  }, [form, captchaId]);
  return (
    <section aria-label={t('login.captcha')}>
      <Typography.Paragraph>{t('login.captchaIntro')}</Typography.Paragraph>
      {captcha.error ? <ErrorAlert error={captcha.error} onRetry={captcha.renew} /> : null}
      <Flex gap="small" align="center" style={{ marginBottom: 8 }}>
        {captcha.challenge ? (
          <img src={captcha.challenge.image} alt={t('login.captchaAlt')} width={150} height={50} />
        ) : (
          <Spin />
        )}
        <Button
          icon={<ReloadOutlined aria-hidden="true" />}
          aria-label={t('login.captchaRenew')}
          title={t('login.captchaRenew')}
          onClick={captcha.renew}
        />
      </Flex>
      <Form.Item
        name="captcha"
        label={t('login.captchaAnswer')}
        rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
      >
        <Input inputMode="numeric" autoComplete="off" maxLength={6} />
      </Form.Item>
    </section>
  );
}
