import type { Banner } from '@kl/contracts/content';
import { CenterPopup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton, ModalPanel } from '../../../shared/ui/modal-panel.tsx';
import { BannerItem } from './banner-item.tsx';
import '../../../shared/lib/antd-setup.ts';

/** The m_popup pictures (the server draws them 600 × 600). */
const SIZE = 600;

function PopupBanner({ banner, onFollow }: { banner: Banner; onFollow: () => void }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <BannerItem
      banner={banner}
      onFollow={onFollow}
      picture={
        <img
          className="kl-promo__image"
          src={banner.url}
          alt={banner.title}
          width={SIZE}
          height={SIZE}
          onError={() => setFailed(true)}
        />
      }
    />
  );
}

function PromoBody({ banners, onClose }: { banners: readonly Banner[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalPanel label={t('home.promo.title')} className="kl-promo" testId="promo-dialog" onClose={onClose}>
      <CloseButton className="kl-icon-button kl-promo__close" onClick={onClose} />
      <ul className="kl-promo__list">
        {banners.map((banner) => (
          <PopupBanner key={banner.id} banner={banner} onFollow={onClose} />
        ))}
      </ul>
    </ModalPanel>
  );
}

/** The promo dialog: the m_popup banners, each following its link like the carousel's. */
export default function PromoDialog({
  banners,
  open,
  onClose,
}: {
  banners: readonly Banner[];
  open: boolean;
  onClose: () => void;
}) {
  return (
    <CenterPopup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="kl-promo-popup"
    >
      <PromoBody banners={banners} onClose={onClose} />
    </CenterPopup>
  );
}
