import type { Banner } from '@kl/contracts/content';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerItem, bannersOf, useBanners } from '../../home/index.ts';

/** The m_leftmenu pictures (the server draws them 600 × 200). */
const WIDTH = 600;
const HEIGHT = 200;

function MenuBanner({ banner, onNavigate }: { banner: Banner; onNavigate: () => void }) {
  return (
    <BannerItem
      banner={banner}
      onFollow={onNavigate}
      picture={
        <img
          className="kl-side-menu__banner"
          src={banner.url}
          alt={banner.title}
          width={WIDTH}
          height={HEIGHT}
          loading="lazy"
          decoding="async"
        />
      }
    />
  );
}

/**
 * The side menu's banners (group m_leftmenu), each following its link as home's carousel does; the
 * banners of every group are one call, which home has usually made already. Nothing without any.
 */
export function MenuBanners({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data } = useBanners();
  const banners = bannersOf(data ?? [], ['m_leftmenu']);
  if (banners.length === 0) return null;
  return (
    <section className="kl-side-menu__section" aria-labelledby={headingId} data-testid="menu-banners">
      <h2 id={headingId} className="kl-side-menu__heading">
        {t('sideMenu.featured')}
      </h2>
      <ul className="kl-side-menu__banners">
        {banners.map((banner) => (
          <MenuBanner key={banner.id} banner={banner} onNavigate={onNavigate} />
        ))}
      </ul>
    </section>
  );
}
