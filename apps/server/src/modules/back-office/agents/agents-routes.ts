import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, GUARD_FAILURES } from '../guard.ts';
import { createAgentAdminService } from './agents-service.ts';
import type { BackOfficeAgentsDeps } from './deps.ts';

/** Applications, making agents and contract offers in the back office (docs/agents.md, "Back office"). */
export function registerAgentAdminRoutes(app: FastifyInstance, deps: BackOfficeAgentsDeps): void {
  const { guard } = deps;
  const service = createAgentAdminService(deps);

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
    summary: 'Offer an agent a contract (daily salary, dividend or hourly salary)',
    description:
      'A waiting offer of the same kind is superseded. Unknown username: 404; not an agent: 409 ' +
      'MEMBER_NOT_AGENT. Amounts in minor units, percentages in basis points; tiers strictly ascending.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'MEMBER_NOT_AGENT'],
    handler: (request) => service.offerContract(actorOf(request), request.body),
  });
}
