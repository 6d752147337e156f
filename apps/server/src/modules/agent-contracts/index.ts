import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGuards } from '../../platform/member-guard.ts';
import { createAgentContractRepository } from './repository.ts';
import { agentContractRoutes } from './routes.ts';
import { createAgentContractService } from './service.ts';

export type { AgentContractRow } from '../../db/schema/index.ts';
export {
  acceptedContractKindsOf,
  createAgentContractRepository,
  type AgentContractRepository,
} from './repository.ts';
export {
  createAgentContractService,
  type AgentContractService,
  OPERATOR_NAME,
  type ProposalChange,
  type ProposalHook,
} from './service.ts';

/**
 * Agent contracts wired together: the member's calls under /api/agent-contracts. Making agents and offers
 * are the back office's, offers under four eyes (docs/agents.md, "Offers under four eyes").
 */
export function createAgentContractsModule(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const agentContractService = createAgentContractService({
    db,
    contracts: createAgentContractRepository(db),
    clock,
  });
  return {
    agentContractService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(agentContractRoutes, { agentContractService, guards });
    },
  };
}
