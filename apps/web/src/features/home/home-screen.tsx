import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/ui/empty-state.tsx';

/** Home (SPEC §2). Its banners, marquee, category menu and game sections come with the games work. */
export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <section className="kl-screen" data-page="home">
      <h1 className="kl-visually-hidden">{t('route.home')}</h1>
      <EmptyState />
    </section>
  );
}
