import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * The game catalogue (product.md §2 game entry, game list, game card; §4 Favourites, Lists; §5 launch):
 * the screens, each in its own chunk (the game centre /m/gameCenter too), and the games part of home.
 */
export const GameEntryScreen = lazyWithPreload(() => import('./game-entry-screen.tsx'));
export const GameListScreen = lazyWithPreload(() => import('./game-list-screen.tsx'));

/**
 * Loads the chunk of the game list's first screen: before the server renders it, and before the browser
 * hydrates it, so that no part of it waits for its code there (docs/decisions/005-web-first-load.md).
 */
export async function preloadGameListFirstScreen(): Promise<void> {
  await GameListScreen.preload();
}
export const HomeGames = lazyWithPreload(() => import('./home-games.tsx'));
export const GameCenterScreen = lazyWithPreload(() => import('./game-center-screen.tsx'));
