import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPlatform, homeScreenGuideOffered, HomeScreenGuide } from '../app-download/index.ts';
import { AgentContractCheck } from '../agent/index.ts';
import { HomeGames } from '../games/index.ts';
import { WalletBalance } from '../wallet/index.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { useAfterHydration } from '../../shared/hooks/use-after-hydration.ts';
import { AnnouncementMarquee } from './components/announcement-marquee.tsx';
import { HomeBanners } from './components/home-banners.tsx';
import { HomeLoadStatus } from './components/home-load-status.tsx';
import { NewGameBanners } from './components/new-game-banners.tsx';
import { QuickNav } from './components/quick-nav.tsx';
import { WhenNear } from '../../shared/ui/when-near.tsx';
import './home.css';

const HomeFooter = lazy(() => import('./components/home-footer.tsx'));

/** The new-games section ends with the merchant's m_newgame banners. */
const SECTION_EXTRAS = { NEW_GAME: <NewGameBanners /> };

/**
 * Home (product.md §2): banners, the announcement marquee, the wallet widget (members) and the quick-nav bar
 * on the first screen (small,
 * in this chunk); then the category menu, game sections and winner board (the games' chunk) and the
 * footer block (its own chunk, fetched when scrolled near). The floating promo button and, on iOS
 * Safari, the add-to-home-screen guide float above.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { role } = useSession();
  const hydrated = useAfterHydration();
  return (
    <section className="kl-home" data-page="home">
      <h1 className="kl-visually-hidden">{t('route.home')}</h1>
      <HomeLoadStatus />
      <HomeBanners />
      <AnnouncementMarquee />
      {role !== 'visitor' && (
        <Suspense fallback={null}>
          <WalletBalance className="kl-home__wallet" />
        </Suspense>
      )}
      <QuickNav />
      <div className="kl-screen kl-home__games">
        <Suspense
          fallback={
            <p className="kl-screen__status" role="status">
              {t('in_please_wait')}
            </p>
          }
        >
          <HomeGames extras={SECTION_EXTRAS} />
        </Suspense>
      </div>
      <WhenNear minHeight={480}>
        <Suspense fallback={null}>
          <HomeFooter />
        </Suspense>
      </WhenNear>
      <AgentContractCheck />
      {hydrated && homeScreenGuideOffered(currentPlatform()) && (
        <Suspense fallback={null}>
          <HomeScreenGuide />
        </Suspense>
      )}
    </section>
  );
}
