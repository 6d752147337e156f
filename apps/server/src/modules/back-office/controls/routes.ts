import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { ControlsChangeService } from './change.ts';
import type { ControlsService } from './service.ts';

/** The merchant's money controls (docs/back-office.md, "Four eyes"). */
export function registerControlsRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; controls: ControlsService; controlsChange: ControlsChangeService },
): void {
  const { guard, controls, controlsChange } = deps;

  route(app, 'adminControls', {
    ...guard.guarded('adminControls'),
    summary:
      'The merchant’s money controls: daily credit limits, second approval of withdrawals, promotion limits',
    failures: GUARD_FAILURES,
    handler: () => controls.current(),
  });

  route(app, 'adminChangeControls', {
    ...guard.guarded('adminChangeControls'),
    summary: 'Change the merchant’s money controls: at once when it only tightens them, else a request',
    description:
      'Owners only. A change that raises a limit or a cap, lowers the minimum turnover multiple or shortens ' +
      'the segregation period waits for a second, independent owner (a `controls.update` request, decided with ' +
      'the operator requests’ calls); one already waiting: 409 OPERATOR_REQUEST_PENDING. A change that only ' +
      'tightens them is applied at once. Audited as controls.update with the controls before and after.',
    failures: [...GUARD_FAILURES, 'OPERATOR_REQUEST_PENDING'],
    handler: (request) => controlsChange.change(actorOf(request), request.body),
  });
}
