import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { StatusBadge } from './withdrawal-status.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

/** The member's recent requests, newest first, a page at a time, each with its status in words. */
export function WithdrawalList({ onOpen }: { onOpen?: (requestId: string) => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const requests = useWithdrawals();
  let body;
  if (requests.isPending) body = <p role="status">{t('withdraw.loading')}</p>;
  else if (requests.isError)
    body = (
      <LoadFailed
        className="kl-withdraw-card"
        error={requests.error}
        onRetry={() => void requests.refetch()}
      />
    );
  else {
    const list = requests.data.pages.flatMap((page) => page.list);
    body =
      list.length === 0 ? (
        <p className="kl-withdraw-note">{t('withdraw.noRequests')}</p>
      ) : (
        <>
          <ul className="kl-withdraw-list" data-testid="withdrawal-list">
            {list.map((item) => (
              <li key={item.requestId} className="kl-withdraw-item" data-status={item.status}>
                <span className="kl-withdraw-item__amount">
                  {formatMoney(item.amount, item.currency, i18n.language)}
                </span>
                <StatusBadge status={item.status} />
                <span className="kl-withdraw-item__detail">
                  {item.bankName} {item.accountNumberMasked} · {formatSiteDateTime(item.createdAt)}
                </span>
                {onOpen && (
                  <button
                    type="button"
                    className="kl-button kl-button--outline kl-button--small kl-withdraw-item__open"
                    aria-label={t('withdraw.openRequest', {
                      amount: formatMoney(item.amount, item.currency, i18n.language),
                      time: formatSiteDateTime(item.createdAt),
                    })}
                    onClick={() => onOpen(item.requestId)}
                  >
                    {t('withdraw.details')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {requests.hasNextPage && (
            <button
              type="button"
              className="kl-button kl-button--outline kl-button--small"
              disabled={requests.isFetchingNextPage}
              onClick={() => void requests.fetchNextPage()}
            >
              {requests.isFetchingNextPage ? t('withdraw.loading') : t('withdraw.showMore')}
            </button>
          )}
        </>
      );
  }
  return (
    <section className="kl-withdraw-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="kl-withdraw-heading">
        {t('withdraw.recent')}
      </h2>
      {body}
    </section>
  );
}
