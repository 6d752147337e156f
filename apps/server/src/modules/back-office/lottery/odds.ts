import {
  type AdminLotteryOdds,
  type ChangeLotteryOddsRequest,
  changeLotteryOddsRequest,
  type LotteryOddsChange,
  lotteryOddsChange,
  type LotteryOddsChangeResult,
  type LotteryOddsKey,
  type LotteryOddsValues,
  oddsLoosen,
} from '@kl/contracts/admin/lotteries';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  createLotterySetupRepository,
  type LotteryOddsRow,
  type LotterySetupRepository,
} from '../../lottery/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import type { OperatorRequestRepository } from '../operator-request-repository.ts';
import type { OperatorRequestKindHandler, OperatorRequests } from '../operator-requests.ts';

/**
 * The lottery's odds in the back office (docs/back-office.md, "Lotteries"): every row of every prize mode,
 * and changing one. Odds are house money: a change that pays more per point, costs less per point or lets a
 * member stake more on one selection is a `lottery_odds.update` request a second, independent owner
 * approves (operator-requests.ts, as the money controls' loosening); one that only tightens applies at once.
 * Either way it is audited as `lottery_odds.update` with the values before and after. A bet keeps the
 * odds it was placed at: a change applies to the bets placed after it.
 */

/** The request's target: the row's key. */
const targetOf = (key: LotteryOddsKey) => `${key.prizeMode}:${key.betType}:${key.region}:${key.pick}`;

const valuesOf = (row: LotteryOddsRow): LotteryOddsValues => ({
  pricePerPoint: moneyNumber(row.pricePerPoint),
  payoutPerPoint: moneyNumber(row.payoutPerPoint),
  maxPerNumber: moneyNumber(row.maxPerNumber),
});

function oddsOf(row: LotteryOddsRow, pending: AdminLotteryOdds['pending'] = null): AdminLotteryOdds {
  return {
    prizeMode: row.prizeMode,
    betType: row.betType as AdminLotteryOdds['betType'],
    region: row.region as AdminLotteryOdds['region'],
    pick: row.pick,
    ...valuesOf(row),
    pending,
  };
}

async function lockedRow(
  setup: LotterySetupRepository,
  merchantCode: string,
  key: LotteryOddsKey,
  tx: DbOrTx,
) {
  const row = await setup.lockOdds(merchantCode, key, tx);
  if (!row) throw new DomainError('NOT_FOUND', { reason: 'ODDS_NOT_FOUND' });
  return row;
}

/** Sets a row's values (already approved where they had to be) and audits it, in the caller's transaction. */
async function writeOdds(
  deps: { merchantCode: string; audit: AuditLog; setup: LotterySetupRepository },
  actor: AuditActor,
  change: LotteryOddsChange,
  note: string,
  tx: DbOrTx,
): Promise<LotteryOddsRow> {
  const current = await lockedRow(deps.setup, deps.merchantCode, change, tx);
  const after = await deps.setup.setOdds(
    deps.merchantCode,
    change,
    {
      pricePerPoint: BigInt(change.pricePerPoint),
      payoutPerPoint: BigInt(change.payoutPerPoint),
      maxPerNumber: BigInt(change.maxPerNumber),
    },
    tx,
  );
  await deps.audit.record(
    actor,
    {
      action: 'lottery_odds.update',
      targetType: 'lottery_odds',
      targetId: targetOf(change),
      before: valuesOf(current),
      after: { ...valuesOf(after), note },
    },
    tx,
  );
  return after;
}

/** The `lottery_odds.update` kind: approving the request sets the values it carries. */
export function createLotteryOddsKind(deps: {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
}): OperatorRequestKindHandler {
  const setup = createLotterySetupRepository(deps.db);
  return {
    area: 'lottery',
    label: async (target) => target.split(':').join(' · '),
    async apply(tx, request, checker) {
      const change = lotteryOddsChange.safeParse(request.payload);
      if (!change.success) throw new DomainError('INVALID_INPUT', { reason: 'ODDS' });
      await writeOdds({ ...deps, setup }, checker, change.data, request.note, tx);
      return {};
    },
  };
}

export function createLotteryOddsAdmin(deps: {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
  requests: Pick<OperatorRequests, 'create'>;
  requestRecords: Pick<OperatorRequestRepository, 'pendingOfKind'>;
}) {
  const { db, merchantCode, requests } = deps;
  const setup = createLotterySetupRepository(db);

  return {
    /** Every odds row with the change waiting for a second owner, if any. */
    async list(): Promise<{ list: AdminLotteryOdds[] }> {
      const [rows, pending] = await Promise.all([
        setup.allOdds(merchantCode),
        deps.requestRecords.pendingOfKind(merchantCode, 'lottery_odds.update'),
      ]);
      const byTarget = new Map<string, AdminLotteryOdds['pending']>();
      for (const { row, requestedBy } of pending) {
        const asked = lotteryOddsChange.safeParse(row.payload);
        if (!asked.success) continue;
        byTarget.set(row.target, {
          requestId: row.id,
          requestedBy,
          requestedAt: row.requestedAt.toISOString(),
          pricePerPoint: asked.data.pricePerPoint,
          payoutPerPoint: asked.data.payoutPerPoint,
          maxPerNumber: asked.data.maxPerNumber,
        });
      }
      return { list: rows.map((row) => oddsOf(row, byTarget.get(targetOf(oddsOf(row))) ?? null)) };
    },

    /**
     * Changes one row: at once when it only tightens (or changes nothing), else a request for a second
     * owner (409 OPERATOR_REQUEST_PENDING while one for the row waits). Unknown row: 404.
     */
    async change(actor: AuditActor, request: ChangeLotteryOddsRequest): Promise<LotteryOddsChangeResult> {
      const { note, ...change } = changeLotteryOddsRequest.parse(request);
      const outcome = await db.transaction(async (tx) => {
        const current = await lockedRow(setup, merchantCode, change, tx);
        if (oddsLoosen(valuesOf(current), change)) return { loosens: true as const, row: current };
        const unchanged =
          current.pricePerPoint === BigInt(change.pricePerPoint) &&
          current.payoutPerPoint === BigInt(change.payoutPerPoint) &&
          current.maxPerNumber === BigInt(change.maxPerNumber);
        const row = unchanged ? current : await writeOdds({ ...deps, setup }, actor, change, note, tx);
        return { loosens: false as const, row };
      });
      if (!outcome.loosens) return { applied: true, odds: oddsOf(outcome.row), request: null };
      const asked = await requests.create(actor, {
        kind: 'lottery_odds.update',
        target: targetOf(change),
        payload: change,
        note,
      });
      return { applied: false, odds: oddsOf(outcome.row), request: asked };
    },
  };
}

export type LotteryOddsAdmin = ReturnType<typeof createLotteryOddsAdmin>;
