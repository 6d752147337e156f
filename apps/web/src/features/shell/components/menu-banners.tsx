import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { bannersOf, PictureBanner, useBanners } from '../../home/index.ts';

/** The m_leftmenu pictures, as the server draws them. */
const SIZE = { width: 600, height: 200 };

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
          <PictureBanner
            key={banner.id}
            banner={banner}
            className="kl-side-menu__banner"
            size={SIZE}
            onFollow={onNavigate}
          />
        ))}
      </ul>
    </section>
  );
}
