import {
  PROVIDER_REPORT_PURPOSE,
  type ProviderReport,
  providerReport,
  type ProviderReportAction,
  type ReconciliationDifference,
  type ReconciliationRun,
  type ReconciliationRunSummary,
  type ReconciliationTotals,
} from '@kl/contracts/provider-report';
import {
  PROVIDER_CODE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
} from '@kl/contracts/provider-wallet';
import type { ProviderReconciliationRow, ProviderTransactionRow } from '../../db/schema/index.ts';
import { addMs, type Clock, DAY_MS } from '../../platform/clock.ts';
import { DomainError } from '../../platform/errors.ts';
import type { ProviderWalletRepository } from './repository.ts';
import { refuseProviderSignature, signProviderMessage } from '@kl/signing/provider';
import { checkUnderKeys, type ProviderKeys } from './signing-keys.ts';

/**
 * The daily reconciliation of a game provider (docs/decisions/028-provider-reconciliation.md): the
 * provider's signed report of its wallet calls of one UTC day against the operator's provider
 * transactions (each the ledger transaction it names), every difference listed, the result stored per
 * (provider, day) and replaced by a run again.
 */

/** The report could not be had: no address, no answer, a bad signature or a body that is not a report. */
export class ReportUnavailable extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`the provider's report is unavailable: ${reason}`, options);
    this.name = 'ReportUnavailable';
  }
}

const REPORT_TIMEOUT_MS = 30_000;
/** Operator rows recorded this long after midnight may belong to the day before's report. */
const MIDNIGHT_EDGE_MS = 5 * 60_000;

/**
 * Fetches the provider's report of `day`, signed with its key, and checks the answer's signature: under its
 * key, or during a rotation's overlap its previous key (a provider that has not taken the new key yet).
 */
export async function fetchProviderReport(request: {
  url: string;
  provider: { code: string } & ProviderKeys;
  day: string;
  clock: Clock;
  fetch?: typeof fetch;
}): Promise<ProviderReport> {
  const { provider, day, clock } = request;
  const timestamp = String(Math.floor(clock().getTime() / 1000));
  const url = new URL(request.url);
  url.searchParams.set('day', day);
  let response: Response;
  let raw: string;
  try {
    response = await (request.fetch ?? fetch)(url, {
      headers: {
        [PROVIDER_CODE_HEADER]: provider.code,
        [PROVIDER_TIMESTAMP_HEADER]: timestamp,
        [PROVIDER_SIGNATURE_HEADER]: signProviderMessage(
          provider.secret,
          timestamp,
          PROVIDER_REPORT_PURPOSE,
          day,
        ),
      },
      signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
    });
    raw = await response.text();
  } catch (error) {
    throw new ReportUnavailable('NO_ANSWER', { cause: error });
  }
  if (response.status !== 200) throw new ReportUnavailable(`HTTP_${response.status}`);
  const answeredAt = response.headers.get(PROVIDER_TIMESTAMP_HEADER) ?? '';
  const signature = response.headers.get(PROVIDER_SIGNATURE_HEADER) ?? '';
  const now = clock();
  const { refusal } = checkUnderKeys(provider, now, (secret) =>
    refuseProviderSignature({
      secret,
      action: PROVIDER_REPORT_PURPOSE,
      timestamp: answeredAt,
      signature,
      rawBody: raw,
      now,
    }),
  );
  if (refusal) throw new ReportUnavailable(refusal === 'STALE_TIMESTAMP' ? refusal : 'BAD_SIGNATURE');
  let parsed;
  try {
    parsed = providerReport.safeParse((JSON.parse(raw) as { value?: unknown }).value);
  } catch (error) {
    throw new ReportUnavailable('NOT_JSON', { cause: error });
  }
  if (!parsed.success) throw new ReportUnavailable('NOT_A_REPORT');
  if (parsed.data.day !== day || parsed.data.providerCode !== provider.code)
    throw new ReportUnavailable('ANOTHER_REPORT');
  return parsed.data;
}

