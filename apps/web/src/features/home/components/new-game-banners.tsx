import { useTranslation } from 'react-i18next';
import { useBanners } from '../api/get-banners.ts';
import { bannersOf } from '../lib/banners.ts';
import { PictureBanner } from './banner-item.tsx';

/** The m_newgame pictures, as the server draws them. */
const SIZE = { width: 750, height: 300 };

/**
 * The new-games section's banners (group m_newgame, product.md §2), below its games, each following its
 * link; the banners of every group are home's one call. Nothing without any.
 */
export function NewGameBanners() {
  const { t } = useTranslation();
  const { data } = useBanners();
  const banners = bannersOf(data ?? [], ['m_newgame']);
  if (banners.length === 0) return null;
  return (
    <ul
      className="kl-home-section-banners"
      aria-label={t('home.newGameBanners')}
      data-testid="new-game-banners"
    >
      {banners.map((banner) => (
        <PictureBanner
          key={banner.id}
          banner={banner}
          className="kl-home-section-banners__picture"
          size={SIZE}
        />
      ))}
    </ul>
  );
}
