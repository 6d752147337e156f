import type { DepositOrder } from '@kl/contracts/deposit';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';

/** The order's status in words, announced as it changes. */
export function StatusLine({ order }: { order: DepositOrder }) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(order.amount, order.currency, i18n.language);
  let text: string;
  if (order.status === 'paid') text = t('deposit.status.paid', { amount });
  else if (order.status === 'failed')
    text = order.failureReason
      ? t('deposit.status.failedWith', { reason: order.failureReason })
      : t('deposit.status.failed');
  else if (order.status === 'expired') text = t('deposit.status.expired');
  else text = t('deposit.status.pending');
  return (
    <p className="kl-deposit-status" role="status" data-status={order.status} data-testid="order-status">
      {text}
    </p>
  );
}
