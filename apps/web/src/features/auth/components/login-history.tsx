import type { LoginHistoryEntry } from '@kl/contracts/accounts';
import { isErrorCode } from '@kl/contracts/errors';
import { useTranslation } from 'react-i18next';
import { addressText } from '../lib/address.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useLoginHistory } from '../api/member-sessions.ts';
import './signed-in-sessions.css';

/**
 * The member's login history (docs/product.md, "Account security"): the last 90 days of sign-ins and of
 * refused attempts naming their username or mobile number, newest first, a page at a time. A refusal says
 * why, so that a member sees someone guessing at their password.
 */
export function LoginHistory() {
  const { t, i18n } = useTranslation();
  const history = useLoginHistory();

  if (history.isPending) return <p role="status">{t('in_please_wait')}</p>;
  if (history.isError)
    return (
      <LoadFailed className="kl-sessions" error={history.error} onRetry={() => void history.refetch()} />
    );

  const entries = history.data.pages.flatMap((page) => page.list);
  if (entries.length === 0) return <p className="kl-withdraw-note">{t('auth.logins.none')}</p>;
  const unknown = t('auth.sessions.unknown');
  const outcome = (entry: LoginHistoryEntry) =>
    entry.succeeded
      ? t('auth.logins.succeeded')
      : t('auth.logins.refused', {
          reason: t(isErrorCode(entry.reason) ? entry.reason : 'UNKNOWN_ERROR', { ns: 'errors' }),
        });
  return (
    <div className="kl-sessions">
      <ul className="kl-withdraw-list" aria-label={t('auth.logins.title')}>
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="kl-withdraw-item">
            <span
              className={
                entry.succeeded ? 'kl-withdraw-item__amount' : 'kl-withdraw-item__amount kl-sessions__refused'
              }
            >
              {outcome(entry)}
            </span>
            <span className="kl-withdraw-item__detail">
              {t('auth.logins.detail', {
                at: formatSiteDateTime(entry.at) ?? '',
                method: entry.method ? t(`auth.logins.methods.${entry.method}`) : unknown,
                device: t('auth.sessions.browserOn', {
                  browser: entry.browser ?? unknown,
                  system: entry.system ?? unknown,
                }),
                ip: addressText(t, i18n.language, entry),
              })}
            </span>
          </li>
        ))}
      </ul>
      {history.hasNextPage && (
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('auth.logins.more')}
        </button>
      )}
    </div>
  );
}
