import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../use-error-text.ts';

/** A failed load or action: its localised message, and a retry when one is given. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={errorText(error)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
