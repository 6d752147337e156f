import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import {
  DEPOSIT_LIMIT_PERIODS,
  DEPOSIT_LIMIT_WINDOW_HOURS,
  type DepositLimitPeriod,
  type DepositLimitView,
  type ExclusionKind,
  type ExclusionStarted,
  type ExclusionView,
  LIMIT_RAISE_DELAY_HOURS,
  type RealityCheckInterval,
  type ResponsibleGamingSettings,
  type SelfExclusionPeriod,
  type SetDepositLimitsRequest,
  type TimeOutPeriod,
} from '@kl/contracts/responsible-gaming';
import type { DepositLimitRow, MemberExclusionRow } from '../../db/schema/index.ts';
import { addMs, type Clock, DAY_MS, HOUR_MS } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { moneyNumber } from '../wallet/index.ts';
import type { ResponsibleGamingRepository } from './repository.ts';

/** How long each time-out lasts. */
export const TIME_OUT_MS: Record<TimeOutPeriod, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};
/** How many calendar months each self-exclusion lasts. */
export const SELF_EXCLUSION_MONTHS: Record<SelfExclusionPeriod, number> = { '6m': 6, '1y': 12, '5y': 60 };

/** `date` plus whole calendar months (UTC); a day past the month's end runs into the next month, never back. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/** The refusal of a member under a time-out or self-exclusion: the catalogue code and the end time. */
export function exclusionError(exclusion: Pick<MemberExclusionRow, 'kind' | 'endsAt'>): DomainError {
  return new DomainError(exclusion.kind === 'time_out' ? 'ACCOUNT_TIMED_OUT' : 'ACCOUNT_SELF_EXCLUDED', {
    kind: exclusion.kind,
    endsAt: exclusion.endsAt.toISOString(),
  });
}

/** A limit as it stands at `now`: a pending change whose time has come is in force. */
function limitAt(row: DepositLimitRow | undefined, now: Date) {
  if (!row) return { amount: null, pending: null };
  if (row.pendingEffectiveAt && row.pendingEffectiveAt <= now) {
    return { amount: row.pendingAmount, pending: null };
  }
  return {
    amount: row.amount,
    pending: row.pendingEffectiveAt
      ? { amount: row.pendingAmount, effectiveAt: row.pendingEffectiveAt }
      : null,
  };
}

const windowStart = (period: DepositLimitPeriod, now: Date) =>
  addMs(now, -DEPOSIT_LIMIT_WINDOW_HOURS[period] * HOUR_MS);

export interface ResponsibleGamingDeps {
  db: Db;
  clock: Clock;
  repository: ResponsibleGamingRepository;
  /** Ends every session of the member; answers how many were live. */
  revokeSessions: (memberId: string, tx: DbOrTx) => Promise<number>;
}

