import { FOOTER_MENU, HOME_PATH } from '@kl/contracts/routes';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AgentIcon, GiftIcon, HomeIcon, InviteIcon, MemberIcon } from '../../shared/ui/icons.tsx';
import { DEFAULT_CATEGORY, useUiStore } from '../../shared/stores/ui-store.ts';

type FooterKey = (typeof FOOTER_MENU)[number]['key'];

const ICONS: Record<FooterKey, () => ReactElement> = {
  home: HomeIcon,
  promotions: GiftIcon,
  invite: InviteIcon,
  agent: AgentIcon,
  member: MemberIcon,
};

/** Paths (lower case) on which an item is the current one. */
const ACTIVE_ON: Record<FooterKey, (path: string) => boolean> = {
  home: (path) => path === HOME_PATH.toLowerCase(),
  promotions: (path) => path === '/m/activity' || path === '/m/activitydetail',
  invite: (path) => path === '/m/invitefriends',
  agent: (path) => path === '/m/agent',
  member: (path) => path.startsWith('/m/member/'),
};

/**
 * The footer menu of product.md §2: home (also selects HOT), promotions, invite, agent (the agent centre,
 * /m/agent: agents see their centre, others the application; docs/agents.md), member centre.
 */
export function FooterMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selectCategory = useUiStore((state) => state.selectCategory);
  const path = pathname.replace(/\/+$/, '').toLowerCase();

  return (
    <nav data-testid="app-footer" aria-label={t('footer.label')} className="kl-footer">
      <ul className="kl-footer__list">
        {FOOTER_MENU.map((item) => {
          const ItemIcon = ICONS[item.key];
          const label = t(`footer.${item.key}`);
          const active = ACTIVE_ON[item.key](path);
          return (
            <li key={item.key}>
              <Link
                className="kl-footer__item"
                to={item.to}
                aria-current={active ? 'page' : undefined}
                onClick={item.key === 'home' ? () => selectCategory(DEFAULT_CATEGORY) : undefined}
              >
                <ItemIcon />
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
