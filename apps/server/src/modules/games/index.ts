import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { toGame } from './game-mapping.ts';
import { createGamesRepository, type GamesRepository } from './repository.ts';
import { keepGameAnswers } from './kept-answers.ts';
import { gamesRoutes } from './routes.ts';
import { createGameSearchIndex } from './search-index.ts';
import { createGamesService, type GamesServiceDeps } from './service.ts';

export { launchesInHouseSlot } from './launch-rule.ts';
export type { GameRow, GameVendorRow, NewGameRow } from '../../db/schema/index.ts';
export {
  type AdminGameFilters,
  createGamesRepository,
  type GamesRepository,
  type GameWithVendor,
} from './repository.ts';
export { gamesRoutes } from './routes.ts';
export {
  type CatalogueWrites,
  createCatalogueWrites,
  type GameEdit,
  type VendorChange,
} from './catalogue-writes.ts';
export { createGamesService, type GamesService, type ProviderLauncher } from './service.ts';
export { seedCatalogue, type CatalogueSeedResult } from './seed.ts';
export { gameArtUrl, minBetText, minBetUnits } from './game-mapping.ts';
export { searchableName, trigramsOf } from './search-text.ts';
export { createGameSearchIndex, type GameSearchIndex } from './search-index.ts';

/** The search index of the catalogue, dropped on every change the feed tells of. */
function searchIndexOf(
  games: GamesRepository,
  changes: Pick<ChangeFeed, 'subscribe'>,
  log: () => FastifyBaseLogger | undefined,
) {
  const searchIndex = createGameSearchIndex({
    loadPage: (merchantCode, after, limit) => games.listedGamesPage(merchantCode, after, limit),
    searchDatabase: async (merchantCode, filters, limit, offset) => {
      const { rows, total } = await games.search(merchantCode, filters, limit, offset);
      return { rows: rows.map(toGame), total };
    },
    present: toGame,
    onBuildError: (error, merchantCode) =>
      log()?.error({ err: error, merchantCode }, 'game search index: build failed; searches use SQL'),
  });
  // The feed does not say which merchant changed: every index is dropped.
  changes.subscribe('catalogue', () => searchIndex.invalidate());
  return searchIndex;
}

/**
 * The game catalogue wired together: its service (launch, favourites, recent), its routes and the search
 * index (docs/decisions/023-game-search-index.md). The index needs the change feed (topic `catalogue`,
 * published by whatever writes games or vendors, in this process or another): without one, searches
 * are answered by SQL. The index of the site's merchant is built before the server answers.
 */
export function createGamesModule(
  deps: Pick<ModuleContext, 'db' | 'clock' | 'config'> &
    Pick<GamesServiceDeps, 'checkPlay' | 'lotteryDraws' | 'providers'> & {
      changes?: Pick<ChangeFeed, 'subscribe'> | undefined;
    },
) {
  const games = createGamesRepository(deps.db);
  let log: FastifyBaseLogger | undefined;
  const searchIndex = deps.changes && searchIndexOf(games, deps.changes, () => log);
  const service = createGamesService({
    games,
    clock: deps.clock,
    checkPlay: deps.checkPlay,
    lotteryDraws: deps.lotteryDraws,
    providers: deps.providers,
    searchIndex,
  });
  // Vendors, hot games and the lottery menu kept until the catalogue changes (022-api-caching.md).
  const gamesService = deps.changes
    ? keepGameAnswers(service, { changes: deps.changes, clock: deps.clock, enabled: deps.config.answerCache })
    : service;
  return {
    gamesService,
    searchIndex,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      log = api.log;
      await api.register(gamesRoutes, { gamesService, guards, merchantCode: deps.config.merchantCode });
      // Built at start, so that the first searches do not wait on SQL (a failure is logged, SQL answers).
      await searchIndex?.warm(deps.config.merchantCode);
    },
  };
}
