import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminApiError } from '../../shared/api.ts';
import { useErrorText } from '../../shared/use-error-text.ts';

/** Whether a refusal of the sign-in says that the next attempt needs a captcha. */
export function asksForCaptcha(error: unknown): boolean {
  return error instanceof AdminApiError && error.value?.captchaRequired === true;
}

/** A refused sign-in step: its message, and how long to wait when the server said so. */
export function SignInError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const wait = error instanceof AdminApiError ? error.value?.retryAfterSeconds : undefined;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={errorText(error)}
      description={
        typeof wait === 'number' && wait > 0 ? t('login.waitSeconds', { seconds: wait }) : undefined
      }
    />
  );
}
