import type { Withdrawal } from '@kl/contracts/withdrawal';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/stores/session-store.ts';
import { ActualAccountRequired } from '../../shared/ui/actual-account-required.tsx';
import { TurnoverPanel } from '../wallet/index.ts';
import { useWithdrawalInfo } from './api/get-info.ts';
import { withdrawalRequestKey } from './api/keys.ts';
import { BalanceSummary } from './components/balance-summary.tsx';
import { KycRequiredNotice } from './components/kyc-notices.tsx';
import { SetPaymentPasswordForm } from './components/payment-password-forms.tsx';
import { WithdrawForm } from './components/withdraw-form.tsx';
import { WithdrawalList } from './components/withdrawal-list.tsx';
import { WithdrawalStatusCard } from './components/withdrawal-status.tsx';
import { kycBlocksWithdrawal } from './lib/amount.ts';
import { isActualAccountRefusal } from './lib/refusal.ts';
import './withdraw.css';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';

const REQUEST_PARAM = 'requestId';

/**
 * /m/withdraw (product.md §2 Withdrawal; gated: visitors go to /m/login). A trial member, or any account the
 * server calls not real, gets 'free_reject' and no form. A member sees the available and held balance;
 * sets a payment password first if there is none (and, while turnover requirements lock part of the balance,
 * what can be withdrawn now and each requirement's progress); then asks for a withdrawal to a bound bank account
 * (or binds one here). Before the first withdrawal, where the merchant checks identities first, a member not yet
 * verified is told so, with the way to /m/member/kyc, instead of any form (docs/decisions/057-know-your-customer.md). The request then shows at `?requestId=` (a reload keeps it) until an operator pays
 * or rejects it; the member's recent requests are listed below.
 */
export default function WithdrawScreen() {
  const { t } = useTranslation();
  const { role } = useSession();
  return (
    <section className="kl-screen kl-withdraw" data-page="withdraw" aria-label={t('route.withdraw')}>
      {role === 'trial' ? (
        <ActualAccountRequired title={t('free_reject')} hint={t('withdraw.actualAccountHint')} />
      ) : (
        <WithdrawBody />
      )}
    </section>
  );
}

function WithdrawBody() {
  const { t } = useTranslation();
  const setTitleId = useId();
  const info = useWithdrawalInfo();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const requestId = params.get(REQUEST_PARAM);

  const showRequest = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(REQUEST_PARAM, id);
      return next;
    });
  const created = (request: Withdrawal) => {
    queryClient.setQueryData(withdrawalRequestKey(request.requestId), request);
    showRequest(request.requestId);
  };
  const newRequest = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(REQUEST_PARAM);
      return next;
    });

  if (info.isPending) return <p role="status">{t('withdraw.loading')}</p>;
  if (info.isError) {
    if (isActualAccountRefusal(info.error))
      return <ActualAccountRequired title={t('free_reject')} hint={t('withdraw.actualAccountHint')} />;
    return <LoadFailed className="kl-withdraw-card" error={info.error} onRetry={() => void info.refetch()} />;
  }
  const data = info.data;
  let main;
  if (requestId) main = <WithdrawalStatusCard key={requestId} requestId={requestId} onNew={newRequest} />;
  else if (kycBlocksWithdrawal(data)) main = <KycRequiredNotice state={data.kyc.state} />;
  else if (!data.paymentPassword.set)
    main = (
      <section className="kl-withdraw-card" aria-labelledby={setTitleId}>
        <h2 id={setTitleId} className="kl-withdraw-heading">
          {t('withdraw.paymentPassword.setTitle')}
        </h2>
        <SetPaymentPasswordForm />
      </section>
    );
  else main = <WithdrawForm info={data} onCreated={created} />;

  return (
    <>
      <BalanceSummary info={data} />
      {data.locked > 0 && (
        <Suspense fallback={null}>
          <TurnoverPanel />
        </Suspense>
      )}
      {main}
      <WithdrawalList onOpen={showRequest} />
    </>
  );
}
