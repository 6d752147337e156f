import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { moneySchema } from './wallet-balance.ts';

/**
 * Responsible gaming (member centre): limits and breaks a member sets on their own account, enforced by the
 * server.
 *
 * - Deposit limits per rolling window: `daily` (the last 24 hours), `weekly` (the last 7 days), `monthly`
 *   (the last 30 days). Deposit orders that are paid or still pending, created within the window, count
 *   toward it. A new order that would take the total over a limit is refused with 409
 *   DEPOSIT_LIMIT_EXCEEDED `{ period, limit, used, remaining, currency }`.
 *   Lowering a limit (or setting one where there was none) takes effect at once; raising it (or removing
 *   it) takes effect `LIMIT_RAISE_DELAY_HOURS` later: until then the change is `pending`.
 * - Time-out (24 hours, 7 days, 30 days) and self-exclusion (6 months, 1 year, 5 years): from the start,
 *   every session of the member ends, and login, deposit and game launch are refused until the end time
 *   with 403 ACCOUNT_TIMED_OUT or ACCOUNT_SELF_EXCLUDED `{ kind, endsAt }`. Neither can be shortened or
 *   lifted early, by the member or by anyone else.
 * - Reality check: how often the web app reminds the member how long they have been playing (off, 15, 30
 *   or 60 minutes); stored by the server, shown by the web app.
 *
 * Trial members (type 4) are not offered any of this: they play with demo money only, and every call answers
 * 403 FEATURE_NOT_ENABLED `{ reason: 'free_reject' }`. Amounts are integers in minor units (VND: whole đồng).
 */

export const DEPOSIT_LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];

/** The rolling window of each limit, in hours. */
export const DEPOSIT_LIMIT_WINDOW_HOURS: Record<DepositLimitPeriod, number> = {
  daily: 24,
  weekly: 7 * 24,
  monthly: 30 * 24,
};

/** A raised (or removed) limit takes effect this many hours after the member asked. */
export const LIMIT_RAISE_DELAY_HOURS = 24;

export const TIME_OUT_PERIODS = ['24h', '7d', '30d'] as const;
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];

export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

export const EXCLUSION_KINDS = ['time_out', 'self_exclusion'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/** Reality-check reminder intervals in minutes; 0 is off. */
export const REALITY_CHECK_INTERVALS = [0, 15, 30, 60] as const;
export type RealityCheckInterval = (typeof REALITY_CHECK_INTERVALS)[number];

/** One limit as it stands now. */
export const depositLimitView = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  /** The limit in force; null when there is none. */
  amount: moneySchema.nullable(),
  /** A raise or removal waiting for its time; null when nothing waits. `amount` null there means removal. */
  pending: z.object({ amount: moneySchema.nullable(), effectiveAt: z.iso.datetime() }).nullable(),
  /** Paid and pending deposits within the window now. */
  used: moneySchema,
  /** What may still be deposited within the window; null without a limit. */
  remaining: moneySchema.nullable(),
});
export type DepositLimitView = z.infer<typeof depositLimitView>;

/** A time-out or self-exclusion in force. */
export const exclusionView = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  period: z.enum([...TIME_OUT_PERIODS, ...SELF_EXCLUSION_PERIODS]),
  startedAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type ExclusionView = z.infer<typeof exclusionView>;

/** GET settings. */
export const responsibleGamingSettings = z.object({
  currency: z.string(),
  /** Always the three periods, in the order of DEPOSIT_LIMIT_PERIODS. */
  depositLimits: z.array(depositLimitView),
  /** Null when none is in force (a member under one cannot log in, so a screen rarely sees it). */
  exclusion: exclusionView.nullable(),
  realityCheckMinutes: z.union(REALITY_CHECK_INTERVALS.map((value) => z.literal(value))),
});
export type ResponsibleGamingSettings = z.infer<typeof responsibleGamingSettings>;

/**
 * PUT limits: each period given is changed (a positive amount, or null to remove the limit); a period left
 * out is unchanged. At least one period.
 */
export const setDepositLimitsRequest = z
  .strictObject({
    daily: moneySchema.positive().nullable().optional(),
    weekly: moneySchema.positive().nullable().optional(),
    monthly: moneySchema.positive().nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'at least one period' });
export type SetDepositLimitsRequest = z.infer<typeof setDepositLimitsRequest>;

/** POST time-out. */
export const startTimeOutRequest = z.strictObject({ period: z.enum(TIME_OUT_PERIODS) });
export type StartTimeOutRequest = z.infer<typeof startTimeOutRequest>;

/** POST self-exclusion: `confirm` must be true (it cannot be undone). */
export const startSelfExclusionRequest = z.strictObject({
  period: z.enum(SELF_EXCLUSION_PERIODS),
  confirm: z.literal(true),
});
export type StartSelfExclusionRequest = z.infer<typeof startSelfExclusionRequest>;

/** PUT reality check. */
export const setRealityCheckRequest = z.strictObject({
  intervalMinutes: z.union(REALITY_CHECK_INTERVALS.map((value) => z.literal(value))),
});
export type SetRealityCheckRequest = z.infer<typeof setRealityCheckRequest>;

/** Answer of POST time-out and POST self-exclusion: the session cookie is cleared with it. */
export const exclusionStarted = z.object({
  exclusion: exclusionView,
  /** How many sessions of the member ended (this one included). */
  sessionsEnded: z.number().int().nonnegative(),
});
export type ExclusionStarted = z.infer<typeof exclusionStarted>;

/** `value` of ACCOUNT_TIMED_OUT / ACCOUNT_SELF_EXCLUDED. */
export const exclusionErrorValue = z.object({ kind: z.enum(EXCLUSION_KINDS), endsAt: z.iso.datetime() });
export type ExclusionErrorValue = z.infer<typeof exclusionErrorValue>;

/** `value` of DEPOSIT_LIMIT_EXCEEDED. */
export const depositLimitErrorValue = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  limit: moneySchema,
  used: moneySchema,
  remaining: moneySchema,
  currency: z.string(),
});
export type DepositLimitErrorValue = z.infer<typeof depositLimitErrorValue>;

/** The responsible gaming calls of the API table (api-paths.ts composes every domain's calls). */
export const responsibleGamingCalls = {
  responsibleGaming: {
    method: 'GET',
    path: '/api/responsible-gaming',
    moduleId: 'PERSPNL3',
    response: responsibleGamingSettings,
  },
  setDepositLimits: {
    method: 'PUT',
    path: '/api/responsible-gaming/deposit-limits',
    moduleId: 'PERSPNL3',
    body: setDepositLimitsRequest,
    response: responsibleGamingSettings,
  },
  startTimeOut: {
    method: 'POST',
    path: '/api/responsible-gaming/time-out',
    moduleId: 'PERSPNL3',
    body: startTimeOutRequest,
    response: exclusionStarted,
  },
  startSelfExclusion: {
    method: 'POST',
    path: '/api/responsible-gaming/self-exclusion',
    moduleId: 'PERSPNL3',
    body: startSelfExclusionRequest,
    response: exclusionStarted,
  },
  setRealityCheck: {
    method: 'PUT',
    path: '/api/responsible-gaming/reality-check',
    moduleId: 'PERSPNL3',
    body: setRealityCheckRequest,
    response: responsibleGamingSettings,
  },
} as const satisfies ApiTable;
