import { KYC_MIN_AGE, type MemberKyc } from '@kl/contracts/kyc';
import { formatMoney } from '@kl/contracts/money';
import type { WithdrawalInfo } from '@kl/contracts/withdrawal';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActualAccountRequired } from '../../shared/ui/actual-account-required.tsx';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';
import { useWithdrawalInfo } from './api/get-info.ts';
import { useMemberKyc } from './api/kyc.ts';
import { KycForm } from './components/kyc-form.tsx';
import { KycSubmissionDetails } from './components/kyc-submission.tsx';
import { isActualAccountRefusal } from './lib/refusal.ts';
import './withdraw.css';

/**
 * /m/member/kyc (docs/decisions/057-know-your-customer.md; a member-centre page: trial members get the
 * register alert from the router, an account the server calls not real 'free_reject'). The state of the
 * member's identity check and why it is asked for; the latest submission (the operator's reason when
 * rejected); and, before any submission or after a rejection, the form that sends the documents. Under
 * review or approved, there is nothing to send.
 */
export default function KycScreen() {
  const { t } = useTranslation();
  const kyc = useMemberKyc();
  // The registered payee name the document's name must match, and the currency of the rules' amounts.
  const info = useWithdrawalInfo();

  let body;
  if (kyc.isPending) body = <p role="status">{t('kyc.loading')}</p>;
  else if (kyc.isError)
    body = isActualAccountRefusal(kyc.error) ? (
      <ActualAccountRequired title={t('free_reject')} hint={t('withdraw.actualAccountHint')} />
    ) : (
      <LoadFailed className="kl-withdraw-card" error={kyc.error} onRetry={() => void kyc.refetch()} />
    );
  else {
    const { state, submission } = kyc.data;
    body = (
      <>
        <KycState kyc={kyc.data} info={info.data} />
        {submission && <KycSubmissionDetails submission={submission} />}
        {(state === 'none' || state === 'rejected') && (
          <KycForm payeeName={info.data?.payeeName ?? null} again={state === 'rejected'} />
        )}
      </>
    );
  }
  return (
    <section className="kl-screen kl-withdraw" data-page="member" aria-label={t('route.memberKyc')}>
      {body}
    </section>
  );
}

/** The state in words, the operator's reason after a rejection, and what withdrawals need it for. */
function KycState({ kyc, info }: { kyc: MemberKyc; info: WithdrawalInfo | undefined }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const reason = kyc.state === 'rejected' ? kyc.submission?.rejectReason : null;
  return (
    <section className="kl-withdraw-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="kl-withdraw-heading">
        {t('kyc.statusTitle')}
      </h2>
      <p className="kl-withdraw-status kl-kyc-state" data-testid="kyc-state" data-state={kyc.state}>
        {t(`kyc.states.${kyc.state}`)}
      </p>
      {reason && (
        <p className="kl-withdraw-notice" role="alert" data-testid="kyc-reject-reason">
          {t('kyc.rejectReason', { reason })}
        </p>
      )}
      <p className="kl-withdraw-note">{t(`kyc.stateHints.${kyc.state}`, { age: KYC_MIN_AGE })}</p>
      {kyc.state !== 'approved' &&
        (kyc.requiredForFirstWithdrawal || (kyc.requiredAbove !== null && info)) && (
          <ul className="kl-kyc-rules">
            {kyc.requiredForFirstWithdrawal && <li>{t('kyc.rules.firstWithdrawal')}</li>}
            {kyc.requiredAbove !== null && info && (
              <li>
                {t('kyc.rules.above', {
                  amount: formatMoney(kyc.requiredAbove, info.currency, i18n.language),
                })}
              </li>
            )}
          </ul>
        )}
    </section>
  );
}
