import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/stores/session-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { MENU_PATHS } from '../lib/menu-rules.ts';
import { DepositIcon, WithdrawIcon } from './icons.tsx';

/**
 * The member panel's withdraw and deposit (product.md §2), logged in only. A trial account cannot deposit
 * (product.md §4 'actual account required'). The balance comes with the wallet.
 */
export function MemberActions({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { role } = useSession();
  if (role === 'visitor') return null;
  return (
    <div className="kl-side-menu__member-actions" data-testid="member-actions">
      <Link
        to={MENU_PATHS.withdraw}
        className="kl-button kl-button--outline kl-button--small"
        onClick={onNavigate}
      >
        <WithdrawIcon />
        <span>{t('sideMenu.withdraw')}</span>
      </Link>
      {role === 'trial' ? (
        <button
          type="button"
          className="kl-button kl-button--primary kl-button--small"
          onClick={() => void toast.info(t('home.actualAccountRequired'))}
        >
          <DepositIcon />
          <span>{t('sideMenu.deposit')}</span>
        </button>
      ) : (
        <Link
          to={MENU_PATHS.deposit}
          className="kl-button kl-button--primary kl-button--small"
          onClick={onNavigate}
        >
          <DepositIcon />
          <span>{t('sideMenu.deposit')}</span>
        </Link>
      )}
    </div>
  );
}
