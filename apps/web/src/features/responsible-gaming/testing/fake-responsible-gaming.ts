import {
  DEPOSIT_LIMIT_PERIODS,
  LIMIT_RAISE_DELAY_HOURS,
  type DepositLimitPeriod,
  type DepositLimitView,
  type RealityCheckInterval,
  type ResponsibleGamingSettings,
} from '@kl/contracts/responsible-gaming';

/**
 * The responsible-gaming calls for component tests, keeping the rules of responsible-gaming.ts: a lower
 * (or first) limit is in force at once, a higher one or a removal is pending for 24 hours; a time-out or
 * self-exclusion answers its end and ends the session.
 */
export interface FakeResponsibleGamingOptions {
  limits?: Partial<Record<DepositLimitPeriod, Partial<DepositLimitView>>>;
  realityCheckMinutes?: RealityCheckInterval;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (value: unknown) => json({ success: true, value });
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
    if (!url.pathname.startsWith('/api/responsible-gaming')) return undefined;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (url.pathname === '/api/responsible-gaming' && method === 'GET') {
      state.settingsCalls += 1;
      return ok(state.settings);
    }
    if (url.pathname === '/api/responsible-gaming/deposit-limits' && method === 'PUT') {
      state.limitCalls.push(body as Record<string, number | null>);
      for (const [period, amount] of Object.entries(body)) {
        setLimit(period as DepositLimitPeriod, amount as number | null);
      }
      return ok(state.settings);
    }
    if (url.pathname === '/api/responsible-gaming/reality-check' && method === 'PUT') {
      state.realityCalls.push(body);
      state.settings.realityCheckMinutes = body.intervalMinutes as RealityCheckInterval;
      return ok(state.settings);
    }
    if (
      (url.pathname === '/api/responsible-gaming/time-out' ||
        url.pathname === '/api/responsible-gaming/self-exclusion') &&
      method === 'POST'
    ) {
      state.exclusionCalls.push({ path: url.pathname, body });
      const timeOut = url.pathname.endsWith('time-out');
      const startedAt = new Date();
      const endsAt = new Date(startedAt.getTime() + (timeOut ? 24 : 24 * 365) * HOUR_MS);
      return ok({
        exclusion: {
          kind: timeOut ? 'time_out' : 'self_exclusion',
          period: body.period,
          startedAt: startedAt.toISOString(),
          endsAt: endsAt.toISOString(),
        },
        sessionsEnded: 1,
      });
    }
    return undefined;
  };
  return { handle, state };
}
