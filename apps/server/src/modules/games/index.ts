import type { FastifyInstance } from 'fastify';
import type { MemberGuards } from '../../platform/member-guard.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { createGamesRepository } from './repository.ts';
import { gamesRoutes } from './routes.ts';
import { createGamesService, type GamesServiceDeps } from './service.ts';

export { launchesInHouseSlot } from './launch-rule.ts';
export { createGamesRepository, type GamesRepository } from './repository.ts';
export { gamesRoutes } from './routes.ts';
export { createGamesService, type GamesService } from './service.ts';
export { seedCatalogue, type CatalogueSeedResult } from './seed.ts';
export { minBetText, minBetUnits } from './game-mapping.ts';
export { searchableName, trigramsOf } from './search-text.ts';

/** The game catalogue wired together: its service (launch, favourites, recent) and its routes. */
export function createGamesModule(
  deps: Pick<ModuleContext, 'db' | 'clock' | 'config'> & Pick<GamesServiceDeps, 'checkPlay' | 'lotteryDraws'>,
) {
  const gamesService = createGamesService({
    games: createGamesRepository(deps.db),
    clock: deps.clock,
    checkPlay: deps.checkPlay,
    lotteryDraws: deps.lotteryDraws,
  });
  return {
    gamesService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(gamesRoutes, { gamesService, guards, merchantCode: deps.config.merchantCode });
    },
  };
}
