import type { Withdrawal, WithdrawalStatus as Status } from '@kl/contracts/withdrawal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_QUERY_KEY } from '../../wallet/index.ts';
import { getWithdrawal } from '../api/get-withdrawal.ts';
import { WITHDRAWAL_INFO_KEY, WITHDRAWALS_KEY, withdrawalRequestKey } from '../api/keys.ts';
import { WITHDRAWAL_POLL_MS } from '../lib/timing.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

/** A request's status in words. */
export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <span className="kl-withdraw-badge" data-status={status}>
      {t(`withdraw.statusWords.${status}`)}
    </span>
  );
}

/**
 * One request after it was made (`?requestId=`): asked again every few seconds while it waits for the
 * operator; once paid or rejected, the balances are asked again.
 */
export function WithdrawalStatusCard({ requestId, onNew }: { requestId: string; onNew: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const request = useQuery({
    queryKey: withdrawalRequestKey(requestId),
    queryFn: ({ signal }) => getWithdrawal(requestId, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? WITHDRAWAL_POLL_MS : false),
    retry: false,
  });
  const status = request.data?.status;
  const seen = useRef(status);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (before === 'pending' && status !== 'pending' && status !== undefined) {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
      void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
    }
  }, [status, queryClient]);

  if (request.isPending) return <p role="status">{t('withdraw.loading')}</p>;
  if (request.isError)
    return (
      <LoadFailed className="kl-withdraw-card" error={request.error} onRetry={() => void request.refetch()} />
    );
  const item: Withdrawal = request.data;
  const money = formatMoney(item.amount, item.currency, i18n.language);

  return (
    <section className="kl-withdraw-card" data-testid="withdrawal-request" aria-labelledby={titleId}>
      <h2 id={titleId} className="kl-withdraw-heading">
        {t('withdraw.requestTitle')}
      </h2>
      <p
        className="kl-withdraw-status"
        data-testid="withdrawal-status"
        data-status={item.status}
        role="status"
      >
        {item.status === 'rejected' && item.rejectReason
          ? t('withdraw.statusText.rejectedWith', { amount: money, reason: item.rejectReason })
          : t(`withdraw.statusText.${item.status}`, { amount: money })}
      </p>
      <dl className="kl-withdraw-rows">
        <div className="kl-withdraw-row">
          <dt>{t('withdraw.amountShort')}</dt>
          <dd>{money}</dd>
        </div>
        <div className="kl-withdraw-row">
          <dt>{t('withdraw.accounts.bank')}</dt>
          <dd>
            {item.bankName} {item.accountNumberMasked}
          </dd>
        </div>
        <div className="kl-withdraw-row">
          <dt>{t('withdraw.accounts.name')}</dt>
          <dd>{item.accountName}</dd>
        </div>
        <div className="kl-withdraw-row">
          <dt>{t('withdraw.createdAt')}</dt>
          <dd>{formatSiteDateTime(item.createdAt)}</dd>
        </div>
        {item.decidedAt && (
          <div className="kl-withdraw-row">
            <dt>{t('withdraw.decidedAt')}</dt>
            <dd>{formatSiteDateTime(item.decidedAt)}</dd>
          </div>
        )}
      </dl>
      <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={onNew}>
        {t('withdraw.newRequest')}
      </button>
    </section>
  );
}
