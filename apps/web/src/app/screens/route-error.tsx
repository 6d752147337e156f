import { useTranslation } from 'react-i18next';

/**
 * A screen that failed (most often its chunk could not be downloaded, for example after a new
 * release replaced it): say so and offer a reload. Plain markup: it is part of the first load.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <section className="kl-screen kl-route-error" role="alert">
      <h1 className="kl-screen__title">{t('routeError.title')}</h1>
      <p>{t('LOAD_FAILED', { ns: 'errors' })}</p>
      <button type="button" className="kl-button kl-button--primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </section>
  );
}
