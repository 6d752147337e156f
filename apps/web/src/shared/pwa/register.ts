import { BASE_PATH } from '@kl/contracts/routes';
import type { ServerReach } from '../lib/server-reach.ts';
import { SKIP_WAITING } from './service-worker/rules.ts';

/**
 * The page's side of the installable web app, loaded when the browser is idle after the first
 * render (index.ts):
 * - registers the service worker of the build (never in development: there it removes any);
 * - when a new version has installed and waits, says so (`updateReady`); the new version takes
 *   over only when the user chooses to reload (`applyUpdate`), so nothing typed is lost;
 * - follows the connection (`offline`): the browser's word, and whether the API answered its last call.
 * The notices themselves (pwa-notices.tsx) are downloaded only when one has something to say.
 * What it needs of the rest of the app comes from index.ts, in the first-load chunk already: an
 * import of a shared module from here would split that module out of its chunk.
 */

export type Announce = (text: string, politeness: 'polite' | 'assertive') => void;

export interface PwaState {
  /** The browser says it has no network, or the API's last call got no answer. */
  readonly offline: boolean;
  /** A new version is installed and waits for the user to reload. */
  readonly updateReady: boolean;
}

export interface PwaController {
  start(): Promise<void>;
  getState(): PwaState;
  subscribe(listener: () => void): () => void;
  /** Lets the waiting version take over, then reloads the page. */
  applyUpdate(): void;
  /** Hides the update notice until the next version (or the next visit). */
  dismissUpdate(): void;
}

export interface PwaEnvironment {
  /** `navigator.serviceWorker`; undefined where the browser has none (or blocks it). */
  container: ServiceWorkerContainer | undefined;
  dev: boolean;
  reload: () => void;
  /** Shows the notices (downloads their chunk the first time). */
  showNotices: (controller: PwaController) => void;
  /** Whether the API answered its last call (shared/lib/server-reach.ts). */
  serverReach: ServerReach;
  /** Asks the server whether it answers; the answer goes to `serverReach`. */
  probe: () => Promise<void>;
}

export const SCOPE = `${BASE_PATH}/`;
export const WORKER_URL = `${SCOPE}sw.js`;
/** A single-page app rarely navigates: look for a new version when it comes back into view. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60_000;
/** While nothing answers, the server is asked again after these delays (the last one repeats). */
export const PROBE_DELAYS_MS = [1_000, 2_000, 4_000] as const;

export function createPwaController(environment: PwaEnvironment): PwaController {
  const { container } = environment;
  let browserOffline = navigator.onLine === false;
  let unreachable = environment.serverReach.unreachable();
  let state: PwaState = { offline: browserOffline || unreachable, updateReady: false };
  const listeners = new Set<() => void>();
  let waiting: ServiceWorker | undefined;
  let reloadRequested = false;
  let noticesShown = false;

  const setState = (next: Partial<PwaState>) => {
    state = { ...state, ...next };
    if (!noticesShown && (state.offline || state.updateReady)) {
      noticesShown = true;
      environment.showNotices(controller);
    }
    for (const listener of listeners) listener();
  };

  const offer = (worker: ServiceWorker) => {
    waiting = worker;
    setState({ updateReady: true });
  };

  function watchForUpdates(registration: ServiceWorkerRegistration, workers: ServiceWorkerContainer) {
    // Without a controller this is the first install: it activates at once, nothing to offer.
    if (registration.waiting && workers.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      if (!installing) return;
      installing.addEventListener('statechange', () => {
        if (installing.state === 'installed' && workers.controller) offer(installing);
      });
    });
    // Another tab may let the new version take over: this page then keeps what it shows.
    workers.addEventListener('controllerchange', () => {
      if (reloadRequested) environment.reload();
    });
    let lastCheck = Date.now();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
      lastCheck = Date.now();
      registration.update().catch(() => {
        // Offline or the server is down: the next check tries again.
      });
    });
  }

  /**
   * Calls `changed` with whether the page is offline: the browser says so, or the API's last call got
   * no answer. While the browser believes it is online but nothing answers, the server is asked again
   * (PROBE_DELAYS_MS), since no event of the browser would say it is back.
   */
  function followConnection(changed: (offline: boolean) => void) {
    const { serverReach, probe } = environment;
    let probeTimer: number | undefined;
    let probes = 0;
    const update = () => {
      changed(browserOffline || unreachable);
      if (probeTimer !== undefined && (!unreachable || browserOffline)) {
        window.clearTimeout(probeTimer);
        probeTimer = undefined;
      }
      if (!unreachable) probes = 0;
      if (unreachable && !browserOffline && probeTimer === undefined) {
        const delay = PROBE_DELAYS_MS[Math.min(probes, PROBE_DELAYS_MS.length - 1)];
        probes += 1;
        probeTimer = window.setTimeout(() => {
          probeTimer = undefined;
          void probe().then(update);
        }, delay);
      }
    };
    window.addEventListener('offline', () => {
      browserOffline = true;
      update();
    });
    window.addEventListener('online', () => {
      browserOffline = false;
      probes = 0;
      update();
    });
    serverReach.subscribe((now) => {
      unreachable = now;
      update();
    });
    update();
  }

  const controller: PwaController = {
    async start() {
      if (state.offline) setState({});
      followConnection((offline) => {
        if (state.offline !== offline) setState({ offline });
      });
      if (!container) return;
      try {
        if (environment.dev) {
          // A worker left by a production build on this origin would serve stale files to Vite.
          const registrations = await container.getRegistrations();
          await Promise.all(registrations.map((registration) => registration.unregister()));
          return;
        }
        const registration = await container.register(WORKER_URL, { scope: SCOPE, updateViaCache: 'none' });
        watchForUpdates(registration, container);
      } catch {
        // Installing is an extra: without a worker the site works as a plain web page.
      }
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applyUpdate() {
      reloadRequested = true;
      const worker = waiting;
      // Already active (another tab let it take over) or replaced: a reload shows the newest.
      if (!worker || worker.state === 'activated' || worker.state === 'redundant') {
        environment.reload();
        return;
      }
      worker.postMessage({ type: SKIP_WAITING });
    },
    dismissUpdate() {
      setState({ updateReady: false });
    },
  };
  return controller;
}

export interface PwaStartOptions {
  /** Running under `vite` (config.dev). */
  dev: boolean;
  /** Tells screen readers (shared/ui/announcer.ts). */
  announce: Announce;
  /** Whether the API answered its last call (shared/lib/server-reach.ts). */
  serverReach: ServerReach;
  /** Asks the server whether it answers (shared/lib/api-client.ts `probeServer`). */
  probe: () => Promise<void>;
}

/** Starts the installable web app in this page. */
export function startPwa({ dev, announce, serverReach, probe }: PwaStartOptions): Promise<void> {
  const controller = createPwaController({
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    dev,
    serverReach,
    probe,
    reload: () => window.location.reload(),
    showNotices: (shown) => {
      import('./pwa-notices.tsx').then(
        ({ mountPwaNotices }) => mountPwaNotices(shown, announce),
        () => {
          // The chunk could not be fetched (offline before it was cached): nothing to show it with.
        },
      );
    },
  });
  return controller.start();
}
