import { fullPath } from '@kl/contracts/routes';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseButton, ModalPanel } from '../../../shared/ui/modal-panel.tsx';
import { useAppDownload } from '../lib/use-app-download.ts';
import { AppLinkButtons } from './app-link-buttons.tsx';
import '../../../shared/lib/antd-setup.ts';
import '../app-download.css';

function PopupBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { links, platform } = useAppDownload();
  return (
    <ModalPanel
      labelledBy="kl-download-title"
      className="kl-download-popup"
      testId="download-popup"
      onClose={onClose}
    >
      <div className="kl-download-popup__head">
        {links.icon && <img src={links.icon} alt="" width={48} height={48} className="kl-app-icon" />}
        <h2 id="kl-download-title">{t('appDownload.title')}</h2>
        <CloseButton onClick={onClose} />
      </div>
      <p className="kl-download-popup__text">{t('appDownload.intro')}</p>
      <AppLinkButtons links={links} platform={platform} />
      <Link to={fullPath('app')} className="kl-download-popup__more" onClick={onClose}>
        {t('appDownload.more')}
      </Link>
    </ModalPanel>
  );
}

/** The app download popup of product.md §2 (header download button): the app buttons and a link to /m/app. */
export default function DownloadPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="kl-sheet">
      <PopupBody onClose={onClose} />
    </Popup>
  );
}
