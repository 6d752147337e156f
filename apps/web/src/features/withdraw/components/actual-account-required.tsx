import { HOME_PATH, fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';

/** product.md §4, §6: withdrawals are for real accounts only ('free_reject'); a way to a real account and home. */
export function ActualAccountRequired() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('free_reject')}>
      <p className="kl-withdraw-note">{t('withdraw.actualAccountHint')}</p>
      <div className="kl-withdraw-actions">
        <Link className="kl-button kl-button--primary kl-button--small" to={fullPath('register')}>
          {t('withdraw.registerNow')}
        </Link>
        <Link className="kl-button kl-button--outline kl-button--small" to={HOME_PATH}>
          {t('withdraw.backHome')}
        </Link>
      </div>
    </EmptyState>
  );
}
