import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { pageParams } from '../paging.ts';
import { reconciliationRun, reconciliationRunSummary, utcDay } from '../provider-report.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * The daily reconciliation of the game providers' reports against the ledger in the back office
 * (docs/decisions/028-provider-reconciliation.md): the runs, the latest day first, one run's differences,
 * and a run by hand (audited), which replaces the day's stored result.
 */

const providerCode = z.string().regex(/^[a-z0-9][a-z0-9_-]{1,31}$/);

export const adminReconciliationsQuery = z.object({
  providerCode: providerCode.optional(),
  /** Only runs that found differences. */
  differences: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export const adminReconciliationPage = adminPage(reconciliationRunSummary);
export type AdminReconciliationPage = z.infer<typeof adminReconciliationPage>;

export const reconciliationParams = z.object({ runId: z.coerce.number<number>().int().positive() });

export const runReconciliationRequest = z.object({ providerCode, day: utcDay });
export type RunReconciliationRequest = z.input<typeof runReconciliationRequest>;

/** The reconciliation calls (composed into adminCalls, calls.ts). */
export const adminReconciliationCalls = {
  adminReconciliations: {
    method: 'GET',
    path: '/api/admin/reconciliations',
    moduleId: 'ADMIN',
    query: adminReconciliationsQuery,
    response: adminReconciliationPage,
  },
  adminReconciliation: {
    method: 'GET',
    path: '/api/admin/reconciliations/:runId',
    moduleId: 'ADMIN',
    params: reconciliationParams,
    response: reconciliationRun,
  },
  adminRunReconciliation: {
    method: 'POST',
    path: '/api/admin/reconciliations',
    moduleId: 'ADMIN',
    body: runReconciliationRequest,
    response: reconciliationRun,
  },
} as const satisfies ApiTable;

/** Reading is the reports' (every money role); running by hand is for who settles differences (adjustments). */
export const adminReconciliationRules: Record<keyof typeof adminReconciliationCalls, AdminCallRule> = {
  adminReconciliations: { area: 'reports', access: 'read' },
  adminReconciliation: { area: 'reports', access: 'read' },
  adminRunReconciliation: { area: 'adjustments', access: 'write' },
};
