import { useTranslation } from 'react-i18next';
import { messageFor } from '../lib/api-client.ts';

/**
 * A load that failed: why, in the words of the error catalogue, and a "Retry" ("Thử lại") button; announced
 * to screen readers (role="alert").
 */
export function LoadFailed({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className} role="alert">
      <p>{messageFor(error)}</p>
      <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
