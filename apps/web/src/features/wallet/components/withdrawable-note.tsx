import { fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@kl/contracts/money';
import { useTurnover } from '../api/get-turnover.ts';
import '../wallet.css';

/**
 * Under a balance: while turnover requirements lock part of it, what can be withdrawn now and what is
 * locked, linking to the withdrawal screen where each requirement is shown. Nothing otherwise.
 */
export default function WithdrawableNote() {
  const { t, i18n } = useTranslation();
  const turnover = useTurnover();
  const summary = turnover.data;
  if (!summary || summary.locked === 0) return null;
  const money = (amount: number) => formatMoney(amount, summary.currency, i18n.language);
  return (
    <p className="kl-withdrawable-note" data-testid="withdrawable-note">
      <span>
        {t('wallet.turnover.withdrawable')}: <strong>{money(summary.withdrawable)}</strong>
      </span>{' '}
      <span>
        {t('wallet.turnover.locked')}: {money(summary.locked)}
      </span>{' '}
      <Link to={fullPath('withdraw')}>{t('wallet.turnover.details')}</Link>
    </p>
  );
}