/** The operator's view of a transaction, as the report states a provider's. */
const operatorStatus = (row: ProviderTransactionRow) =>
  row.kind === 'void_bet' ? 'voided' : row.rolledBackBy !== null ? 'rolled-back' : 'accepted';

const emptyTotals = () => ({
  bet: { count: 0, amount: 0n },
  win: { count: 0, amount: 0n },
  rollback: { count: 0, amount: 0n },
  credit: { count: 0, amount: 0n },
});

export interface Reconciliation {
  differences: ReconciliationDifference[];
  totals: Record<'provider' | 'operator', Record<ProviderReportAction, { count: number; amount: bigint }>>;
  providerTransactions: number;
  operatorTransactions: number;
}

/**
 * Compares the report with the operator's transactions: `dayRows` are those recorded that day, `byId`
 * those the report names (whenever recorded), `openRounds` the report's rounds still open at the operator.
 */
export function reconcile(input: {
  report: ProviderReport;
  dayRows: readonly ProviderTransactionRow[];
  byId: ReadonlyMap<string, ProviderTransactionRow>;
  openRounds: readonly { roundKey: string; memberId: string }[];
  /** Ids of the day's first minutes the day before's report has (sent before midnight, recorded after). */
  reportedTheDayBefore?: ReadonlySet<string>;
}): Reconciliation {
  const { report, dayRows, byId } = input;
  const differences: ReconciliationDifference[] = [];
  const totals = { provider: emptyTotals(), operator: emptyTotals() };
  const reported = new Set<string>();

  for (const item of report.transactions) {
    reported.add(item.transactionId);
    const took = item.status === 'accepted' || item.status === 'rolled-back';
    if (took) {
      totals.provider[item.action].count += 1;
      totals.provider[item.action].amount += BigInt(item.amount);
    }
    const row = byId.get(item.transactionId);
    const base = {
      transactionId: item.transactionId,
      action: item.action,
      roundId: item.roundId,
      playerId: item.playerId,
      provider: { amount: item.amount, status: item.status },
      operator: row ? { amount: Number(row.amount), status: operatorStatus(row) } : null,
    };
    if (!row || (row.kind === 'void_bet' && item.action !== 'bet')) {
      if (took) differences.push({ ...base, kind: 'missing_at_operator', operator: null });
      continue;
    }
    const status = operatorStatus(row);
    if (!took) {
      // Refused or unanswered at the provider: the operator must have moved nothing.
      if (status !== 'voided') differences.push({ ...base, kind: 'status_mismatch' });
      continue;
    }
    if (item.action !== 'rollback' && status !== 'voided' && BigInt(item.amount) !== row.amount) {
      differences.push({ ...base, kind: 'amount_mismatch' });
      continue;
    }
    if (item.action === 'bet' && status !== item.status)
      differences.push({ ...base, kind: 'status_mismatch' });
  }

  for (const row of dayRows) {
    const action = row.kind as ProviderReportAction;
    totals.operator[action].count += 1;
    totals.operator[action].amount += row.amount;
    if (reported.has(row.transactionId) || input.reportedTheDayBefore?.has(row.transactionId)) continue;
    differences.push({
      kind: 'missing_at_provider',
      transactionId: row.transactionId,
      action,
      roundId: row.roundId,
      playerId: row.memberId,
      provider: null,
      operator: { amount: Number(row.amount), status: operatorStatus(row) },
    });
  }

  for (const round of input.openRounds) {
    differences.push({
      kind: 'round_not_closed',
      transactionId: null,
      action: null,
      roundId: round.roundKey,
      playerId: round.memberId,
      provider: null,
      operator: null,
    });
  }

  return {
    differences,
    totals,
    providerTransactions: report.transactions.length,
    operatorTransactions: dayRows.length,
  };
}

