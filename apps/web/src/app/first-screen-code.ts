import type { ServerRenderedPath } from '@kl/contracts/server-rendering';
import { preloadGameListFirstScreen } from '../features/games/index.ts';
import { preloadHomeFirstScreen } from '../features/home/index.ts';

/**
 * The code of each page the server renders (docs/decisions/005-web-first-load.md), loaded before the
 * server renders it and before the browser takes it over, so that no part of it waits for its code.
 */
export const FIRST_SCREEN_CODE: Record<ServerRenderedPath, () => Promise<void>> = {
  '/m/home': preloadHomeFirstScreen,
  '/m/gameList': preloadGameListFirstScreen,
};
