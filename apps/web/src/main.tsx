import { FIRST_SCREEN_CHUNKS, SERVER_STATE_ID } from './app/server-state-id.ts';
import './app/styles/index.css';

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

function preloadFirstScreen() {
  const chunks = document.querySelector<HTMLMetaElement>(`meta[name="${FIRST_SCREEN_CHUNKS}"]`)?.content;
  for (const href of chunks?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const serverRendered = document.getElementById(SERVER_STATE_ID) !== null;
void (serverRendered ? afterFirstPaint() : Promise.resolve()).then(() => {
  if (serverRendered) preloadFirstScreen();
  return import('./app/start.tsx');
});
