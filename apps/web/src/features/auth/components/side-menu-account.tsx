import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useMemberInfo } from '../api/get-member-info.ts';

/** The member panel of the side menu (product.md §2): name and VIP level (members only). */
export default function SideMenuAccount() {
  const { t } = useTranslation();
  const { userName } = useSession();
  const member = useMemberInfo();
  if (userName === null) return null;
  return (
    <div className="kl-side-account" data-testid="member-panel">
      <p className="kl-side-account__name">{member.data?.nickname || userName}</p>
      <p className="kl-side-account__vip">
        {t('header.vip', { level: member.data?.clubLabel.labelName ?? '0' })}
      </p>
    </div>
  );
}
