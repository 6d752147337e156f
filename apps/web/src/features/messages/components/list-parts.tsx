import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';

/** A date of the server (ISO 8601) in the device's time, as a `<time>`. */
export function ItemDate({ iso }: { iso: string }) {
  const text = formatSiteDateTime(iso);
  if (text === null) return null;
  return (
    <time className="kl-message-item__date" dateTime={iso}>
      {text}
    </time>
  );
}

/** The next page of a list, on request. */
export function LoadMoreButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="kl-message-list__more">
      <button
        type="button"
        className="kl-button kl-button--outline kl-button--small"
        disabled={loading}
        onClick={onClick}
      >
        {loading ? t('in_please_wait') : t('messages.loadMore')}
      </button>
    </div>
  );
}

/** A list or item that could not be loaded, with a way to try again. */
export function LoadFailed({ onRetry, message }: { onRetry: () => void; message: string }) {
  const { t } = useTranslation();
  return (
    <div className="kl-message-list__status" role="alert">
      <p>{message}</p>
      <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Waiting for the server. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="kl-message-list__status" role="status">
      {t('in_please_wait')}
    </p>
  );
}

/** The member's unread count above a list ("3 unread" / "All read"); nothing until known. */
export function UnreadSummary({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (count === undefined) return null;
  return (
    <p className="kl-message-list__summary" data-testid="unread-summary">
      {count > 0 ? t('messages.unreadSummary', { count }) : t('messages.allRead')}
    </p>
  );
}
