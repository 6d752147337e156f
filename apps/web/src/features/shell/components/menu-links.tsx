import { HOME_PATH } from '@kl/contracts/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { safeLinkUrl } from '../../../shared/lib/url.ts';
import { AgentIcon, HomeIcon, InviteIcon, MessagesIcon } from '../../../shared/ui/icons.tsx';
import { DEFAULT_CATEGORY, useUiStore } from '../../../shared/stores/ui-store.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useAppDownload } from '../../app-download/index.ts';
import { badgeText, useAnnouncementUnreadCount } from '../../messages/index.ts';
import { useServiceLinks } from '../../support/index.ts';
import { useSystemStatus } from '../../system-status/index.ts';
import { useReferralPromotionRunning } from '../../promotions/side-menu.ts';
import { isAgentType } from '../../member/index.ts';
import { MenuBanners } from './menu-banners.tsx';
import { inviteShown, liveChatShown, MENU_PATHS } from '../lib/menu-rules.ts';
import { ChatIcon, DownloadIcon, FacebookIcon, InfoIcon, MegaphoneIcon, TelegramIcon } from './icons.tsx';

function MenuLink({
  to,
  icon,
  label,
  badge,
  onClick,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  badge?: ReactNode;
  onClick?: () => void;
  testId?: string;
}) {
  return (
    <li>
      <Link to={to} className="kl-side-menu__link" onClick={onClick} data-testid={testId}>
        {icon}
        <span className="kl-side-menu__label">{label}</span>
        {badge}
      </Link>
    </li>
  );
}

function ExternalLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  const { t } = useTranslation();
  return (
    <li>
      <a className="kl-side-menu__link" href={href} target="_blank" rel="noopener noreferrer">
        {icon}
        <span className="kl-side-menu__label">{label}</span>
        <span className="kl-visually-hidden"> ({t('common.opensInNewTab')})</span>
      </a>
    </li>
  );
}

/**
 * The unclaimed announcements of a logged-in member (product.md §2), capped at 99+ (product.md §9): the count the
 * announcements keep up to date when one is read.
 */
function UnreadBadge() {
  const { t } = useTranslation();
  const { data: count } = useAnnouncementUnreadCount();
  const text = badgeText(count);
  if (text === null) return null;
  return (
    <span className="kl-side-menu__badge" data-testid="announcement-badge">
      <span aria-hidden="true">{text}</span>
      <span className="kl-visually-hidden">{t('sideMenu.unread', { count: count ?? 0 })}</span>
    </span>
  );
}

/** The social links of product.md §2 side menu (Facebook, Telegram, Telegram2), from the service links. */
function SocialLinks() {
  const { t } = useTranslation();
  const { data } = useServiceLinks();
  const links = (data?.socialLinks ?? []).flatMap((link) => {
    const href = safeLinkUrl(link.url);
    return href ? [{ ...link, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <section className="kl-side-menu__section" aria-labelledby="kl-side-menu-social">
      <h2 id="kl-side-menu-social" className="kl-side-menu__heading">
        {t('sideMenu.social')}
      </h2>
      <ul className="kl-side-menu__links">
        {links.map((link) => (
          <ExternalLink
            key={link.type}
            href={link.href}
            icon={link.type === 'Facebook' ? <FacebookIcon /> : <TelegramIcon />}
            label={link.label}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The side menu's links (product.md §2): home, announcements with the unclaimed count (logged in), the
 * message centre (announcements and the inbox in one place), the download promo, live chat, agent (the agent centre for agents, the application for others; docs/agents.md),
 * invite (product.md §2/§6 rules), the merchant's m_leftmenu banners, the social links and about us.
 */
export function MenuLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const selectCategory = useUiStore((state) => state.selectCategory);
  const { data: status } = useSystemStatus();
  const { role, info } = useSession();
  const { offered: appOffered } = useAppDownload();
  // Members see invite while the merchant runs a REFERRAL promotion (the public promotions list, asked
  // only once the menu of a logged-in member opens, then cached).
  const referralPromotion = useReferralPromotionRunning(role !== 'visitor');
  const invite = inviteShown({ role, memberType: info?.type, referralPromotion });
  return (
    <>
      <nav aria-label={t('sideMenu.title')}>
        <ul className="kl-side-menu__links">
          <MenuLink
            to={HOME_PATH}
            icon={<HomeIcon />}
            label={t('sideMenu.home')}
            onClick={() => {
              selectCategory(DEFAULT_CATEGORY);
              onNavigate();
            }}
          />
          <MenuLink
            to={MENU_PATHS.notice}
            icon={<MegaphoneIcon />}
            label={t('sideMenu.announcements')}
            badge={role === 'visitor' ? null : <UnreadBadge />}
            onClick={onNavigate}
            testId="menu-announcements"
          />
          <MenuLink
            to={MENU_PATHS.messageCentre}
            icon={<MessagesIcon />}
            label={t('sideMenu.messageCentre')}
            onClick={onNavigate}
          />
          {appOffered && (
            <li>
              <Link
                to={MENU_PATHS.app}
                className="kl-side-menu__link kl-side-menu__promo"
                onClick={onNavigate}
                data-testid="menu-download"
              >
                <DownloadIcon />
                <span className="kl-side-menu__label">
                  {t('sideMenu.download')}
                  <small>{t('sideMenu.downloadPromo')}</small>
                </span>
              </Link>
            </li>
          )}
          {liveChatShown(status) && (
            <MenuLink
              to={MENU_PATHS.service}
              icon={<ChatIcon />}
              label={t('sideMenu.liveChat')}
              onClick={onNavigate}
            />
          )}
          <MenuLink
            to={MENU_PATHS.agent}
            icon={<AgentIcon />}
            label={isAgentType(info?.type) ? t('sideMenu.agentCentre') : t('sideMenu.agent')}
            onClick={onNavigate}
          />
          {invite && (
            <MenuLink
              to={MENU_PATHS.invite}
              icon={<InviteIcon />}
              label={t('sideMenu.invite')}
              onClick={onNavigate}
            />
          )}
          <MenuLink
            to={MENU_PATHS.about}
            icon={<InfoIcon />}
            label={t('sideMenu.about')}
            onClick={onNavigate}
          />
        </ul>
      </nav>
      <MenuBanners onNavigate={onNavigate} />
      <SocialLinks />
    </>
  );
}
