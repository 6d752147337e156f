import type { FastifyInstance } from 'fastify';
import type { MemberGuards } from '../../../platform/member-guard.ts';
import type { HierarchyService } from './service.ts';

/** The member's calls of the hierarchy: link visits, applications, the agent's links. */
export function registerHierarchyRoutes(
  api: FastifyInstance,
  deps: { guards: MemberGuards; hierarchyService: HierarchyService; merchantCode: string },
): void {
  void api;
  void deps;
}
