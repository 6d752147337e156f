import type { ApiEntry } from '@kl/contracts/api-call';
import {
  DEPOSIT_LIMIT_PERIODS,
  LIMIT_RAISE_DELAY_HOURS,
  type DepositLimitPeriod,
  type DepositLimitView,
  type ExclusionStarted,
  type RealityCheckInterval,
  type ResponsibleGamingSettings,
  responsibleGamingCalls,
} from '@kl/contracts/responsible-gaming';
import { answer, isCall } from '../../../test/fake-api.ts';

/**
 * The responsible-gaming calls for component tests, keeping the rules of responsible-gaming.ts: a lower
 * (or first) limit is in force at once, a higher one or a removal is pending for 24 hours; a time-out or
 * self-exclusion answers its end and ends the session.
 */
export interface FakeResponsibleGamingOptions {
  limits?: Partial<Record<DepositLimitPeriod, Partial<DepositLimitView>>>;
  realityCheckMinutes?: RealityCheckInterval;
}

/** The paths of the responsible-gaming calls: the part of the API this fake stands for. */
const RESPONSIBLE_GAMING_PATHS = new Set<string>(
  Object.values(responsibleGamingCalls).map((entry) => entry.path),
);
const HOUR_MS = 3_600_000;

export function createFakeResponsibleGaming(options: FakeResponsibleGamingOptions = {}) {
  const state = {
    settings: {
      currency: 'VND',
      depositLimits: DEPOSIT_LIMIT_PERIODS.map((period) => ({
        period,
        amount: null,
        pending: null,
        used: 0,
        remaining: null,
        ...options.limits?.[period],
      })),
      exclusion: null,
      realityCheckMinutes: options.realityCheckMinutes ?? 0,
    } as ResponsibleGamingSettings,
    limitCalls: [] as Record<string, number | null>[],
    exclusionCalls: [] as { path: string; body: unknown }[],
    realityCalls: [] as unknown[],
    settingsCalls: 0,
  };

  const setLimit = (period: DepositLimitPeriod, amount: number | null) => {
    state.settings.depositLimits = state.settings.depositLimits.map((limit) => {
      if (limit.period !== period) return limit;
      const lower = amount !== null && (limit.amount === null || amount <= limit.amount);
      if (lower) {
        return { ...limit, amount, pending: null, remaining: Math.max(0, amount - limit.used) };
      }
      const effectiveAt = new Date(Date.now() + LIMIT_RAISE_DELAY_HOURS * HOUR_MS).toISOString();
      return { ...limit, pending: { amount, effectiveAt } };
    });
  };

  const handle = async (url: URL, init?: RequestInit) => {
    if (!RESPONSIBLE_GAMING_PATHS.has(url.pathname)) return undefined;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const is = (entry: ApiEntry) => isCall(entry, url, init);
    if (is(responsibleGamingCalls.responsibleGaming)) {
      state.settingsCalls += 1;
      return answer(responsibleGamingCalls.responsibleGaming, state.settings);
    }
    if (is(responsibleGamingCalls.setDepositLimits)) {
      state.limitCalls.push(body as Record<string, number | null>);
      for (const [period, amount] of Object.entries(body)) {
        setLimit(period as DepositLimitPeriod, amount as number | null);
      }
      return answer(responsibleGamingCalls.setDepositLimits, state.settings);
    }
    if (is(responsibleGamingCalls.setRealityCheck)) {
      state.realityCalls.push(body);
      state.settings.realityCheckMinutes = body.intervalMinutes as RealityCheckInterval;
      return answer(responsibleGamingCalls.setRealityCheck, state.settings);
    }
    const timeOut = is(responsibleGamingCalls.startTimeOut);
    if (timeOut || is(responsibleGamingCalls.startSelfExclusion)) {
      state.exclusionCalls.push({ path: url.pathname, body });
      const startedAt = new Date();
      const endsAt = new Date(startedAt.getTime() + (timeOut ? 24 : 24 * 365) * HOUR_MS);
      const exclusion = {
        kind: timeOut ? 'time_out' : 'self_exclusion',
        period: body.period,
        startedAt: startedAt.toISOString(),
        endsAt: endsAt.toISOString(),
      } as ExclusionStarted['exclusion'];
      return answer(
        timeOut ? responsibleGamingCalls.startTimeOut : responsibleGamingCalls.startSelfExclusion,
        { exclusion, sessionsEnded: 1 },
      );
    }
    return undefined;
  };
  return { handle, state };
}
