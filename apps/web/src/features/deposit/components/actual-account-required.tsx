import { HOME_PATH, fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';

/** product.md §4 "Deposit with non-real account": the text, no form; a way to a real account and home. */
export function ActualAccountRequired() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('deposit.actualAccountRequired')}>
      <p className="kl-deposit-note">{t('deposit.actualAccountHint')}</p>
      <div className="kl-deposit-actions">
        <Link className="kl-button kl-button--primary kl-button--small" to={fullPath('register')}>
          {t('deposit.registerNow')}
        </Link>
        <Link className="kl-button kl-button--outline kl-button--small" to={HOME_PATH}>
          {t('deposit.backHome')}
        </Link>
      </div>
    </EmptyState>
  );
}
