import { useTranslation } from 'react-i18next';

/** Shown while a screen's chunk downloads (usually not at all: it is fetched ahead). */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="kl-route-loading" role="status">
      <span className="kl-spinner" aria-hidden="true" />
      <span className="kl-visually-hidden">{t('in_please_wait')}</span>
    </div>
  );
}
