import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../../platform/member-guard.ts';
import type { SettlementService } from './service.ts';

const FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED', 'MEMBER_NOT_AGENT'] as const;
const AGENTS_ONLY = 'Agents only: another member is 409 MEMBER_NOT_AGENT.';

/** The agent's contracts and statements (docs/agents.md, "Contracts that pay"). */
export function registerStatementRoutes(
  api: FastifyInstance,
  deps: { guards: MemberGuards; settlementService: SettlementService; merchantCode: string },
): void {
  const { guards, settlementService: service } = deps;
  const tags = ['agents'];
  const security = [{ session: [] }];

  route(api, 'agentContracts', {
    summary: 'Every contract offered to the agent (superseded ones too), the newest first',
    description: AGENTS_ONLY,
    tags,
    security,
    failures: FAILURES,
    preHandler: guards.realMember,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { contracts: await service.contracts(currentMember(request)) };
    },
  });

  route(api, 'agentStatements', {
    summary: 'The agent’s statements: one per contract kind and settled period, the latest period first',
    description: `${AGENTS_ONLY} \`kind\` keeps one contract kind.`,
    tags,
    security,
    failures: FAILURES,
    preHandler: guards.realMember,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.statements(currentMember(request), request.query);
    },
  });

  route(api, 'agentStatement', {
    summary: 'One of the agent’s statements, with what it was calculated from',
    description: `${AGENTS_ONLY} Another agent’s statement is 404 NOT_FOUND.`,
    tags,
    security,
    failures: [...FAILURES, 'NOT_FOUND'],
    preHandler: guards.realMember,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.statement(currentMember(request), request.params.id);
    },
  });
}
