import { useTranslation } from 'react-i18next';
import type { useDepositOrder } from '../hooks/use-deposit-order.ts';

/** The sandbox gateway's "complete payment" (only while it runs and the order is pending). */
export function SandboxPay({ pay }: { pay: ReturnType<typeof useDepositOrder>['pay'] }) {
  const { t } = useTranslation();
  return (
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
  );
}
