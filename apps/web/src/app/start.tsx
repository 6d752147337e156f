import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from './framework-react.ts';
import { App } from './app.tsx';
import { bootstrap } from './bootstrap.ts';
import { startPwaWhenIdle } from '../shared/pwa/index.ts';
import { prepareAnnouncer } from '../shared/ui/announcer.ts';
import { markClientRendered } from '../shared/hooks/use-after-hydration.ts';
import { nextTask } from '../shared/lib/next-task.ts';
import { toast } from '../shared/ui/toast.ts';

/**
 * A page the server rendered carries `data-server-rendered` on its root until the app's first render
 * is on the screen: until then its links are plain links and its buttons do nothing.
 */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('data-server-rendered');
  }, []);
  return children;
}

/** Starts the app: over the server's page (hydration) or in an empty one. */
async function start() {
  // The app's modules have just been evaluated, a long task of its own: the start goes on in the
  // next one (docs/performance.md).
  await nextTask();
  const { queryClient, hydrate } = await bootstrap(new URL(window.location.href));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <TakenOver>
        <App queryClient={queryClient} />
      </TakenOver>
    </StrictMode>
  );
  // A page the server rendered (home) is taken over where it stands (docs/decisions/005-web-first-load.md).
  // As a transition, the taking over yields to the browser every few milliseconds (the banner is drawn,
  // a tap is answered) instead of holding the main thread for the whole tree.
  // A page the browser draws alone (a member's, or one the server does not render) is drawn as a
  // transition too: outside one, React draws the first screen in one task, however long it is.
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else {
    markClientRendered();
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
  // The toast (antd-mobile) is fetched at the first touch or key press: most messages answer an
  // action, and the download runs while that action's request is on its way. A page nobody touches
  // never pays for it; a message without an action fetches it on first use.
  const preloadToast = () => {
    for (const type of ['pointerdown', 'keydown'] as const)
      window.removeEventListener(type, preloadToast, true);
    void toast.preload();
  };
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.addEventListener(type, preloadToast, { capture: true, passive: true });
  }
  // Screen readers hear a live region's changes only when it was there before them.
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1_000));
  whenIdle(prepareAnnouncer);
  // The service worker and its notices, after load: nothing of it delays the first render.
  startPwaWhenIdle();
}

void start();
