import type { FastifyInstance } from 'fastify';
import { createSessionCookies, type MemberGuards } from '../../platform/member-guard.ts';
import { createSessionRepository, createSessionService } from '../auth/index.ts';
import { createResponsibleGamingRepository } from './repository.ts';
import { responsibleGamingRoutes } from './routes.ts';
import { createResponsibleGamingService } from './service.ts';

export { createResponsibleGamingRepository, type ResponsibleGamingRepository } from './repository.ts';
export { responsibleGamingRoutes } from './routes.ts';
export {
  addMonths,
  createResponsibleGamingService,
  exclusionError,
  type ResponsibleGamingService,
  SELF_EXCLUSION_MONTHS,
  TIME_OUT_MS,
} from './service.ts';
import type { ModuleContext } from '../../platform/module.ts';

/**
 * Responsible gaming wired together. It is built before the accounts modules: login, deposit and game
 * launch ask its service (`checkLogin`, `checkDeposit`, `checkPlay`) before they go ahead.
 */
export function createResponsibleGamingModule(deps: Pick<ModuleContext, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  const sessions = createSessionService({ sessions: createSessionRepository(db), clock });
  const responsibleGamingService = createResponsibleGamingService({
    db,
    clock,
    repository: createResponsibleGamingRepository(db),
    revokeSessions: (memberId, tx) => sessions.revokeAll(memberId, tx),
  });
  const cookies = createSessionCookies({ secure: config.nodeEnv === 'production', clock });
  return {
    responsibleGamingService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(responsibleGamingRoutes, { responsibleGamingService, guards, cookies });
    },
  };
}
