import type { FastifyInstance } from 'fastify';
import type { MemberGuards } from '../../../platform/member-guard.ts';
import type { AgentCentre } from './service.ts';

/** The agent centre's calls. */
export function registerCentreRoutes(
  api: FastifyInstance,
  deps: { guards: MemberGuards; agentCentre: AgentCentre; merchantCode: string },
): void {
  void api;
  void deps;
}
