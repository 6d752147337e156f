import { fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useMemberInfo } from '../api/get-member-info.ts';

/** The VIP level of the member (product.md §3 clubLabel.labelName, 0 until known). */
function VipBadge() {
  const { t } = useTranslation();
  const { data } = useMemberInfo();
  const level = data?.clubLabel.labelName ?? '0';
  return <span className="kl-header__vip">{t('header.vip', { level })}</span>;
}

/**
 * The account part of the special header (product.md §2): login and register for visitors; the user name
 * with the VIP badge when logged in.
 */
export function HeaderAccount() {
  const { t } = useTranslation();
  const { userName } = useSession();
  if (userName !== null) {
    return (
      <span className="kl-header__member" data-testid="header-member">
        <span className="kl-header__username">{userName}</span>
        <VipBadge />
      </span>
    );
  }
  return (
    <>
      <Link to={fullPath('login')} className="kl-button kl-button--outline kl-button--small">
        {t('header.login')}
      </Link>
      <Link to={fullPath('register')} className="kl-button kl-button--primary kl-button--small">
        {t('header.register')}
      </Link>
    </>
  );
}
