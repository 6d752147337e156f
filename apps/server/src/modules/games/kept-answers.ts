import { createAnswerCache } from '../../platform/answer-cache.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { GamesService } from './service.ts';

/**
 * The catalogue's answers the same for everyone kept in memory (docs/decisions/022-api-caching.md): the
 * vendors, the hot games and the lottery menu, per merchant and query, until the catalogue changes (the
 * back office's games and vendors) and at most a while. The lottery menu's next draws change by
 * themselves: it is read again when the first of them closes, after a voided draw ('lottery-menu'),
 * and at most every few seconds. The search has its own index (docs/decisions/023-game-search-index.md).
 */

const CATALOGUE_TTL_MS = 5 * MINUTE_MS;
const LOTTERY_MENU_TTL_MS = 15_000;

type Answer<K extends keyof GamesService> = GamesService[K] extends (...args: never[]) => Promise<infer V>
  ? V
  : never;

export function keepGameAnswers(
  service: GamesService,
  deps: { changes: Pick<ChangeFeed, 'subscribe'>; clock: Clock; enabled: boolean },
): GamesService {
  const { changes, clock, enabled } = deps;
  const vendors = createAnswerCache<Answer<'vendorStructure'>>({
    changes,
    clock,
    enabled,
    topics: ['catalogue'],
    ttlMs: CATALOGUE_TTL_MS,
  });
  const hot = createAnswerCache<Answer<'hot'>>({
    changes,
    clock,
    enabled,
    topics: ['catalogue'],
    ttlMs: CATALOGUE_TTL_MS,
  });
  const lotteryMenu = createAnswerCache<Answer<'lotteryMenu'>>({
    changes,
    clock,
    enabled,
    topics: ['catalogue', 'lottery-menu'],
    ttlMs: LOTTERY_MENU_TTL_MS,
    expiresAt: (menu) => {
      const closes = Object.values(menu.nextDraws).map((draw) => Date.parse(draw.closeAt));
      return closes.length > 0 ? new Date(Math.min(...closes)) : undefined;
    },
  });
  const key = (...parts: unknown[]) => JSON.stringify(parts);
  return {
    ...service,
    vendorStructure: (merchantCode) => vendors.get(merchantCode, () => service.vendorStructure(merchantCode)),
    hot: (merchantCode, query) => hot.get(key(merchantCode, query), () => service.hot(merchantCode, query)),
    lotteryMenu: (merchantCode) => lotteryMenu.get(merchantCode, () => service.lotteryMenu(merchantCode)),
  };
}
