/**
 * Reporting read models (docs/decisions/037-table-owners.md): the dashboard's and the reports' figures,
 * aggregated across the ledger, members, game rounds and promotions in one statement each, and what a
 * withdrawal's provenance reads across the site. The module owns no table: it reads any and writes none
 * (`tables/owner`, tools/lint/table-owners.js). The back office shows what it answers
 * (docs/back-office.md, "Dashboard", "Reports", "Withdrawals and deposits").
 */
export {
  createDashboardRepository,
  DAY_MS,
  type DashboardRepository,
  type DayFigures,
} from './dashboard-repository.ts';
export { createReportRepository, type ReportRepository, type ReportWindow } from './report-repository.ts';
export {
  createProvenanceRepository,
  type OtherMember,
  type ProvenanceRepository,
} from './provenance-repository.ts';
