import type { FastifyInstance } from 'fastify';
import type { MemberGuards } from '../../../platform/member-guard.ts';
import type { SettlementService } from './service.ts';

/** The agent's contracts and statements. */
export function registerStatementRoutes(
  api: FastifyInstance,
  deps: { guards: MemberGuards; settlementService: SettlementService; merchantCode: string },
): void {
  void api;
  void deps;
}
