import type { ServiceLinks } from '@kl/contracts/content';
import { fullPath } from '@kl/contracts/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { safeLinkUrl } from '../../../shared/lib/url.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useLaunchLiveChat, useServiceLinks } from '../../support/index.ts';
import { useAnnouncementUnreadCount, useChatUnreadCount, useInboxUnreadCount } from '../api/unread-counts.ts';
import {
  AffiliateIcon,
  AnnouncementIcon,
  ChevronIcon,
  InboxIcon,
  LiveChatIcon,
  TelegramIcon,
} from './icons.tsx';
import { UnreadBadge } from './unread-badge.tsx';
import './message-centre.css';

/** The Telegram address: the customer-service link, else the TELEGRAM resource, else the social link. */
function telegramUrl(links: ServiceLinks | undefined): string | null {
  if (!links) return null;
  const candidates = [
    links.customerService.find((link) => link.csType === 'TELEGRAM')?.path,
    links.resources.find((link) => link.resourceType === 'TELEGRAM')?.url,
    links.socialLinks.find((link) => link.type === 'Telegram')?.url,
  ];
  for (const candidate of candidates) {
    const url = safeLinkUrl(candidate);
    if (url) return url;
  }
  return null;
}

/** The affiliate (agent) service: the merchant's AGENT resource. */
const affiliateUrl = (links: ServiceLinks | undefined) =>
  safeLinkUrl(links?.resources.find((link) => link.resourceType === 'AGENT')?.url);

function EntryBody({
  icon,
  label,
  badge,
  external,
}: {
  icon: ReactNode;
  label: string;
  badge?: ReactNode;
  external?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <span className="kl-message-entry__icon">{icon}</span>
      <span className="kl-message-entry__label">
        {label}
        {external && (
          <>
            {' '}
            <span className="kl-visually-hidden">({t('common.opensInNewTab')})</span>
          </>
        )}
      </span>
      {badge}
      <span className="kl-message-entry__chevron">
        <ChevronIcon />
      </span>
    </>
  );
}

/**
 * The message centre of product.md §2 (logged in only): Telegram, announcements, inbox, live chat (only
 * when the merchant's CBS3 toggle is on) and the affiliate service, with unread badges ('99+' above
 * 99). Trial members see no inbox count and get free_reject for the inbox and live chat (product.md §6).
 * Links whose address the merchant has not set are left out. Renders nothing for a visitor.
 */
export function MessageCentre({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { role } = useSession();
  const { data: links } = useServiceLinks();
  const liveChat = useLaunchLiveChat();
  const { data: announcementsUnread } = useAnnouncementUnreadCount();
  const { data: inbox } = useInboxUnreadCount();
  const { data: chatUnread } = useChatUnreadCount();
  if (role === 'visitor') return null;

  const telegram = telegramUrl(links);
  const affiliate = affiliateUrl(links);
  const inboxOffered = role === 'member' && inbox?.offered !== false;

  return (
    <ul className="kl-message-centre" data-testid="message-centre">
      {telegram && (
        <li>
          <a
            className="kl-message-entry"
            href={telegram}
            target="_blank"
            rel="noopener noreferrer"
            data-entry="telegram"
            onClick={onNavigate}
          >
            <EntryBody icon={<TelegramIcon />} label={t('messages.telegram')} external />
          </a>
        </li>
      )}
      <li>
        <Link
          className="kl-message-entry"
          to={fullPath('notice')}
          data-entry="announcements"
          onClick={onNavigate}
        >
          <EntryBody
            icon={<AnnouncementIcon />}
            label={t('messages.announcements')}
            badge={<UnreadBadge count={announcementsUnread} />}
          />
        </Link>
      </li>
      <li>
        {inboxOffered ? (
          <Link
            className="kl-message-entry"
            to={fullPath('webEmail')}
            data-entry="inbox"
            onClick={onNavigate}
          >
            <EntryBody
              icon={<InboxIcon />}
              label={t('messages.inbox')}
              badge={<UnreadBadge count={inbox?.unreadCount} />}
            />
          </Link>
        ) : (
          <button
            type="button"
            className="kl-message-entry"
            data-entry="inbox"
            onClick={() => void toast.info(t('free_reject'))}
          >
            <EntryBody icon={<InboxIcon />} label={t('messages.inbox')} />
          </button>
        )}
      </li>
      {liveChat.available && (
        <li>
          <button
            type="button"
            className="kl-message-entry"
            data-entry="live-chat"
            disabled={liveChat.pending}
            onClick={liveChat.launch}
          >
            <EntryBody
              icon={<LiveChatIcon />}
              label={t('messages.liveChat')}
              badge={role === 'member' ? <UnreadBadge count={chatUnread} /> : undefined}
            />
          </button>
        </li>
      )}
      {affiliate && (
        <li>
          <a
            className="kl-message-entry"
            href={affiliate}
            target="_blank"
            rel="noopener noreferrer"
            data-entry="affiliate"
            onClick={onNavigate}
          >
            <EntryBody icon={<AffiliateIcon />} label={t('messages.affiliateService')} external />
          </a>
        </li>
      )}
    </ul>
  );
}

export default MessageCentre;
