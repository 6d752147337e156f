import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db.ts';
import { SERVER_VERSION } from '../../platform/version.ts';
import { createHealthRepository } from './repository.ts';
import { healthRoutes } from './routes.ts';
import { createHealthService } from './service.ts';

export { createHealthService, type HealthService } from './service.ts';

/** Liveness and readiness (GET /api/health): the server, its database and how long it has run. */
export function createHealthModule(deps: { database: Pick<Database, 'db' | 'kind'>; startedAt: number }) {
  const healthService = createHealthService({
    health: createHealthRepository(deps.database.db),
    databaseKind: deps.database.kind,
    version: SERVER_VERSION,
    startedAt: deps.startedAt,
  });
  return {
    healthService,
    async register(api: FastifyInstance): Promise<void> {
      await api.register(healthRoutes, { healthService });
    },
  };
}
