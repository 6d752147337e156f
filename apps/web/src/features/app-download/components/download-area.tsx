import { useTranslation } from 'react-i18next';
import { useAppDownload } from '../lib/use-app-download.ts';
import { AppLinkButtons } from './app-link-buttons.tsx';
import '../app-download.css';

/**
 * The home's download area (product.md §2 home, footer app buttons): the app buttons, absent without app
 * links and inside the app or the installed web app.
 */
export default function DownloadArea() {
  const { t } = useTranslation();
  const { links, platform, offered } = useAppDownload();
  if (!offered) return null;
  return (
    <section
      className="kl-download-area"
      aria-labelledby="kl-download-area-title"
      data-testid="download-area"
    >
      {links.icon && (
        <img src={links.icon} alt="" width={40} height={40} className="kl-app-icon" loading="lazy" />
      )}
      <div className="kl-download-area__body">
        <h2 id="kl-download-area-title" className="kl-download-area__title">
          {t('appDownload.title')}
        </h2>
        <AppLinkButtons links={links} platform={platform} />
      </div>
    </section>
  );
}
