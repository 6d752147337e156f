import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../system-status/index.ts';
import { useBanners } from '../api/get-banners.ts';
import { bannersOf, homeCarouselGroups } from '../lib/banners.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { PromoButton } from './promo-button.tsx';

/**
 * The home's banners (one call for every group): the carousel of m_home (and m_live with the
 * live-host feature), a box of the banners' shape while they load, and the floating promo button
 * when there are m_popup banners.
 */
export function HomeBanners() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const { data: banners, isPending } = useBanners();
  if (isPending) return <div className="kl-banners kl-banners--loading" aria-hidden="true" />;
  if (!banners) return null;
  return (
    <>
      <BannerCarousel
        banners={bannersOf(banners, homeCarouselGroups(status?.info.toggles))}
        label={t('home.banners.label')}
      />
      <PromoButton banners={bannersOf(banners, ['m_popup'])} />
    </>
  );
}
