import type { MemberSessionEntry } from '@kl/contracts/accounts';
import { useTranslation } from 'react-i18next';
import { addressText } from '../lib/address.ts';
import { useToastedMutation } from '../../../shared/hooks/use-toasted-mutation.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import {
  endMemberSession,
  endOtherSessions,
  MEMBER_SESSIONS_KEY,
  useMemberSessions,
} from '../api/member-sessions.ts';
import './signed-in-sessions.css';

/**
 * Where the member is signed in (docs/product.md, "Account security"): each open session's browser and
 * system, address, sign-in and last activity, this device first; another one signed out from here, or
 * every other one at once. A session signed out answers its next call with SESSION_EXPIRED.
 */
export function SignedInSessions() {
  const { t, i18n } = useTranslation();
  const sessions = useMemberSessions();
  const endOne = useToastedMutation({
    mutationFn: (session: MemberSessionEntry) => endMemberSession(session.id),
    successText: t('auth.sessions.ended'),
    invalidates: [MEMBER_SESSIONS_KEY],
  });
  const endOthers = useToastedMutation({
    mutationFn: endOtherSessions,
    successText: t('auth.sessions.endedOthers'),
    invalidates: [MEMBER_SESSIONS_KEY],
  });

  if (sessions.isPending) return <p role="status">{t('in_please_wait')}</p>;
  if (sessions.isError)
    return (
      <LoadFailed className="kl-sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
    );

  const unknown = t('auth.sessions.unknown');
  const nameOf = (session: MemberSessionEntry) =>
    t('auth.sessions.browserOn', { browser: session.browser ?? unknown, system: session.system ?? unknown });
  // This device first, then the most recently active.
  const list = [...sessions.data.list].sort((left, right) => Number(right.current) - Number(left.current));
  const others = list.filter((session) => !session.current);
  const busy = endOne.isPending || endOthers.isPending;
  return (
    <div className="kl-sessions">
      <ul className="kl-withdraw-list" aria-label={t('auth.sessions.title')}>
        {list.map((session) => (
          <li key={session.id} className="kl-withdraw-item">
            <span className="kl-withdraw-item__amount">
              {nameOf(session)}
              {session.current && (
                <span className="kl-sessions__current"> · {t('auth.sessions.current')}</span>
              )}
            </span>
            <span className="kl-withdraw-item__detail">
              {t('auth.sessions.detail', {
                ip: addressText(t, i18n.language, session),
                signedIn: formatSiteDateTime(session.signedInAt) ?? '',
                lastActive: formatSiteDateTime(session.lastActiveAt) ?? '',
              })}
            </span>
            {!session.current && (
              <button
                type="button"
                className="kl-button kl-button--outline kl-button--small kl-withdraw-item__open"
                aria-label={t('auth.sessions.endLabel', { session: nameOf(session), ip: session.ip })}
                disabled={busy}
                onClick={() => endOne.mutate(session)}
              >
                {t('auth.sessions.end')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          disabled={busy}
          onClick={() => endOthers.mutate(undefined)}
        >
          {t('auth.sessions.endOthers')}
        </button>
      )}
    </div>
  );
}
