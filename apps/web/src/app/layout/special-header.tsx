import { IMAGE_PREFIX } from '@kl/contracts/constants';
import { HOME_PATH } from '@kl/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderDownloadButton } from '../../features/app-download/index.ts';
import { HeaderAccount } from '../../features/auth/index.ts';
import { SideMenu } from '../../features/shell/index.ts';
import { useSystemStatus } from '../../features/system-status/index.ts';
import { safeLinkUrl } from '../../shared/lib/url.ts';
import { HomeIcon, MenuIcon } from '../../shared/ui/icons.tsx';
import { DEFAULT_CATEGORY, useUiStore } from '../../shared/stores/ui-store.ts';

/**
 * The merchant's logo from the status info (its site name if the image is missing or fails), named by the
 * site's name: the one uploaded in the back office, or the drawn one. On a phone the drawn logo shows its
 * mark (its left square); an uploaded one has no such mark and is shown whole, smaller.
 */
function Logo() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const whitelabel = status?.info.whitelabel;
  if (!whitelabel) {
    return (
      <span className="kl-header__logo-fallback" aria-label={t('header.home')} role="img">
        <HomeIcon />
      </span>
    );
  }
  const src = safeLinkUrl(whitelabel.logoUrl);
  if (!src || src === failedSrc) return <span className="kl-header__site-name">{whitelabel.siteName}</span>;
  return (
    <img
      className={
        src.startsWith(IMAGE_PREFIX)
          ? 'kl-header__logo-image kl-header__logo-image--whole'
          : 'kl-header__logo-image'
      }
      src={src}
      alt={whitelabel.siteName}
      height={32}
      onError={() => setFailedSrc(src)}
    />
  );
}

/**
 * The header of home, login, register, forget and changePsw (product.md §2): logo (home, selects HOT),
 * the download button (home only, see HeaderDownloadButton), login and register (or the member's name
 * and VIP badge), side-menu toggle. On a phone the logo shows its mark and the download button is in the
 * side menu only; the layout is CSS (`app/styles/layout.css`, docs/layout.md).
 */
export function SpecialHeader() {
  const { t } = useTranslation();
  const sideMenuOpen = useUiStore((state) => state.sideMenuOpen);
  const openSideMenu = useUiStore((state) => state.openSideMenu);
  const selectCategory = useUiStore((state) => state.selectCategory);
  const preloadMenu = () => void SideMenu.preload().catch(() => undefined);
  return (
    <header data-testid="app-header" data-kind="special" className="kl-header kl-header--special">
      <Link to={HOME_PATH} className="kl-header__logo" onClick={() => selectCategory(DEFAULT_CATEGORY)}>
        <Logo />
      </Link>
      <div className="kl-header__actions">
        {/* Secondary: on a phone it leaves the header for the side menu's own entry (docs/layout.md). */}
        <span className="kl-header__secondary">
          <HeaderDownloadButton />
        </span>
        <HeaderAccount />
        <button
          type="button"
          className="kl-icon-button"
          aria-label={t('header.menu')}
          aria-haspopup="dialog"
          aria-expanded={sideMenuOpen}
          onClick={openSideMenu}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
        >
          <MenuIcon />
        </button>
      </div>
    </header>
  );
}
