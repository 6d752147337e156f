import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { AgentContractService } from './service.ts';

export interface AgentContractRoutesOptions {
  agentContractService: AgentContractService;
  guards: MemberGuards;
}

const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;
const REAL_FAILURES = [...MEMBER_FAILURES, 'FEATURE_NOT_ENABLED'] as const;
const ANSWER =
  'Answers a waiting contract once: an answered or superseded one is 409 CONTRACT_CLOSED { status }; ' +
  'a contract that is not the member’s, or an operator’s proposal not approved yet, is 404. Trial members: 403 FEATURE_NOT_ENABLED { reason: free_reject }.';

/**
 * The agent's contract calls (product.md §2 member/agent screens, §7 contract requests). Agents are made and
 * offers proposed in the back office only, offers under four eyes (docs/agents.md).
 */
export const agentContractRoutes: FastifyPluginAsyncZod<AgentContractRoutesOptions> = async (
  app,
  options,
) => {
  const { agentContractService: service, guards } = options;
  const tags = ['agent contracts'];
  const security = [{ session: [] }];

  route(app, 'contractRequests', {
    summary: 'The contract reply: which kinds of contract wait for the member’s answer',
    description:
      'Each field is 1 when a contract of that kind waits (daily salary, dividend, hourly salary), 0 ' +
      'otherwise; always 0 for member types 4, 40, 41 and 42 (they skip the contract check).',
    tags,
    security,
    failures: [...MEMBER_FAILURES],
    preHandler: guards.member,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.requests(currentMember(request));
    },
  });

  route(app, 'agentContract', {
    summary: 'The member’s contract of a kind: the latest offer that was not replaced, or null',
    description: 'Trial members: 403 FEATURE_NOT_ENABLED { reason: free_reject }.',
    tags,
    security,
    failures: [...REAL_FAILURES],
    preHandler: guards.realMember,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { contract: await service.contract(currentMember(request), request.query.kind) };
    },
  });

  route(app, 'acceptContract', {
    summary: 'Accept a waiting contract',
    description: ANSWER,
    tags,
    security,
    failures: [...REAL_FAILURES, 'CONTRACT_CLOSED', 'NOT_FOUND'],
    preHandler: guards.realMember,
    handler: async (request) => {
      const contract = await service.accept(currentMember(request), request.body.contractId);
      request.log.info({ contractId: contract.id, kind: contract.kind }, 'agent contract accepted');
      return contract;
    },
  });

  route(app, 'refuseContract', {
    summary: 'Refuse a waiting contract',
    description: ANSWER,
    tags,
    security,
    failures: [...REAL_FAILURES, 'CONTRACT_CLOSED', 'NOT_FOUND'],
    preHandler: guards.realMember,
    handler: async (request) => {
      const contract = await service.refuse(currentMember(request), request.body.contractId);
      request.log.info({ contractId: contract.id, kind: contract.kind }, 'agent contract refused');
      return contract;
    },
  });
};
