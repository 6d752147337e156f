import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../lib/badge.ts';

// Styled inline rather than by a stylesheet: the badge is exported for the side menu and home, and
// importing it must not add a stylesheet to the first load. White on #c62828 meets WCAG AA.
const BADGE_STYLE: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 20,
  height: 20,
  padding: '0 6px',
  borderRadius: 10,
  background: '#c62828',
  color: '#ffffff',
  fontSize: 12,
  fontWeight: 700,
  lineHeight: 1,
  whiteSpace: 'nowrap',
};

/**
 * A count badge (product.md §9: '99+' above 99; nothing for 0). Screen readers hear "<count> unread" as
 * part of the name of the link or button it sits in.
 */
export function UnreadBadge({ count }: { count: number | null | undefined }) {
  const { t } = useTranslation();
  const text = badgeText(count);
  if (text === null) return null;
  // The space apart keeps "<label> <count> unread" as words in the accessible name.
  return (
    <>
      {' '}
      <span className="kl-unread-badge" style={BADGE_STYLE} data-testid="unread-badge">
        <span aria-hidden="true">{text}</span>
        <span className="kl-visually-hidden">{t('messages.unreadBadge', { count: text })}</span>
      </span>
    </>
  );
}

export default UnreadBadge;
