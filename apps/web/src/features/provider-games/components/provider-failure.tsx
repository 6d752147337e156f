import { useTranslation } from 'react-i18next';
import { errorCodeOf, messageFor } from '../../../shared/lib/api-client.ts';

/**
 * Why a call to the provider failed, in the words of the error catalogue; a session the provider no
 * longer knows is the game's session, not the site's, so it says to open the game again.
 */
export function useProviderMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) =>
    errorCodeOf(error) === 'SESSION_EXPIRED' ? t('providerGames.errors.sessionEnded') : messageFor(error);
}

/** A failed call (role="alert"), with a Retry button when given one; nothing while it has not failed. */
export function ProviderFailure({
  call,
  onRetry,
  className,
}: {
  call: { isError: boolean; error: unknown };
  onRetry?: () => void;
  className: string;
}) {
  const { t } = useTranslation();
  const messageOf = useProviderMessage();
  if (!call.isError) return null;
  return (
    <div className={className} role="alert">
      <p>{messageOf(call.error)}</p>
      {onRetry && (
        <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={onRetry}>
          {t('providerGames.retry')}
        </button>
      )}
    </div>
  );
}
