import type { DepositOrder, DepositPayment } from '@kl/contracts/deposit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatLocalDateTime } from '../../../shared/lib/date-format.ts';
import { formatMoney } from '../../../shared/lib/money.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { WALLET_QUERY_KEY } from '../../wallet/index.ts';
import { getDepositOrder } from '../api/get-order.ts';
import { depositOrderKey } from '../api/keys.ts';
import { sandboxPay } from '../api/sandbox-pay.ts';
import { depositTiming } from '../lib/timing.ts';
import { DetailRow } from './detail-row.tsx';

/** What to pay: the bank account, the VietQR code or the e-wallet, each with the reference code. */
function PaymentDetails({ payment, currency }: { payment: DepositPayment; currency: string }) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(payment.amount, currency, i18n.language);
  return (
    <section className="kl-deposit-card" aria-label={t('deposit.howToPay')}>
      <h2 className="kl-deposit-heading">{t('deposit.howToPay')}</h2>
      {payment.kind === 'vietqr' && (
        <figure className="kl-deposit-qr">
          <img
            src={payment.qrImage}
            width={240}
            height={240}
            alt={t('deposit.qrAlt', { amount, account: payment.bank.accountNumber })}
          />
          <figcaption>{t('deposit.qrHint')}</figcaption>
        </figure>
      )}
      <dl className="kl-deposit-rows">
        {payment.kind === 'ewallet' ? (
          <>
            <DetailRow term={t('deposit.provider')} value={payment.provider} />
            <DetailRow
              term={t('deposit.walletAccount')}
              value={payment.walletAccount}
              copy={payment.walletAccount}
            />
            <DetailRow term={t('deposit.accountName')} value={payment.accountName} />
          </>
        ) : (
          <>
            <DetailRow term={t('deposit.bankName')} value={payment.bank.bankName} />
            <DetailRow
              term={t('deposit.accountNumber')}
              value={payment.bank.accountNumber}
              copy={payment.bank.accountNumber}
            />
            <DetailRow term={t('deposit.accountName')} value={payment.bank.accountName} />
          </>
        )}
        <DetailRow term={t('deposit.payAmount')} value={amount} copy={String(payment.amount)} />
        <DetailRow
          term={t('deposit.referenceCode')}
          value={payment.referenceCode}
          copy={payment.referenceCode}
        />
      </dl>
      <p className="kl-deposit-note">{t('deposit.referenceHint')}</p>
    </section>
  );
}

/** The order's status in words, announced as it changes. */
function StatusLine({ order }: { order: DepositOrder }) {
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

/**
 * A deposit order: what to pay and its live status, asked again every few seconds while it waits for the
 * payment (not while the page is hidden, and never after the screen is left). When the sandbox gateway
 * runs, a pending order can be paid from here. A paid order refreshes the wallet balance.
 */
export function OrderDetail({ orderId, onNewDeposit }: { orderId: string; onNewDeposit: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const order = useQuery({
    queryKey: depositOrderKey(orderId),
    queryFn: ({ signal }) => getDepositOrder(orderId, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? depositTiming.pollMs : false),
    refetchIntervalInBackground: false,
    retry: false,
  });
  const pay = useMutation({
    mutationFn: () => sandboxPay(orderId),
    onSuccess: (result) => queryClient.setQueryData(depositOrderKey(orderId), result.order),
    onError: (error) => void toast.error(messageFor(error)),
  });
  const status = order.data?.status;

  useEffect(() => {
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
  }, [status, queryClient]);

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
            value={formatLocalDateTime((data.status === 'paid' && data.paidAt) || data.expiresAt) ?? ''}
          />
        </dl>
      </section>
      {data.status === 'pending' && <PaymentDetails payment={data.payment} currency={data.currency} />}
      {data.status === 'pending' && data.sandboxPayable && (
        <section className="kl-deposit-card kl-deposit-sandbox" aria-label={t('deposit.sandboxTitle')}>
          <h2 className="kl-deposit-heading">{t('deposit.sandboxTitle')}</h2>
          <p className="kl-deposit-note">{t('deposit.sandboxNote')}</p>
          <button
            type="button"
            className="kl-button kl-button--primary kl-button--small"
            disabled={pay.isPending}
            onClick={() => pay.mutate()}
          >
            {t('deposit.sandboxPay')}
          </button>
        </section>
      )}
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
