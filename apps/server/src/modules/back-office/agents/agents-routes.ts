import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, GUARD_FAILURES } from '../guard.ts';
import { createAgentAdminService } from './agents-service.ts';
import type { BackOfficeAgentsDeps } from './deps.ts';
import { createProposalAdminService } from './proposals-service.ts';

/**
 * Applications, making agents and contract offers under four eyes in the back office (docs/agents.md,
 * "Back office" and "Offers under four eyes").
 */
export function registerAgentAdminRoutes(app: FastifyInstance, deps: BackOfficeAgentsDeps): void {
  const { guard } = deps;
  const service = createAgentAdminService(deps);
  const proposals = createProposalAdminService(deps);

  route(app, 'adminAgentApplications', {
    ...guard.guarded('adminAgentApplications'),
    summary: 'Applications to become an agent, newest first, of one status or all',
    failures: GUARD_FAILURES,
    handler: (request) => service.applications(request.query),
  });

  route(app, 'adminDecideAgentApplication', {
    ...guard.guarded('adminDecideAgentApplication'),
    summary: 'Approve (the member becomes an agent) or refuse an application, with a note to the member',
    description:
      'Unknown application: 404. Approved already: 409 ALREADY_AGENT; refused already: 400 INVALID_INPUT ' +
      '{ reason: application_decided }. Approving makes the member an agent in the same transaction: a ' +
      'member who became an agent meanwhile is 409 ALREADY_AGENT (the application stays pending), one ' +
      'past the merchant’s depth 409 AGENT_DEPTH_LIMIT.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'ALREADY_AGENT', 'AGENT_DEPTH_LIMIT', 'INVALID_INPUT'],
    handler: (request) => service.decide(actorOf(request), request.params.applicationId, request.body),
  });

  route(app, 'adminAgents', {
    ...guard.guarded('adminAgents'),
    summary:
      'Agents, newest first, with their level, parent, team sizes, active links and accepted contracts',
    description: 'Username filters from the start, in any case.',
    failures: GUARD_FAILURES,
    handler: (request) => service.agents(request.query),
  });

  route(app, 'adminMakeAgent', {
    ...guard.guarded('adminMakeAgent'),
    summary: 'Make a member an agent directly (a top agent, or one below the agent above it)',
    description:
      'Unknown username: 404. An agent already: 409 ALREADY_AGENT. Past the merchant’s depth: 409 ' +
      'AGENT_DEPTH_LIMIT. Trial and other types: 400 INVALID_INPUT { reason: not_promotable }.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'ALREADY_AGENT', 'AGENT_DEPTH_LIMIT', 'INVALID_INPUT'],
    handler: (request) => service.makeAgent(actorOf(request), request.body.username),
  });

  route(app, 'adminOfferContract', {
    ...guard.guarded('adminOfferContract'),
    summary: 'Propose a contract to an agent (daily salary, dividend or hourly salary)',
    description:
      'A proposal: the agent sees nothing until another operator of the agents area approves it. It ' +
      'replaces the agent’s proposal of the same kind still waiting. Every tier’s threshold is above zero ' +
      '(minTurnover, or minNetLoss for a dividend): 400 INVALID_INPUT otherwise. Unknown username: 404; ' +
      'not an agent: 409 MEMBER_NOT_AGENT. Amounts in minor units, percentages in basis points; tiers ' +
      'strictly ascending.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'MEMBER_NOT_AGENT', 'INVALID_INPUT'],
    handler: (request) => proposals.propose(actorOf(request), request.body),
  });

  route(app, 'adminContractProposals', {
    ...guard.guarded('adminContractProposals'),
    summary: 'Contract proposals waiting for a second operator, newest first, with who may decide each',
    failures: GUARD_FAILURES,
    handler: (request) => proposals.proposals(actorOf(request), request.query),
  });

  const DECISION =
    'Only another operator than its proposer decides a proposal (409 SECOND_APPROVER_REQUIRED), and one ' +
    'independent of them (409 APPROVER_NOT_INDEPENDENT), once: a ' +
    'decided one, or the second of two decisions at once, is 409 CONTRACT_CLOSED { status }. Unknown: 404.';

  route(app, 'adminApproveContract', {
    ...guard.guarded('adminApproveContract'),
    summary:
      'Approve a contract proposal: the agent is offered it (its pending offer of the kind is superseded)',
    description: `${DECISION} An agent no longer: 409 MEMBER_NOT_AGENT.`,
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'CONTRACT_CLOSED',
      'SECOND_APPROVER_REQUIRED',
      'APPROVER_NOT_INDEPENDENT',
      'MEMBER_NOT_AGENT',
    ],
    handler: (request) => proposals.decide(actorOf(request), request.params.contractId, 'approve'),
  });

  route(app, 'adminRejectContract', {
    ...guard.guarded('adminRejectContract'),
    summary: 'Reject a contract proposal: the agent never sees it',
    description: DECISION,
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'CONTRACT_CLOSED',
      'SECOND_APPROVER_REQUIRED',
      'APPROVER_NOT_INDEPENDENT',
    ],
    handler: (request) => proposals.decide(actorOf(request), request.params.contractId, 'reject'),
  });
}
