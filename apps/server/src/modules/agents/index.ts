import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type BackgroundJob, onLeaderOnly } from '../../platform/module.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import { registerCentreRoutes } from './centre/routes.ts';
import { createAgentCentre } from './centre/service.ts';
import type { AgentsDeps } from './deps.ts';
import { registerHierarchyRoutes } from './hierarchy/routes.ts';
import { createHierarchyService } from './hierarchy/service.ts';
import { registerStatementRoutes } from './settlement/routes.ts';
import { createSettlementScheduler } from './settlement/scheduler.ts';
import { createSettlementService } from './settlement/service.ts';

export type { AgentsDeps } from './deps.ts';
export type { AgentApplicationRow } from '../../db/schema/index.ts';
export {
  type AgentListFilter,
  createHierarchyRepository,
  type HierarchyRepository,
} from './hierarchy/repository.ts';
export type { HierarchyService } from './hierarchy/service.ts';
export type { AgentCentre } from './centre/service.ts';
export type { SettlementService } from './settlement/service.ts';

/**
 * Agents (docs/agents.md): the hierarchy and its links and applications, the agent centre's reads, and
 * the settlements of the contracts that pay, with the scheduler that settles each closed period.
 */
export function createAgentsModule(deps: Omit<AgentsDeps, 'merchantCode'>) {
  const all: AgentsDeps = { ...deps, merchantCode: deps.config.merchantCode };
  const hierarchyService = createHierarchyService(all);
  const agentCentre = createAgentCentre(all);
  const settlementService = createSettlementService(all);
  const merchantCode = all.merchantCode;
  return {
    hierarchyService,
    agentCentre,
    settlementService,
    /** The settlement of the periods that ended (when the scheduler is on). */
    jobs(log: FastifyBaseLogger): BackgroundJob[] {
      return settlementService.scheduler.enabled
        ? [onLeaderOnly(createSettlementScheduler({ settlementService, log }))]
        : [];
    },
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      registerHierarchyRoutes(api, { guards, hierarchyService, merchantCode });
      registerCentreRoutes(api, { guards, agentCentre, merchantCode });
      registerStatementRoutes(api, { guards, settlementService, merchantCode });
    },
  };
}

export type AgentsModule = ReturnType<typeof createAgentsModule>;
