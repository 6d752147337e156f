import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { ControlsService } from './service.ts';

/** The merchant's money controls (docs/back-office.md, "Four eyes"). */
export function registerControlsRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; controls: ControlsService },
): void {
  const { guard, controls } = deps;

  route(app, 'adminControls', {
    ...guard.guarded('adminControls'),
    summary:
      'The merchant’s money controls: daily credit limits, second approval of withdrawals, promotion limits',
    failures: GUARD_FAILURES,
    handler: () => controls.current(),
  });
}
