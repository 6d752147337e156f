import type { WithdrawalInfo } from '@kl/contracts/withdrawal';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';

/**
 * The available balance, what of it can be withdrawn now (the rest is locked by turnover requirements) and
 * the money held by pending requests.
 */
export function BalanceSummary({
  info,
}: {
  info: Pick<WithdrawalInfo, 'available' | 'withdrawable' | 'locked' | 'held' | 'currency'>;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, info.currency, i18n.language);
  return (
    <dl className="kl-withdraw-balances" aria-label={t('withdraw.balances')}>
      <div className="kl-withdraw-balance">
        <dt>{t('withdraw.available')}</dt>
        <dd data-testid="withdraw-available">{money(info.available)}</dd>
      </div>
      {info.locked > 0 && (
        <div className="kl-withdraw-balance">
          <dt>{t('withdraw.withdrawable')}</dt>
          <dd data-testid="withdraw-withdrawable">{money(info.withdrawable)}</dd>
        </div>
      )}
      <div className="kl-withdraw-balance">
        <dt>{t('withdraw.held')}</dt>
        <dd data-testid="withdraw-held">{money(info.held)}</dd>
      </div>
    </dl>
  );
}