/** Deposit limits, time-outs, self-exclusions and the reality check of members (responsible-gaming.ts). */
export function createResponsibleGamingService(deps: ResponsibleGamingDeps) {
  const { db, clock, repository } = deps;

  const exclusionView = (row: MemberExclusionRow): ExclusionView => ({
    kind: row.kind,
    period: row.period,
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  });

  async function startExclusion(
    memberId: string,
    kind: ExclusionKind,
    period: TimeOutPeriod | SelfExclusionPeriod,
    endsAt: (now: Date) => Date,
  ): Promise<ExclusionStarted> {
    return db.transaction(async (tx) => {
      await repository.lockMember(memberId, tx);
      const now = clock();
      const active = await repository.activeExclusion(memberId, now, tx);
      if (active) throw exclusionError(active);
      const created = await repository.insertExclusion(
        { memberId, kind, period, startedAt: now, endsAt: endsAt(now) },
        tx,
      );
      const sessionsEnded = await deps.revokeSessions(memberId, tx);
      return { exclusion: exclusionView(created), sessionsEnded };
    });
  }

  /** Throws the exclusion in force, if any. */
  async function refuseExcluded(memberId: string, tx?: DbOrTx): Promise<void> {
    const active = await repository.activeExclusion(memberId, clock(), tx);
    if (active) throw exclusionError(active);
  }

  /** The interval of the member's reality check in minutes; 0 when none was set. */
  const realityCheckOf = async (memberId: string): Promise<number> =>
    (await repository.realityCheckOf(memberId)) ?? 0;

  return {
    realityCheckOf,

    async settings(memberId: string): Promise<ResponsibleGamingSettings> {
      const now = clock();
      const rows = await repository.limits(memberId);
      const depositLimits: DepositLimitView[] = [];
      for (const period of DEPOSIT_LIMIT_PERIODS) {
        const limit = limitAt(
          rows.find((row) => row.period === period),
          now,
        );
        const used = await repository.depositedSince(memberId, windowStart(period, now), now);
        depositLimits.push({
          period,
          amount: limit.amount === null ? null : moneyNumber(limit.amount),
          pending:
            limit.pending === null
              ? null
              : {
                  amount: limit.pending.amount === null ? null : moneyNumber(limit.pending.amount),
                  effectiveAt: limit.pending.effectiveAt.toISOString(),
                },
          used: moneyNumber(used),
          remaining:
            limit.amount === null ? null : moneyNumber(limit.amount > used ? limit.amount - used : 0n),
        });
      }
      const exclusion = await repository.activeExclusion(memberId, now);
      const interval = await realityCheckOf(memberId);
      return {
        currency: WALLET_CURRENCY,
        depositLimits,
        exclusion: exclusion ? exclusionView(exclusion) : null,
        realityCheckMinutes: interval as RealityCheckInterval,
      };
    },

    /**
     * Lowering (or a first limit) is in force at once and cancels a pending raise; raising or removing waits
     * LIMIT_RAISE_DELAY_HOURS, and asking again restarts the wait.
     */
    async setDepositLimits(memberId: string, request: SetDepositLimitsRequest): Promise<void> {
      await db.transaction(async (tx) => {
        const now = clock();
        const rows = await repository.lockLimits(memberId, tx);
        for (const period of DEPOSIT_LIMIT_PERIODS) {
          const asked = request[period];
          if (asked === undefined) continue;
          const wanted = asked === null ? null : BigInt(asked);
          const current = limitAt(
            rows.find((row) => row.period === period),
            now,
          );
          const lowers = wanted !== null && (current.amount === null || wanted <= current.amount);
          const nothingToRemove = wanted === null && current.amount === null;
          await repository.saveLimit(
            lowers || nothingToRemove
              ? {
                  memberId,
                  period,
                  amount: wanted,
                  pendingAmount: null,
                  pendingEffectiveAt: null,
                  updatedAt: now,
                }
              : {
                  memberId,
                  period,
                  amount: current.amount,
                  pendingAmount: wanted,
                  pendingEffectiveAt: addMs(now, LIMIT_RAISE_DELAY_HOURS * HOUR_MS),
                  updatedAt: now,
                },
            tx,
          );
        }
      });
    },

    startTimeOut: (memberId: string, period: TimeOutPeriod) =>
      startExclusion(memberId, 'time_out', period, (now) => addMs(now, TIME_OUT_MS[period])),

    startSelfExclusion: (memberId: string, period: SelfExclusionPeriod) =>
      startExclusion(memberId, 'self_exclusion', period, (now) =>
        addMonths(now, SELF_EXCLUSION_MONTHS[period]),
      ),

    async setRealityCheck(memberId: string, intervalMinutes: RealityCheckInterval): Promise<void> {
      await repository.saveRealityCheck(memberId, intervalMinutes, clock());
    },

    /** Login: refused while a time-out or self-exclusion is in force. */
    checkLogin: (member: { id: string }, tx?: DbOrTx) => refuseExcluded(member.id, tx),

    /** Game launch: refused while a time-out or self-exclusion is in force. */
    checkPlay: (memberId: string) => refuseExcluded(memberId),

    /**
     * A new deposit order of `amount`: refused while excluded, or when it would take the paid and pending
     * deposits of a window over that window's limit. Runs in the order's transaction, with the member's
     * limit rows locked, so two orders at once cannot both slip under a limit.
     */
    async checkDeposit(memberId: string, amount: bigint, currency: string, tx: DbOrTx): Promise<void> {
      await refuseExcluded(memberId, tx);
      const rows = await repository.lockLimits(memberId, tx);
      const now = clock();
      for (const period of DEPOSIT_LIMIT_PERIODS) {
        const limit = limitAt(
          rows.find((row) => row.period === period),
          now,
        ).amount;
        if (limit === null) continue;
        const used = await repository.depositedSince(memberId, windowStart(period, now), now, tx);
        if (used + amount > limit) {
          throw new DomainError('DEPOSIT_LIMIT_EXCEEDED', {
            period,
            limit: moneyNumber(limit),
            used: moneyNumber(used),
            remaining: moneyNumber(limit > used ? limit - used : 0n),
            currency,
          });
        }
      }
    },
  };
}

export type ResponsibleGamingService = ReturnType<typeof createResponsibleGamingService>;
