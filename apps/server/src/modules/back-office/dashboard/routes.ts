import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { DashboardService } from './service.ts';

/** The dashboard (docs/back-office.md, "Dashboard"). */
export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; dashboardService: DashboardService },
): void {
  const { guard, dashboardService } = deps;

  route(app, 'adminDashboard', {
    ...guard.guarded('adminDashboard'),
    summary:
      'Real-money figures of today, 7 or 30 days of the merchant’s time zone, one point per day, and pending work',
    description:
      'Deposits, withdrawals paid, bets (stakes), wins (payouts), ggr = bets − wins and bonuses of real ' +
      'members, in minor units; a reversal counts against what it undoes. `newMembers`: real members who ' +
      'registered; `activeMembers`: members who staked. The period starts at 00:00 of its first day in ' +
      'the merchant’s time zone and ends now. Pending: withdrawals waiting for an operator, adjustments waiting for a ' +
      'second operator, open deposit orders whose confirmation by hand waits for a second operator’s approval ' +
      '(the deposits list with confirmation=awaiting_second_approval), chats with member messages no operator ' +
      'has read.',
    failures: GUARD_FAILURES,
    handler: (request) => dashboardService.dashboard(request.query.period),
  });
}
