import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/api-route.ts';
import type { ShiftableClock } from '../../platform/clock.ts';
import type { AppConfig } from '../../platform/config.ts';

/**
 * PUT /api/dev/clock (README, "Configuration", DEV_CLOCK): moves the clock every module of this process
 * reads, so that an end-to-end journey can close a GMT+8 day and settle it (docs/agents.md). Registered
 * only when DEV_CLOCK is on outside production; otherwise the path answers 404.
 */
export function createDevClockModule(deps: {
  config: Pick<AppConfig, 'devClock' | 'nodeEnv'>;
  shiftable: ShiftableClock | undefined;
}) {
  const { shiftable } = deps;
  const enabled = deps.config.devClock && deps.config.nodeEnv !== 'production' && shiftable !== undefined;
  return {
    async register(api: FastifyInstance): Promise<void> {
      if (!enabled || !shiftable) return;
      route(api, 'devClock', {
        summary: 'Development clock: move this server process’s clock by offsetMs from the real time',
        description: 'Exists only when DEV_CLOCK=1 and NODE_ENV is not production. offsetMs 0 sets it back.',
        tags: ['development'],
        handler: (request) => {
          shiftable.setOffset(request.body.offsetMs);
          return { now: shiftable.clock().toISOString(), offsetMs: shiftable.offsetMs() };
        },
      });
    },
  };
}
