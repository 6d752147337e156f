import { StrictMode, useEffect, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import type { Announce, PwaController } from './register.ts';
import './pwa.css';

/**
 * The notices of the installable web app, at the bottom of the screen above the footer menu:
 * - while the browser is offline, the catalogue's NETWORK_OFFLINE message (screens that need the
 *   server show their own failure state too);
 * - when a new version waits, an offer to reload now or later. Nothing takes the focus and nothing
 *   reloads on its own: what the user is typing stays.
 * Each is announced politely to screen readers when it appears.
 */
export function PwaNotices({ controller, announce }: { controller: PwaController; announce: Announce }) {
  const { t, i18n } = useTranslation();
  const { offline, updateReady } = useSyncExternalStore(controller.subscribe, controller.getState);

  useEffect(() => {
    if (offline) announce(i18n.t('NETWORK_OFFLINE', { ns: 'errors' }), 'polite');
  }, [offline, announce, i18n]);
  useEffect(() => {
    if (updateReady) announce(i18n.t('pwa.update.message'), 'polite');
  }, [updateReady, announce, i18n]);

  if (!offline && !updateReady) return null;
  return (
    <div className="kl-pwa-notices">
      {updateReady && (
        <aside className="kl-pwa-notice" aria-label={t('pwa.update.label')} data-testid="pwa-update">
          <p className="kl-pwa-notice__text">{t('pwa.update.message')}</p>
          <div className="kl-pwa-notice__actions">
            <button type="button" className="kl-button kl-button--small" onClick={controller.dismissUpdate}>
              {t('pwa.update.later')}
            </button>
            <button
              type="button"
              className="kl-button kl-button--small kl-button--primary"
              onClick={controller.applyUpdate}
            >
              {t('pwa.update.reload')}
            </button>
          </div>
        </aside>
      )}
      {offline && (
        <aside
          className="kl-pwa-notice kl-pwa-notice--offline"
          aria-label={t('pwa.offline.label')}
          data-testid="pwa-offline"
        >
          <p className="kl-pwa-notice__text">{t('NETWORK_OFFLINE', { ns: 'errors' })}</p>
        </aside>
      )}
    </div>
  );
}

/** Renders the notices in a root of their own at the end of the page (once). */
export function mountPwaNotices(controller: PwaController, announce: Announce): void {
  const container = document.createElement('div');
  container.className = 'kl-pwa-root';
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <PwaNotices controller={controller} announce={announce} />
    </StrictMode>,
  );
}
