import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, messageFor } from '../../shared/lib/api-client.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { useVerifyEmail } from './api/profile.ts';
import './member.css';

/**
 * /m/verify-email?token=… (docs/decisions/059-member-contacts.md): the link e-mailed to a new address,
 * opened. The token is sent once, on arrival; whoever opens the link need not be logged in. Says whether
 * the address is verified, and leads on to the profile (a member) or home. An address without a token is
 * the server's invalid link, without asking it.
 */
export default function VerifyEmailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { userName } = useSession();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);
  const failure = token
    ? verify.isError
      ? verify.error
      : null
    : new ApiError('EMAIL_LINK_INVALID', { status: 400 });

  return (
    <section
      className="kl-screen kl-member-profile-page"
      data-page="verifyEmail"
      aria-label={t('route.verifyEmail')}
    >
      <div className="kl-member-card" role="status">
        {verify.isSuccess ? (
          <p>{t('member.verifyEmail.done', { email: verify.data.email })}</p>
        ) : failure ? (
          <>
            <p>{t('member.verifyEmail.failed')}</p>
            <p className="kl-member-card__note">{messageFor(failure)}</p>
          </>
        ) : (
          <p>{t('member.verifyEmail.checking')}</p>
        )}
      </div>
      {(verify.isSuccess || failure) && (
        <Link className="kl-button kl-button--primary" to={userName ? '/m/member/profile' : '/m/home'}>
          {t(userName ? 'member.verifyEmail.toProfile' : 'member.verifyEmail.toHome')}
        </Link>
      )}
    </section>
  );
}
