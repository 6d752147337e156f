import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';

/** A failed load: the localised reason and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="kl-withdraw-card" role="alert">
      <p>{messageFor(error)}</p>
      <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
