import { Popup } from 'antd-mobile';
import { Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../shared/ui/icons.tsx';
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

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog. */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (
    event.shiftKey &&
    (document.activeElement === first || document.activeElement === event.currentTarget)
  ) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The open menu: a modal dialog that takes the focus and gives it back when it closes. */
function SideMenuPanel() {
  const { t } = useTranslation();
  const close = useUiStore((state) => state.closeSideMenu);
  const { data: status } = useSystemStatus();
  const { role } = useSession();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    return () => returnFocusTo?.focus();
  }, []);

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={t('sideMenu.title')}
      data-testid="side-menu"
      tabIndex={-1}
      className="kl-side-menu__dialog"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
        else if (event.key === 'Tab') trapTab(event);
      }}
    >
      <div className="kl-side-menu__top">
        <p className="kl-side-menu__site">{status?.info.whitelabel.siteName}</p>
        <button type="button" className="kl-icon-button" aria-label={t('common.close')} onClick={close}>
          <CloseIcon />
        </button>
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
    </div>
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
