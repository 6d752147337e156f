import type { DepositOrder } from '@kl/contracts/deposit';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../../shared/lib/api-client.ts';
import { formatCountdown, formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { useCountdown } from '../../hooks/use-countdown.ts';
import { useDepositOrder } from '../../hooks/use-deposit-order.ts';
import { GatewayPay } from '../gateway-pay.tsx';
import { PaymentDetails } from '../payment-details.tsx';
import { StatusLine } from '../status-line.tsx';
import { StepIndicator } from './step-indicator.tsx';

/** Time left to pay; when it runs out, the order is asked again (the server says it expired). */
function Countdown({ expiresAt, onEnd }: { expiresAt: string; onEnd: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(expiresAt, true);
  const over = left === 0;
  const ended = useEffectEvent(onEnd);
  useEffect(() => {
    if (over) ended();
  }, [over]);
  return (
    <p className="kl-deposit-countdown" role="timer" data-testid="order-countdown">
      {over
        ? t('deposit.countdown.over')
        : t('deposit.countdown.left', { time: formatCountdown(Math.ceil(left / 1_000), t) })}
    </p>
  );
}

/** The order's way: created → waiting for the payment → paid, expired or failed. */
function Timeline({ order }: { order: DepositOrder }) {
  const { t } = useTranslation();
  const at = (iso: string | null) => (iso ? (formatSiteDateTime(iso) ?? '') : '');
  const pending = order.status === 'pending';
  let last: string;
  if (order.status === 'paid') last = t('deposit.timeline.paid', { time: at(order.paidAt) });
  else if (order.status === 'expired') last = t('deposit.timeline.expired');
  else if (order.status === 'failed') last = t('deposit.timeline.failed');
  else last = t('deposit.timeline.outcome');
  const items = [
    { key: 'created', text: t('deposit.timeline.created', { time: at(order.createdAt) }), state: 'done' },
    { key: 'waiting', text: t('deposit.timeline.waiting'), state: pending ? 'current' : 'done' },
    { key: 'outcome', text: last, state: pending ? 'todo' : order.status },
  ];
  return (
    <ol className="kl-deposit-timeline" aria-label={t('deposit.timeline.label')} data-testid="order-timeline">
      {items.map((item) => (
        <li
          key={item.key}
          data-state={item.state}
          aria-current={item.state === 'current' ? 'step' : undefined}
        >
          {item.text}
        </li>
      ))}
    </ol>
  );
}

/**
 * The order of the new template, on a full screen: the steps (3 of 3), the amount large, the status with its
 * timeline and the time left, then what to pay (QR or bank reference with copy buttons) and, with the
 * payment gateway, the link to its payment page. Same order calls as the base template (useDepositOrder).
 */
export function OrderScreen({ orderId, onNewDeposit }: { orderId: string; onNewDeposit: () => void }) {
  const { t, i18n } = useTranslation();
  const { order, refresh } = useDepositOrder(orderId);

  let body;
  if (order.isPending) body = <p role="status">{t('deposit.loading')}</p>;
  else if (order.isError)
    body = (
      <div className="kl-deposit-card" role="alert">
        <p>{messageFor(order.error)}</p>
      </div>
    );
  else {
    const data = order.data;
    const pending = data.status === 'pending';
    body = (
      <>
        <section className="kl-deposit-card kl-deposit-hero" aria-label={t('deposit.order')}>
          <h2 className="kl-deposit-heading">{t('deposit.order')}</h2>
          <p className="kl-deposit-hero__amount" data-testid="order-amount">
            {formatMoney(data.amount, data.currency, i18n.language)}
          </p>
          <p className="kl-deposit-note">{data.channelName}</p>
          <StatusLine order={data} />
          {pending && <Countdown expiresAt={data.expiresAt} onEnd={refresh} />}
          <Timeline order={data} />
        </section>
        {pending && <PaymentDetails payment={data.payment} currency={data.currency} />}
        {pending && data.payUrl && <GatewayPay payUrl={data.payUrl} />}
      </>
    );
  }

  return (
    <div className="kl-deposit-order kl-deposit-full" data-testid="deposit-order" data-template="new">
      <StepIndicator current="pay" />
      {body}
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
