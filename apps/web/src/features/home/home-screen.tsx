import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeGames } from '../games/index.ts';

/**
 * Home (SPEC §2): the category menu with the home's game sections and winner board (a chunk of
 * their own, loaded after the first render). Banners and the announcement marquee come with the
 * home content.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <section className="kl-screen" data-page="home">
      <h1 className="kl-visually-hidden">{t('route.home')}</h1>
      <Suspense
        fallback={
          <p className="kl-screen__status" role="status">
            {t('in_please_wait')}
          </p>
        }
      >
        <HomeGames />
      </Suspense>
    </section>
  );
}
