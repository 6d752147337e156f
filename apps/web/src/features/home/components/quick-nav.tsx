import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/ui/toast.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useAppDownload } from '../../app-download/index.ts';
import { CustomerServicePopup, preloadCustomerServicePopup } from '../../support/index.ts';
import { useSystemStatus } from '../../system-status/index.ts';
import { quickNavItems, type QuickNavItem, type QuickNavKey } from '../lib/quick-nav.ts';
import { CrownIcon, DepositIcon, HeadsetIcon, PhoneIcon, TelegramIcon, WithdrawIcon } from './icons.tsx';

const ICONS: Record<QuickNavKey, () => ReactElement> = {
  telegram: TelegramIcon,
  app: PhoneIcon,
  vip: CrownIcon,
  deposit: DepositIcon,
  withdraw: WithdrawIcon,
  service: HeadsetIcon,
};

function QuickNavEntry({ item }: { item: QuickNavItem }) {
  const { t } = useTranslation();
  const [serviceOpen, setServiceOpen] = useState(false);
  const ItemIcon = ICONS[item.key];
  const content = (
    <>
      <ItemIcon />
      <span>{t(`home.quickNav.${item.key}`)}</span>
    </>
  );
  switch (item.kind) {
    case 'route':
      return (
        <Link className="kl-quick-nav__item" to={item.to}>
          {content}
        </Link>
      );
    case 'external':
      return (
        <a className="kl-quick-nav__item" href={item.href} target="_blank" rel="noopener noreferrer">
          {content}
          <span className="kl-visually-hidden"> ({t('common.opensInNewTab')})</span>
        </a>
      );
    case 'customer-service': {
      const preload = () => void preloadCustomerServicePopup().catch(() => undefined);
      return (
        <>
          <button
            type="button"
            className="kl-quick-nav__item"
            aria-haspopup="dialog"
            aria-expanded={serviceOpen}
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => setServiceOpen(true)}
          >
            {content}
          </button>
          <CustomerServicePopup visible={serviceOpen} onClose={() => setServiceOpen(false)} />
        </>
      );
    }
    case 'message':
      return (
        <button
          type="button"
          className="kl-quick-nav__item"
          onClick={() => void toast.info(t(`home.${item.message}`))}
        >
          {content}
        </button>
      );
  }
}

/** The quick-nav bar of product.md §2 (rules in `quickNavItems`). */
export function QuickNav() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const { role } = useSession();
  const { offered } = useAppDownload();
  const items = quickNavItems({ status, role, appOffered: offered });
  return (
    <nav className="kl-quick-nav" aria-label={t('home.quickNav.label')} data-testid="quick-nav">
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <QuickNavEntry item={item} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
