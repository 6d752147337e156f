export { launchesInHouseSlot } from './launch-rule.ts';
export { createGamesRepository, type GamesRepository } from './repository.ts';
export { gamesRoutes } from './routes.ts';
export { createGamesService, type GamesService } from './service.ts';
export { seedCatalogue, type CatalogueSeedResult } from './seed.ts';
