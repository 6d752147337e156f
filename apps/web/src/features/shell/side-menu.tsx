import { Popup } from 'antd-mobile';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton, ModalPanel } from '../../shared/ui/modal-panel.tsx';
import { useUiStore } from '../../shared/stores/ui-store.ts';
import { SideMenuAccount, SignOutButton } from '../auth/index.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { WalletBalance } from '../wallet/index.ts';
import { useSystemStatus } from '../system-status/index.ts';
import { MemberActions } from './components/member-actions.tsx';
import { MenuLinks } from './components/menu-links.tsx';
import { Gmt8Clock } from './gmt8-clock.tsx';
import { LanguageSelector } from './language-selector.tsx';
import { ThemeSwitch } from './theme-switch.tsx';
import './side-menu.css';
import '../../shared/lib/antd-setup.ts';

// The account panel comes with the menu.
void SideMenuAccount.preload().catch(() => undefined);

/** The open menu: a modal dialog that takes the focus and gives it back when it closes. */
function SideMenuPanel() {
  const { t } = useTranslation();
  const close = useUiStore((state) => state.closeSideMenu);
  const { data: status } = useSystemStatus();
  const { role } = useSession();

  return (
    <ModalPanel
      label={t('sideMenu.title')}
      testId="side-menu"
      className="kl-side-menu__dialog"
      trapFocus
      onClose={close}
    >
      <div className="kl-side-menu__top">
        <p className="kl-side-menu__site">{status?.info.whitelabel.siteName}</p>
        <CloseButton onClick={close} />
      </div>
      <Suspense fallback={null}>
        <SideMenuAccount />
      </Suspense>
      {role !== 'visitor' && (
        <Suspense fallback={null}>
          <WalletBalance />
        </Suspense>
      )}
      <MemberActions onNavigate={close} />
      <MenuLinks onNavigate={close} />
      <Suspense fallback={null}>
        <SignOutButton onSignedOut={close} />
      </Suspense>
      <LanguageSelector />
      <section className="kl-side-menu__section">
        <h2 className="kl-side-menu__heading">{t('sideMenu.appearance')}</h2>
        <ThemeSwitch />
      </section>
      <Gmt8Clock />
    </ModalPanel>
  );
}

/** The side menu of product.md §2, sliding in from the left (antd-mobile Popup). */
export default function SideMenu() {
  const open = useUiStore((state) => state.sideMenuOpen);
  const close = useUiStore((state) => state.closeSideMenu);
  return (
    <Popup
      visible={open}
      position="left"
      onMaskClick={close}
      onClose={close}
      destroyOnClose
      bodyClassName="kl-side-menu"
    >
      <SideMenuPanel />
    </Popup>
  );
}
