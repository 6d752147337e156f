import type { Health } from '@kl/contracts/platform';
import type { DatabaseKind } from '../../platform/db.ts';
import type { HealthRepository } from './repository.ts';

export interface HealthServiceDeps {
  health: HealthRepository;
  databaseKind: DatabaseKind;
  version: string;
  /** Milliseconds since the epoch when the process started. */
  startedAt: number;
  now?: () => number;
}

export function createHealthService(deps: HealthServiceDeps) {
  const now = deps.now ?? Date.now;
  return {
    /** Healthy when the database answers; a failing database makes this throw (500). */
    async check(): Promise<Health> {
      await deps.health.ping();
      return {
        status: 'ok',
        database: deps.databaseKind,
        uptimeSeconds: Math.max(0, Math.floor((now() - deps.startedAt) / 1000)),
        version: deps.version,
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
