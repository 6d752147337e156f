import type { OfferContractRequest } from '@kl/contracts/agent-contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { createAgentContractRepository } from './repository.ts';
import { createAgentContractService } from './service.ts';

/**
 * Test helper: an offer the agent is shown, made as the back office makes it (docs/agents.md, "Offers under
 * four eyes"): proposed by one operator, approved by another, through the service. Answers its id.
 */
export async function approvedOffer(
  deps: { db: Db; clock: Clock; merchantCode?: string },
  request: OfferContractRequest,
  operators: { proposer: string; approver: string },
): Promise<string> {
  const service = createAgentContractService({
    db: deps.db,
    contracts: createAgentContractRepository(deps.db),
    clock: deps.clock,
  });
  const merchantCode = deps.merchantCode ?? 'kimlong';
  const { row } = await service.propose(merchantCode, request, operators.proposer);
  await service.decideProposal(merchantCode, row.id, 'approve', operators.approver);
  return row.id;
}
