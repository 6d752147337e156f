import type { DepositPayment } from '@kl/contracts/deposit';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import { DetailRow } from './detail-row.tsx';

/** What to pay: the bank account, the VietQR code or the e-wallet, each with the reference code. */
export function PaymentDetails({ payment, currency }: { payment: DepositPayment; currency: string }) {
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
