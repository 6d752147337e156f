import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';
import { HomeGames } from '../games/index.ts';

/** The banners of every group (one call, shared with home) and how a banner's link is followed. */
export { useBanners } from './api/get-banners.ts';
export { bannersOf } from './lib/banners.ts';
export { BannerItem, PictureBanner } from './components/banner-item.tsx';

/** The home screen (/m/home and its aliases), in its own chunk. */
export const HomeScreen = lazyWithPreload(() => import('./home-screen.tsx'));

/**
 * Loads the chunks of home's first screen (the screen and its games part): before the server renders
 * it, and before the browser hydrates it, so that no part of it waits for its code there and is
 * drawn again (docs/decisions/005-web-first-load.md).
 */
export async function preloadHomeFirstScreen(): Promise<void> {
  await Promise.all([HomeScreen.preload(), HomeGames.preload()]);
}