const totalsOut = (totals: Reconciliation['totals']): ReconciliationTotals => {
  const side = (of: Reconciliation['totals']['provider']) => ({
    bet: { count: of.bet.count, amount: Number(of.bet.amount) },
    win: { count: of.win.count, amount: Number(of.win.amount) },
    rollback: { count: of.rollback.count, amount: Number(of.rollback.amount) },
    credit: { count: of.credit.count, amount: Number(of.credit.amount) },
  });
  return { provider: side(totals.provider), operator: side(totals.operator) };
};

/** A stored run as the back office answers it. */
export function runSummaryOf(row: ProviderReconciliationRow): ReconciliationRunSummary {
  const stored = row.totals as unknown as Record<
    'provider' | 'operator',
    Record<string, { count: number; amount: string }>
  >;
  const side = (of: Record<string, { count: number; amount: string }> | undefined) => {
    const action = (name: ProviderReportAction) => ({
      count: of?.[name]?.count ?? 0,
      amount: Number(of?.[name]?.amount ?? 0),
    });
    return { bet: action('bet'), win: action('win'), rollback: action('rollback'), credit: action('credit') };
  };
  return {
    runId: row.id,
    providerCode: row.providerCode,
    day: row.day,
    status: row.status,
    providerTransactions: row.providerTransactions,
    operatorTransactions: row.operatorTransactions,
    differenceCount: row.differenceCount,
    totals: { provider: side(stored.provider), operator: side(stored.operator) },
    ranAt: row.ranAt.toISOString(),
    ranBy: row.ranBy,
  };
}

export function runOf(row: ProviderReconciliationRow): ReconciliationRun {
  return { ...runSummaryOf(row), differences: row.differences as unknown as ReconciliationDifference[] };
}

/** A provider the daily job reconciles, with where it answers its report (null: nowhere). */
export interface ReportingProvider {
  code: string;
  reportUrl: string | null;
}

