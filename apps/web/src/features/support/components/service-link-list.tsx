import type { ServiceLinks } from '@kl/contracts/content';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkTargetOf } from '../lib/link-target.ts';
import { ServiceIcon } from './service-icons.tsx';

type CustomerServiceLink = ServiceLinks['customerService'][number];

/**
 * The merchant's customer-service links (csType LIVECHAT, TELEGRAM, FACEBOOK, YOUTUBE, CS,
 * whatsapp), one item each: a screen of this app opens in the app, another site in a new tab. When
 * live chat is offered (CBS3), the LIVECHAT item starts it instead of following its path. Links
 * whose address is unusable are left out.
 */
export function ServiceLinkList({
  links,
  liveChat,
  onNavigate,
  empty = null,
}: {
  links: readonly CustomerServiceLink[];
  /** Live chat, when offered: the LIVECHAT item calls `launch`. */
  liveChat?: { launch: () => void; pending: boolean } | null;
  /** Called when an item takes the user elsewhere (a popup closes). */
  onNavigate?: () => void;
  /** Shown instead of the list when no link is usable. */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const items = links.flatMap((link, index) => {
    const label = t(`customerService.${link.csType}`);
    const key = `${link.csType}:${index}`;
    if (link.csType === 'LIVECHAT' && liveChat) {
      return [
        <li key={key}>
          <button
            type="button"
            className="kl-service-link"
            data-cs-type={link.csType}
            disabled={liveChat.pending}
            onClick={() => {
              onNavigate?.();
              liveChat.launch();
            }}
          >
            <ServiceIcon csType={link.csType} />
            <span>{label}</span>
          </button>
        </li>,
      ];
    }
    const target = linkTargetOf(link.path);
    if (target === null) return [];
    return [
      <li key={key}>
        {target.kind === 'app' ? (
          <Link className="kl-service-link" data-cs-type={link.csType} to={target.path} onClick={onNavigate}>
            <ServiceIcon csType={link.csType} />
            <span>{label}</span>
          </Link>
        ) : (
          <a
            className="kl-service-link"
            data-cs-type={link.csType}
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onNavigate}
          >
            <ServiceIcon csType={link.csType} />
            <span>
              {label} <span className="kl-visually-hidden">({t('common.opensInNewTab')})</span>
            </span>
          </a>
        )}
      </li>,
    ];
  });
  if (items.length === 0) return empty;
  return <ul className="kl-service-links">{items}</ul>;
}
