import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useMemberInfo } from '../../auth/index.ts';
import { useHeadIcon } from '../api/get-head-icon.ts';

/** The member's avatar (the head icon), or the first letter of the name until it is known. */
function Avatar({ name, size }: { name: string; size: number }) {
  const icon = useHeadIcon();
  const [failed, setFailed] = useState(false);
  const url = icon.data?.url;
  if (url && !failed) {
    return (
      <img
        className="kl-member-avatar"
        src={url}
        alt=""
        width={size}
        height={size}
        // At the top of the member centre, its largest picture: fetched with the page, not when laid out.
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className="kl-member-avatar kl-member-avatar--letter"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * Who is signed in (product.md §3 Member info): avatar, nickname (else the account), the account and the VIP
 * badge (clubLabel.labelName, 0 until known). `compact` is the base template's one-line version.
 */
export function ProfileCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { userName } = useSession();
  const info = useMemberInfo();
  const account = info.data?.account ?? userName ?? '';
  const nickname = info.data?.nickname || account;
  const level = info.data?.clubLabel.labelName ?? '0';
  return (
    <div
      className={compact ? 'kl-member-profile kl-member-profile--compact' : 'kl-member-profile'}
      data-testid="member-profile"
    >
      <Avatar name={nickname} size={compact ? 40 : 64} />
      <div className="kl-member-profile__text">
        <p className="kl-member-profile__name">{nickname}</p>
        {!compact && nickname !== account && (
          <p className="kl-member-profile__account">{t('member.account', { account })}</p>
        )}
        <p className="kl-member-profile__vip">
          <span className="kl-member-vip" data-testid="member-vip">
            {t('header.vip', { level })}
          </span>
        </p>
      </div>
    </div>
  );
}
