import { fullPath } from '@kl/contracts/routes';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActualAccountRequired } from '../../shared/ui/actual-account-required.tsx';
import { TwoFactorSettings } from '../auth/index.ts';
import { LoginHistory, SignedInSessions } from '../auth/security.ts';
import { useWithdrawalInfo } from './api/get-info.ts';
import { BankAccounts } from './components/bank-accounts.tsx';
import { ChangePaymentPasswordForm, SetPaymentPasswordForm } from './components/payment-password-forms.tsx';
import { isActualAccountRefusal } from './lib/refusal.ts';
import './withdraw.css';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';

/**
 * /m/member/security (product.md §7 security; a member-centre page: trial members get the register alert from
 * the router). The login password (a link to /m/changePsw), the payment password (set, or change with
 * the old one), the bound bank accounts (add, remove), two-step verification (docs/decisions/056-member-two-factor.md),
 * the identity check's state with the way to /m/member/kyc (docs/decisions/057-know-your-customer.md),
 * where the member is signed in (sign one out, or every other one) and the login history.
 */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const ids = {
    login: useId(),
    twoFactor: useId(),
    kyc: useId(),
    sessions: useId(),
    logins: useId(),
    payment: useId(),
    accounts: useId(),
  };
  const info = useWithdrawalInfo();

  let money;
  if (info.isPending) money = <p role="status">{t('withdraw.loading')}</p>;
  else if (info.isError)
    money = isActualAccountRefusal(info.error) ? (
      <ActualAccountRequired title={t('free_reject')} hint={t('withdraw.actualAccountHint')} />
    ) : (
      <LoadFailed className="kl-withdraw-card" error={info.error} onRetry={() => void info.refetch()} />
    );
  else
    money = (
      <>
        <section className="kl-withdraw-card" aria-labelledby={ids.payment}>
          <h2 id={ids.payment} className="kl-withdraw-heading">
            {t('withdraw.security.paymentPassword')}
          </h2>
          {info.data.paymentPassword.set ? (
            <ChangePaymentPasswordForm lockedUntil={info.data.paymentPassword.lockedUntil} />
          ) : (
            <SetPaymentPasswordForm />
          )}
        </section>
        <section className="kl-withdraw-card" aria-labelledby={ids.accounts}>
          <h2 id={ids.accounts} className="kl-withdraw-heading">
            {t('withdraw.security.bankAccounts')}
          </h2>
          <BankAccounts info={info.data} />
        </section>
      </>
    );

  return (
    <section className="kl-screen kl-withdraw" data-page="member" aria-label={t('route.memberSecurity')}>
      <section className="kl-withdraw-card" aria-labelledby={ids.login}>
        <h2 id={ids.login} className="kl-withdraw-heading">
          {t('withdraw.security.loginPassword')}
        </h2>
        <Link className="kl-button kl-button--outline kl-button--small" to={fullPath('changePsw')}>
          {t('withdraw.security.changeLoginPassword')}
        </Link>
      </section>
      <section className="kl-withdraw-card" aria-labelledby={ids.twoFactor}>
        <h2 id={ids.twoFactor} className="kl-withdraw-heading">
          {t('auth.twoFactor.title')}
        </h2>
        <Suspense fallback={<p role="status">{t('in_please_wait')}</p>}>
          <TwoFactorSettings />
        </Suspense>
      </section>
      <section className="kl-withdraw-card" aria-labelledby={ids.kyc}>
        <h2 id={ids.kyc} className="kl-withdraw-heading">
          {t('route.memberKyc')}
        </h2>
        {info.data && (
          <p className="kl-withdraw-note" data-testid="security-kyc-state">
            {t('kyc.security.state', { state: t(`kyc.states.${info.data.kyc.state}`) })}
          </p>
        )}
        <Link className="kl-button kl-button--outline kl-button--small" to={fullPath('member/kyc')}>
          {t('kyc.security.open')}
        </Link>
      </section>
      <section className="kl-withdraw-card" aria-labelledby={ids.sessions}>
        <h2 id={ids.sessions} className="kl-withdraw-heading">
          {t('auth.sessions.title')}
        </h2>
        <SignedInSessions />
      </section>
      <section className="kl-withdraw-card" aria-labelledby={ids.logins}>
        <h2 id={ids.logins} className="kl-withdraw-heading">
          {t('auth.logins.title')}
        </h2>
        <LoginHistory />
      </section>
      {money}
    </section>
  );
}
