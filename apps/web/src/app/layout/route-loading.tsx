import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long a screen's chunk may take before the spinner turns (most arrive well within it). */
export const SPINNER_DELAY_MS = 500;

/**
 * Shown while a screen's chunk downloads (usually not at all: it is fetched ahead). Screen readers hear
 * that the screen is on its way at once; the spinner turns only once the wait has lasted
 * SPINNER_DELAY_MS, and stands still when the device asks for reduced motion: an animation drawn on
 * every frame while a page loads takes a slow phone's processor from it (docs/performance.md).
 */
export function RouteLoading() {
  const { t } = useTranslation();
  const [long, setLong] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLong(true), SPINNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="kl-route-loading" role="status">
      <span className="kl-spinner" aria-hidden="true" data-turning={long} />
      <span className="kl-visually-hidden">{t('in_please_wait')}</span>
    </div>
  );
}