export function createProviderReconciliation(deps: {
  clock: Clock;
  merchantCode: string;
  repo: ProviderWalletRepository;
  /**
   * Where to fetch a provider's report instead of its row's `report_url` (a command's `--url`); undefined:
   * the row's (docs/decisions/070-provider-replay-window.md).
   */
  reportUrl?: ((providerCode: string) => string | undefined) | undefined;
  fetch?: typeof fetch;
}) {
  const { clock, merchantCode, repo } = deps;

  return {
    /**
     * Reconciles `providerCode`'s UTC `day`: fetches the report, compares, stores the result (replacing
     * the day's earlier one) and answers it. NOT_FOUND for an unknown provider, 409 PERIOD_NOT_CLOSED for
     * a day not over, 503 GAME_PROVIDER_UNAVAILABLE when the report cannot be had (nothing stored).
     */
    async run(providerCode: string, day: string, ranBy: string): Promise<ReconciliationRun> {
      const provider = await repo.findProvider(merchantCode, providerCode);
      if (!provider) throw new DomainError('NOT_FOUND', { reason: 'PROVIDER_NOT_FOUND' });
      const from = new Date(`${day}T00:00:00.000Z`);
      const to = addMs(from, DAY_MS);
      if (to.getTime() > clock().getTime())
        throw new DomainError('PERIOD_NOT_CLOSED', { reason: 'DAY_NOT_OVER', closesAt: to.toISOString() });
      const url = deps.reportUrl?.(provider.code) ?? provider.reportUrl ?? undefined;
      if (url === undefined)
        throw new DomainError('GAME_PROVIDER_UNAVAILABLE', { reason: 'NO_REPORT_ADDRESS' });
      const reportOf = (reportDay: string) =>
        fetchProviderReport({
          url,
          provider,
          day: reportDay,
          clock,
          ...(deps.fetch && { fetch: deps.fetch }),
        });
      let report: ProviderReport;
      try {
        report = await reportOf(day);
      } catch (error) {
        if (!(error instanceof ReportUnavailable)) throw error;
        throw new DomainError('GAME_PROVIDER_UNAVAILABLE', { reason: `REPORT_${error.reason}` });
      }
      const dayRows = await repo.transactionsRecordedBetween(merchantCode, provider.code, from, to);
      const ids = [...new Set(report.transactions.map((item) => item.transactionId))];
      // A call the provider sent just before midnight may be recorded here just after it: the day
      // before's report is asked about those (best effort; without it they stay listed).
      const reported = new Set(ids);
      const edge = dayRows.filter(
        (row) =>
          !reported.has(row.transactionId) && row.createdAt.getTime() < from.getTime() + MIDNIGHT_EDGE_MS,
      );
      const reportedTheDayBefore = new Set<string>();
      if (edge.length > 0) {
        const before = await reportOf(addMs(from, -DAY_MS).toISOString().slice(0, 10)).catch(
          (error: unknown) => {
            if (error instanceof ReportUnavailable) return undefined;
            throw error;
          },
        );
        for (const item of before?.transactions ?? []) reportedTheDayBefore.add(item.transactionId);
      }
      const byId = new Map(
        [...dayRows, ...(await repo.transactionsByIds(merchantCode, provider.code, ids))].map((row) => [
          row.transactionId,
          row,
        ]),
      );
      const roundKeys = [
        ...new Set([
          ...report.transactions.flatMap((item) => (item.roundId === null ? [] : [item.roundId])),
          ...dayRows.flatMap((row) => (row.roundId === null ? [] : [row.roundId])),
        ]),
      ];
      const openRounds = await repo.openRounds(merchantCode, provider.code, roundKeys);
      const result = reconcile({ report, dayRows, byId, openRounds, reportedTheDayBefore });
      const out = totalsOut(result.totals);
      const stringTotals = Object.fromEntries(
        (['provider', 'operator'] as const).map((side) => [
          side,
          Object.fromEntries(
            Object.entries(out[side]).map(([action, total]) => [
              action,
              { count: total.count, amount: String(total.amount) },
            ]),
          ),
        ]),
      );
      const saved = await repo.saveReconciliation({
        merchantCode,
        providerCode: provider.code,
        day,
        status: result.differences.length === 0 ? 'clean' : 'differences',
        providerTransactions: result.providerTransactions,
        operatorTransactions: result.operatorTransactions,
        differenceCount: result.differences.length,
        totals: stringTotals,
        differences: result.differences,
        ranAt: clock(),
        ranBy,
      });
      return runOf(saved);
    },

    /** Whether the day of the provider has a stored run. */
    async hasRun(providerCode: string, day: string): Promise<boolean> {
      return (await repo.findReconciliationOf(merchantCode, providerCode, day)) !== undefined;
    },

    /**
     * The providers switched on, each with where it answers its report: its row's `report_url`
     * (docs/decisions/070-provider-replay-window.md), null when it answers none.
     */
    async reportingProviders(): Promise<ReportingProvider[]> {
      const providers = await repo.providerRows(merchantCode);
      return providers
        .filter((provider) => provider.enabled)
        .map((provider) => ({
          code: provider.code,
          reportUrl: deps.reportUrl?.(provider.code) ?? provider.reportUrl,
        }));
    },

    async list(query: {
      providerCode?: string | undefined;
      differences?: boolean | undefined;
      pageNo: number;
      pageSize: number;
    }) {
      const { rows, total } = await repo.reconciliations(merchantCode, query, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return { list: rows.map(runSummaryOf), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    async get(runId: number): Promise<ReconciliationRun> {
      const row = await repo.findReconciliation(merchantCode, runId);
      if (!row) throw new DomainError('NOT_FOUND', { reason: 'RECONCILIATION_NOT_FOUND' });
      return runOf(row);
    },
  };
}

export type ProviderReconciliation = ReturnType<typeof createProviderReconciliation>;

/** The UTC day before `now`'s, `YYYY-MM-DD`. */
export const previousUtcDay = (now: Date): string => addMs(now, -DAY_MS).toISOString().slice(0, 10);
