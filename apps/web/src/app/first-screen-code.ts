import type { ServerRenderedPath } from '@kl/contracts/server-rendering';
import { preloadGameListFirstScreen } from '../features/games/index.ts';
import { preloadHomeFirstScreen } from '../features/home/index.ts';
import { preloadLotteryListFirstScreen } from '../features/lottery/index.ts';
import { loadTranslations } from '../shared/lib/i18n.ts';
import { FEATURE_TEXTS } from './router.tsx';

/** A screen's code with its feature's texts (the server's texts are all in memory already). */
const withTexts =
  (feature: keyof typeof FEATURE_TEXTS, preload: () => Promise<void>) => async (): Promise<void> => {
    await Promise.all([preload(), loadTranslations(FEATURE_TEXTS[feature])]);
  };

/**
 * The code of each page the server renders (docs/decisions/005-web-first-load.md), with its texts, loaded
 * before the server renders it and before the browser takes it over, so that no part of it waits for them.
 */
export const FIRST_SCREEN_CODE: Record<ServerRenderedPath, () => Promise<void>> = {
  '/m/home': withTexts('home', preloadHomeFirstScreen),
  '/m/gameList': withTexts('games', preloadGameListFirstScreen),
  '/m/lottery': withTexts('lottery', preloadLotteryListFirstScreen),
};
