import { FIRST_SCREEN_CHUNKS } from '@kl/contracts/server-rendering';
import './app/styles/index.css';
import { nextTask } from './shared/lib/next-task.ts';

/**
 * The entry: small on purpose. Over a page the server rendered, the app's code and the screen's chunks
 * are asked for once the browser has drawn that page, so that on a slow line the first screen and its
 * banner do not share the bandwidth with the scripts (docs/decisions/005-web-first-load.md); in an
 * empty page at once.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    // A tab in the background draws no frame: it starts anyway.
    setTimeout(resolve, 100);
  });

/**
 * The app's chunks and the first screen's, named by the server in the order they run, preloaded one
 * per task: each link starts a download, 5–16 ms of main thread apiece unthrottled while the browser
 * records its requests (docs/performance.md). The app's import then finds them asked for already.
 */
async function preloadFirstScreen() {
  const chunks = document.querySelector<HTMLMetaElement>(`meta[name="${FIRST_SCREEN_CHUNKS}"]`)?.content;
  for (const [at, href] of (chunks?.split(' ').filter(Boolean) ?? []).entries()) {
    if (at > 0) await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The framework's modules are evaluated in tasks of their own, React's first, then the router's, the
 * query cache's and i18next's, and the app's in the next: one task for them all was the longest of the
 * start (docs/performance.md). Their chunks are among the preloaded ones, so this asks for nothing new.
 */
const evaluateFramework = () =>
  import('./app/framework-react.ts')
    .then(nextTask)
    .then(() => import('./app/framework.ts'))
    .then(nextTask);

// A page the app draws alone carries data too (the status), but nothing to draw before the app runs.
const serverRendered = document.getElementById('root')?.hasAttribute('data-server-rendered') === true;
void (serverRendered ? afterFirstPaint().then(preloadFirstScreen) : Promise.resolve())
  .then(evaluateFramework)
  .then(() => import('./app/start.tsx'));
