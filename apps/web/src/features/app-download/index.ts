import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * App download (product.md §2 /m/app, header download button, app download popup, download area,
 * add-to-home-screen guide; §4 iOS download): the screen and the home's pieces, each in its own chunk;
 * the header button and the rules it needs are small and come with the layout.
 */
export { HeaderDownloadButton } from './components/header-download-button.tsx';
export { useAppDownload, type AppDownloadOffer } from './lib/use-app-download.ts';
export { currentPlatform, homeScreenGuideOffered } from './lib/platform.ts';

export const AppScreen = lazyWithPreload(() => import('./app-screen.tsx'));
export const DownloadArea = lazyWithPreload(() => import('./components/download-area.tsx'));
export const HomeScreenGuide = lazyWithPreload(() => import('./components/home-screen-guide.tsx'));
