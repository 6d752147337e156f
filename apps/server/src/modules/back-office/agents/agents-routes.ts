import type { FastifyInstance } from 'fastify';
import type { BackOfficeAgentsDeps } from './deps.ts';

/** Applications, making agents and contract offers in the back office (docs/agents.md, "Back office"). */
export function registerAgentAdminRoutes(app: FastifyInstance, deps: BackOfficeAgentsDeps): void {
  void app;
  void deps;
}
