import { HOME_PATH, fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from './empty-state.tsx';
import './actual-account-required.css';

/**
 * product.md §4 "Deposit with non-real account" (and §6 for withdrawals): what a trial member gets instead
 * of a money form — the refusal, why, and a way to a real account and home.
 */
export function ActualAccountRequired({ title, hint }: { title: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState title={title}>
      <p className="kl-actual-account__hint">{hint}</p>
      <div className="kl-actual-account__actions">
        <Link className="kl-button kl-button--primary kl-button--small" to={fullPath('register')}>
          {t('actualAccount.registerNow')}
        </Link>
        <Link className="kl-button kl-button--outline kl-button--small" to={HOME_PATH}>
          {t('actualAccount.backHome')}
        </Link>
      </div>
    </EmptyState>
  );
}
