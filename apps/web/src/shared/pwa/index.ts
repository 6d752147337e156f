import { afterLoadWhenIdle } from '../lib/after-load-when-idle.ts';
import { probeServer } from '../lib/api-client.ts';
import { config } from '../lib/config.ts';
import { serverReach } from '../lib/server-reach.ts';
import { announce } from '../ui/announcer.ts';

/**
 * Starts the installable web app (service worker, update and offline notices) once the page has
 * loaded and the browser is idle: none of it is part of the first render. The rest of the code is
 * in its own chunks (register.ts, pwa-notices.tsx).
 */
export function startPwaWhenIdle(): void {
  afterLoadWhenIdle(() => {
    import('./register.ts').then(
      ({ startPwa }) => startPwa({ dev: config.dev, announce, serverReach, probe: probeServer }),
      () => {
        // Not downloadable now: the next visit tries again.
      },
    );
  });
}
