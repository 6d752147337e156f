import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** The in-house Vietnamese lottery (product.md §2 /m/launchGame, /m/lotto-h5/…, /m/lottery): each its own chunk. */
export const LaunchGameScreen = lazyWithPreload(() => import('./launch-game-screen.tsx'));
export const LottoScreen = lazyWithPreload(() => import('./lotto-screen.tsx'));
export const LotteryListScreen = lazyWithPreload(() => import('./lottery-list-screen.tsx'));

/**
 * Loads the chunk of the lottery list's first screen: before the server renders it, and before the browser
 * takes it over, so that no part of it waits for its code there (docs/decisions/005-web-first-load.md).
 */
export async function preloadLotteryListFirstScreen(): Promise<void> {
  await LotteryListScreen.preload();
}
