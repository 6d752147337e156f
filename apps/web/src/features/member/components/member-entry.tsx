import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/ui/toast.ts';
import { UnreadBadge, useInboxUnreadCount } from '../../messages/index.ts';
import type { MemberItem } from '../lib/member-items.ts';
import { ITEM_ICONS, NextIcon } from './icons.tsx';

/** The inbox's unread count as a badge (members only; nothing while unknown or 0). */
function InboxBadge() {
  const unread = useInboxUnreadCount();
  return (
    <Suspense fallback={null}>
      <UnreadBadge count={unread.data?.unreadCount} />
    </Suspense>
  );
}

/**
 * One entry of the member centre: a tile of the quick actions or a row of the menu. A page entry is a
 * link; an entry that answers with a message (VIP without benefits, deposit of a trial account) is a
 * button that shows it. Drawn again only when its item changes: an answer arriving for the screen (the
 * member's info) redraws the screen, not its two dozen entries (docs/performance.md).
 */
export const MemberEntry = memo(function MemberEntry({
  item,
  variant,
}: {
  item: MemberItem;
  variant: 'tile' | 'row';
}) {
  const { t } = useTranslation();
  const ItemIcon = ITEM_ICONS[item.key];
  const className = `kl-member-entry kl-member-entry--${variant}`;
  const content = (
    <>
      <span className="kl-member-entry__icon">
        <ItemIcon />
      </span>
      <span className="kl-member-entry__label">
        {t(`member.items.${item.key}`)}
        {item.key === 'inbox' && <InboxBadge />}
      </span>
      {variant === 'row' && (
        <span className="kl-member-entry__next">
          <NextIcon />
        </span>
      )}
    </>
  );
  if (item.kind === 'route') {
    return (
      <Link className={className} to={item.to} data-item={item.key}>
        {content}
      </Link>
    );
  }
  const message =
    item.message === 'contactService' ? t('home.contactService') : t('home.actualAccountRequired');
  return (
    <button type="button" className={className} data-item={item.key} onClick={() => void toast.info(message)}>
      {content}
    </button>
  );
});
