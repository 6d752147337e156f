import { z } from 'zod';
import type { ApiTable } from './api-call.ts';

/**
 * A game provider's daily report of its wallet calls, and the operator's reconciliation of it against the
 * ledger (docs/decisions/028-provider-reconciliation.md). The provider answers the report of one UTC day
 * to a request signed with the key it shares with the operator, and signs its answer with the same key:
 * hex HMAC-SHA256 of `<timestamp>.report.<day>` for the request, of `<timestamp>.report.<raw body>` for
 * the answer, in the headers of the wallet's calls (`x-provider-timestamp`, `x-provider-signature`).
 */

/** A UTC day, `YYYY-MM-DD`, a real date. */
export const utcDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD')
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
  }, 'not a date');

/** The signed purpose of the report's request and answer (the `action` of the wallet's scheme). */
export const PROVIDER_REPORT_PURPOSE = 'report';

export const PROVIDER_REPORT_ACTIONS = ['bet', 'win', 'rollback', 'credit'] as const;
export type ProviderReportAction = (typeof PROVIDER_REPORT_ACTIONS)[number];

/**
 * What became of a call as the provider knows it: `accepted` (the wallet answered RS_OK), `rolled-back`
 * (a bet accepted, then refunded by a rollback the wallet accepted), `refused` (the wallet refused it),
 * `unanswered` (no answer yet, after every attempt).
 */
export const PROVIDER_REPORT_STATUSES = ['accepted', 'rolled-back', 'refused', 'unanswered'] as const;
export type ProviderReportStatus = (typeof PROVIDER_REPORT_STATUSES)[number];

const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const providerReportTransaction = z.object({
  transactionId: z.string(),
  action: z.enum(PROVIDER_REPORT_ACTIONS),
  /** The round (a rollback's: its bet's round). */
  roundId: z.string().nullable(),
  /** The operator's player id. */
  playerId: z.string(),
  /** Minor units: staked, won, credited; a rollback's is its bet's stake. */
  amount: money,
  currency: z.string(),
  status: z.enum(PROVIDER_REPORT_STATUSES),
  /** A rollback's bet. */
  betTransactionId: z.string().nullable(),
  /** A win that ended the player's round. */
  roundClosed: z.boolean(),
  /** When the provider first sent it (ISO 8601, UTC): the day it belongs to. */
  calledAt: z.string(),
});
export type ProviderReportTransaction = z.infer<typeof providerReportTransaction>;

export const providerReport = z.object({
  providerCode: z.string(),
  day: z.string(),
  generatedAt: z.string(),
  transactions: z.array(providerReportTransaction),
});
export type ProviderReport = z.infer<typeof providerReport>;

export const providerReportQuery = z.object({ day: utcDay });

// The operator's reconciliation.

export const RECONCILIATION_DIFFERENCE_KINDS = [
  /** The provider's call was accepted by the wallet, by its account; the operator has no such transaction. */
  'missing_at_operator',
  /** The operator recorded a transaction of the day the provider does not report. */
  'missing_at_provider',
  'amount_mismatch',
  /** Accepted on one side only, or rolled back on one side only. */
  'status_mismatch',
  /** The round is still open at the operator (its stakes do not count toward turnover). */
  'round_not_closed',
] as const;
export type ReconciliationDifferenceKind = (typeof RECONCILIATION_DIFFERENCE_KINDS)[number];

const side = z.object({ amount: money, status: z.string() }).nullable();

export const reconciliationDifference = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCE_KINDS),
  /** The transaction (null for a round). */
  transactionId: z.string().nullable(),
  action: z.enum(PROVIDER_REPORT_ACTIONS).nullable(),
  roundId: z.string().nullable(),
  playerId: z.string().nullable(),
  provider: side,
  operator: side,
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifference>;

const actionTotal = z.object({ count: z.number().int().min(0), amount: money });
const sideTotals = z.object({
  bet: actionTotal,
  win: actionTotal,
  rollback: actionTotal,
  credit: actionTotal,
});
export const reconciliationTotals = z.object({ provider: sideTotals, operator: sideTotals });
export type ReconciliationTotals = z.infer<typeof reconciliationTotals>;

export const reconciliationRunSummary = z.object({
  runId: z.number().int().positive(),
  providerCode: z.string(),
  day: z.string(),
  /** `clean`: nothing differs; `differences`: see the list. */
  status: z.enum(['clean', 'differences']),
  providerTransactions: z.number().int().min(0),
  operatorTransactions: z.number().int().min(0),
  differenceCount: z.number().int().min(0),
  totals: reconciliationTotals,
  ranAt: z.string(),
  /** `scheduler`, `provider:reconcile`, or the operator who ran it. */
  ranBy: z.string(),
});
export type ReconciliationRunSummary = z.infer<typeof reconciliationRunSummary>;

export const reconciliationRun = reconciliationRunSummary.extend({
  differences: z.array(reconciliationDifference),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

/**
 * The provider's side: the sandbox provider's report, answered as the envelope with `providerReport` as its
 * value, raw because its answer is signed over the exact bytes sent.
 */
export const providerReportCalls = {
  sandboxProviderReport: {
    method: 'GET',
    path: '/api/sandbox-provider/report',
    moduleId: 'COMM3',
    query: providerReportQuery,
    raw: true,
  },
} as const satisfies ApiTable;
