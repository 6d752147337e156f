import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { useDepositOrder } from '../hooks/use-deposit-order.ts';
import { DetailRow } from './detail-row.tsx';
import { GatewayPay } from './gateway-pay.tsx';
import { PaymentDetails } from './payment-details.tsx';
import { StatusLine } from './status-line.tsx';

/**
 * A deposit order (base template): what to pay and its live status, asked again every few seconds while
 * it waits for the payment. With a payment gateway, a pending order links to its payment page.
 */
export function OrderDetail({ orderId, onNewDeposit }: { orderId: string; onNewDeposit: () => void }) {
  const { t, i18n } = useTranslation();
  const { order } = useDepositOrder(orderId);

  if (order.isPending) return <p role="status">{t('deposit.loading')}</p>;
  if (order.isError) {
    return (
      <div className="kl-deposit-card" role="alert">
        <p>{messageFor(order.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={onNewDeposit}
        >
          {t('deposit.newDeposit')}
        </button>
      </div>
    );
  }

  const data = order.data;
  const amount = formatMoney(data.amount, data.currency, i18n.language);
  return (
    <div className="kl-deposit-order" data-testid="deposit-order">
      <section className="kl-deposit-card" aria-label={t('deposit.order')}>
        <h2 className="kl-deposit-heading">{t('deposit.order')}</h2>
        <StatusLine order={data} />
        <dl className="kl-deposit-rows">
          <DetailRow term={t('deposit.channel')} value={data.channelName} />
          <DetailRow term={t('deposit.orderAmount')} value={amount} />
          <DetailRow
            term={data.status === 'paid' ? t('deposit.paidAt') : t('deposit.expiresAt')}
            value={formatSiteDateTime((data.status === 'paid' && data.paidAt) || data.expiresAt) ?? ''}
          />
        </dl>
      </section>
      {data.status === 'pending' && <PaymentDetails payment={data.payment} currency={data.currency} />}
      {data.status === 'pending' && data.payUrl && <GatewayPay payUrl={data.payUrl} />}
      <div className="kl-deposit-actions">
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={onNewDeposit}
        >
          {t('deposit.newDeposit')}
        </button>
      </div>
    </div>
  );
}
