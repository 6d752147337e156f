import { LOTTERY_PAGE_SIZE, type LotteryBet } from '@kl/contracts/lottery';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToastedMutation } from '../../../shared/hooks/use-toasted-mutation.ts';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { confirmDialog } from '../../../shared/ui/dialog.ts';
import { WALLET_QUERY_KEY } from '../../wallet/index.ts';
import { cancelLotteryBet } from '../api/cancel-bet.ts';
import { getLotteryOrders } from '../api/get-orders.ts';
import { LOTTERY_KEY, lotteryOrdersKey } from '../api/keys.ts';
import { optionLabel } from '../lib/option-label.ts';

/** The member's bets on this lottery, newest first, paged; open ones refresh until settled. */
export function OrdersPanel({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, 'VND', i18n.language);
  const orders = useInfiniteQuery({
    queryKey: lotteryOrdersKey(code),
    queryFn: ({ pageParam, signal }) =>
      getLotteryOrders(code, pageParam, LOTTERY_PAGE_SIZE.default, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.list.some((bet) => bet.status === 'open')) ? 5_000 : false,
  });
  const cancel = useToastedMutation({
    mutationFn: (bet: LotteryBet) => cancelLotteryBet(bet.id),
    successText: t('lottery.cancelled'),
    invalidates: [WALLET_QUERY_KEY, [...LOTTERY_KEY, 'orders']],
  });
  const askCancel = async (bet: LotteryBet) => {
    const yes = await confirmDialog({
      content: t('lottery.cancelQuestion', { issue: bet.issue, amount: money(bet.amount) }),
      confirmText: t('lottery.cancelBet'),
      cancelText: t('lottery.keepBet'),
    });
    if (yes) cancel.mutate(bet);
  };

  if (orders.isPending) return <p role="status">{t('lottery.loading')}</p>;
  if (orders.isError)
    return (
      <div className="kl-lottery-card" role="alert">
        <p>{messageFor(orders.error)}</p>
        <button type="button" className="kl-button kl-button--primary" onClick={() => void orders.refetch()}>
          {t('lottery.retry')}
        </button>
      </div>
    );
  const bets = orders.data.pages.flatMap((page) => page.list);
  if (bets.length === 0) return <p className="kl-lottery-card">{t('lottery.noOrders')}</p>;
  return (
    <section aria-label={t('lottery.tab.orders')}>
      <ul className="kl-lottery-orders">
        {bets.map((bet) => (
          <li
            key={bet.id}
            data-testid="lottery-order"
            data-status={bet.status}
            data-payout={bet.payout}
            data-amount={bet.amount}
          >
            <p className="kl-lottery-order-head">
              <strong>{t(`lottery.betType.${bet.betType}`)}</strong>
              <span
                data-testid="lottery-order-status"
                className={`kl-lottery-status kl-lottery-status--${bet.status}`}
              >
                {t(`lottery.status.${bet.status}`)}
              </span>
            </p>
            <p>
              {t('lottery.orderLine', {
                issue: bet.issue,
                picks: bet.selections
                  .map((selection) => selection.map((value) => optionLabel(t, value)).join('-'))
                  .join(', '),
                points: bet.points,
              })}
            </p>
            <p>
              {t('lottery.stake', { amount: money(bet.amount) })}
              {bet.status === 'won' && (
                <>
                  {' · '}
                  <span data-testid="lottery-order-win">
                    {t('lottery.won', { amount: money(bet.payout), hits: bet.hits })}
                  </span>
                </>
              )}
            </p>
            <p className="kl-lottery-note">{formatSiteDateTime(bet.createdAt)}</p>
            {bet.cancellable && (
              <button
                type="button"
                className="kl-button kl-button--outline"
                disabled={cancel.isPending}
                onClick={() => void askCancel(bet)}
              >
                {t('lottery.cancelBet')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {orders.hasNextPage && (
        <button
          type="button"
          className="kl-button kl-button--outline"
          disabled={orders.isFetchingNextPage}
          onClick={() => void orders.fetchNextPage()}
        >
          {t('lottery.more')}
        </button>
      )}
    </section>
  );
}
