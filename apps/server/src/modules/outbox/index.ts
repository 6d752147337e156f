import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../platform/module.ts';
import { createOutboxRepository } from './repository.ts';
import { outboxRoutes } from './routes.ts';
import { createOutboxService } from './service.ts';

/**
 * The development outbox (GET /api/dev/outbox): the SMS codes, e-mails and captcha answers the site
 * would have sent. Registered only when DEV_OUTBOX is on, and never in production.
 */
export function createOutboxModule(deps: Pick<ModuleContext, 'db' | 'config'>) {
  const enabled = deps.config.devOutbox && deps.config.nodeEnv !== 'production';
  return {
    async register(api: FastifyInstance): Promise<void> {
      if (!enabled) return;
      await api.register(outboxRoutes, {
        outboxService: createOutboxService({ outbox: createOutboxRepository(deps.db) }),
      });
    },
  };
}
