import type { ServerRenderedPath } from '@kl/contracts/server-rendering';
import { preloadGameListFirstScreen } from '../features/games/index.ts';
import { preloadHomeFirstScreen } from '../features/home/index.ts';
import { preloadLotteryListFirstScreen } from '../features/lottery/index.ts';
import { withTexts } from '../shared/lib/with-translations.ts';
import { FEATURE_TEXTS } from './router.tsx';

/**
 * The code of each page the server renders (docs/decisions/005-web-first-load.md), with its texts, loaded
 * before the server renders it and before the browser takes it over, so that no part of it waits for them.
 */
export const FIRST_SCREEN_CODE: Record<ServerRenderedPath, () => Promise<void>> = {
  '/m/home': withTexts(preloadHomeFirstScreen, FEATURE_TEXTS.home),
  '/m/gameList': withTexts(preloadGameListFirstScreen, FEATURE_TEXTS.games),
  '/m/lottery': withTexts(preloadLotteryListFirstScreen, FEATURE_TEXTS.lottery),
};
