import { useTranslation } from 'react-i18next';

/**
 * The way to the payment gateway's page for a pending order (docs/decisions/036-sandboxes-process.md):
 * a link the server signed; the gateway sends the member back to this order once it is paid or declined.
 */
export function GatewayPay({ payUrl }: { payUrl: string }) {
  const { t } = useTranslation();
  return (
    <section className="kl-deposit-card kl-deposit-gateway" aria-label={t('deposit.gatewayTitle')}>
      <h2 className="kl-deposit-heading">{t('deposit.gatewayTitle')}</h2>
      <p className="kl-deposit-note">{t('deposit.gatewayNote')}</p>
      <a className="kl-button kl-button--primary kl-button--small" href={payUrl}>
        {t('deposit.gatewayPay')}
      </a>
    </section>
  );
}
