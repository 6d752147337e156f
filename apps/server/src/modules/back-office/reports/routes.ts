import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { csvRoute } from '../exports/csv-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { ReportService } from './service.ts';

const PERIOD =
  'from and to are days of the merchant’s time zone, both included; from after to, or more than 92 days: 400 INVALID_INPUT. ' +
  'Real money only, in minor units.';

/** Reports and their CSV download (docs/back-office.md, "Reports"). */
export function registerReportRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; reportService: ReportService },
): void {
  const { guard, reportService } = deps;

  route(app, 'adminReportDaily', {
    ...guard.guarded('adminReportDaily'),
    summary:
      'Per day of the merchant: deposits, withdrawals, bets, wins, GGR, bonuses, adjustments, new and active members',
    description:
      `${PERIOD} A reversal counts against what it undoes, on the day it is posted. Totals: sums, except ` +
      'activeMembers (members who staked in the whole period).',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reportService.daily(request.query);
    },
  });

  route(app, 'adminReportGames', {
    ...guard.guarded('adminReportGames'),
    summary: 'Per vendor and game: settled rounds, stake, payout and GGR (from the game records)',
    description: `${PERIOD} Rounds started in the period and settled; the largest stake first; totals of every row.`,
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reportService.games(request.query);
    },
  });

  route(app, 'adminReportPromotions', {
    ...guard.guarded('adminReportPromotions'),
    summary: 'Per promotion: claims made in the period, bonuses claimed, turnover required and done',
    description: `${PERIOD} The promotions whose window meets the period, the newest start first.`,
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reportService.promotions(request.query);
    },
  });

  csvRoute(app, guard, 'adminReportCsv', {
    summary: 'A report as CSV, as an attachment',
    description:
      `${PERIOD} report: daily, games or promotions; lang: the language of the header row and titles ` +
      '(vi by default). Every row, then a total row. Audited as report.export with the report and period.',
    handler: (query, request) => reportService.csv(actorOf(request), query.report, query, query.lang),
  });
}
