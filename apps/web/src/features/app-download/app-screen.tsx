import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { AppLinkButtons } from './components/app-link-buttons.tsx';
import { HomeScreenSteps } from './components/home-screen-guide.tsx';
import { hasAppLinks } from './lib/app-links.ts';
import { downloadsHidden, homeScreenGuideOffered } from './lib/platform.ts';
import { useAppDownload } from './lib/use-app-download.ts';
import './app-download.css';

/**
 * /m/app (product.md §2 App download): the merchant's app links with the iOS rules of product.md §4, and on iOS
 * Safari the steps to add the site to the home screen. Inside the app or the installed web app there
 * is nothing to download.
 */
export default function AppScreen() {
  const { t } = useTranslation();
  const { links, platform, known } = useAppDownload();
  let body;
  if (!known) {
    body = (
      <p className="kl-app-page__note" role="status">
        {t('in_please_wait')}
      </p>
    );
  } else if (downloadsHidden(platform)) {
    body = <p className="kl-app-page__note">{t('appDownload.alreadyInApp')}</p>;
  } else if (!hasAppLinks(links)) {
    body = <EmptyState />;
  } else {
    body = (
      <>
        <p className="kl-app-page__note">{t('appDownload.intro')}</p>
        <AppLinkButtons links={links} platform={platform} />
        {homeScreenGuideOffered(platform) && (
          <section className="kl-app-page__guide" aria-labelledby="kl-app-guide-title">
            <h2 id="kl-app-guide-title">{t('appDownload.guide.title')}</h2>
            <HomeScreenSteps platform={platform} />
          </section>
        )}
      </>
    );
  }
  return (
    <section className="kl-screen kl-app-page" data-page="app">
      {links.icon && !downloadsHidden(platform) && (
        <img src={links.icon} alt="" width={72} height={72} className="kl-app-icon kl-app-page__icon" />
      )}
      {body}
    </section>
  );
}
