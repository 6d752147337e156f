import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { VipLevelsAdmin } from './service.ts';

/** VIP levels: list, change, add the next, delete the highest (docs/back-office.md, "VIP levels"). */
export function registerVipAdminRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; vipLevelsAdmin: VipLevelsAdmin },
): void {
  const { guard, vipLevelsAdmin } = deps;
  const saving =
    'Thresholds rise with the level, level 0 at 0 (400 VIP_THRESHOLD_NOT_ASCENDING). A change of the ' +
    'threshold, a bonus or the rebate (a new level that pays a bonus or a rebate) waits for another ' +
    'operator of the promotions area as a vip_level.update request (applied false); names and ' +
    'withdrawals apply at once (applied true). One change of a level waits at a time (409 ' +
    'OPERATOR_REQUEST_PENDING). Audited as vip_level.create or vip_level.update with the note.';

  route(app, 'adminVipLevels', {
    ...guard.guarded('adminVipLevels'),
    summary: 'Every VIP level, lowest first, with its members now, and the changes waiting',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return vipLevelsAdmin.list();
    },
  });

  route(app, 'adminAddVipLevel', {
    ...guard.guarded('adminAddVipLevel'),
    summary: 'Add the level after the highest',
    description: saving,
    failures: [...GUARD_FAILURES, 'VIP_THRESHOLD_NOT_ASCENDING', 'OPERATOR_REQUEST_PENDING'],
    handler: (request) => vipLevelsAdmin.add(actorOf(request), request.body),
  });

  route(app, 'adminUpdateVipLevel', {
    ...guard.guarded('adminUpdateVipLevel'),
    summary: 'Change a level: its name, threshold, bonuses, withdrawals and rebate',
    description: `Unknown level: 404. ${saving}`,
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'VIP_THRESHOLD_NOT_ASCENDING', 'OPERATOR_REQUEST_PENDING'],
    handler: (request) => vipLevelsAdmin.update(actorOf(request), request.params.level, request.body),
  });

  route(app, 'adminDeleteVipLevel', {
    ...guard.guarded('adminDeleteVipLevel'),
    summary: 'Delete the highest level when no member is at it',
    description:
      'Another level: 409 VIP_LEVEL_NOT_LAST; members at it: 409 VIP_LEVEL_IN_USE; a change of it (or a ' +
      'new level after it) waiting: 409 OPERATOR_REQUEST_PENDING; level 0 stays (400 INVALID_INPUT). ' +
      'Audited as vip_level.delete with the level as it was.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'VIP_LEVEL_NOT_LAST',
      'VIP_LEVEL_IN_USE',
      'OPERATOR_REQUEST_PENDING',
    ],
    handler: (request) => vipLevelsAdmin.remove(actorOf(request), request.params.level),
  });
}
