import type { SelfExclusionPeriod, TimeOutPeriod } from '@kl/contracts/responsible-gaming';

const HOUR_MS = 3_600_000;
const TIME_OUT_HOURS: Record<TimeOutPeriod, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };
const SELF_EXCLUSION_MONTHS: Record<SelfExclusionPeriod, number> = { '6m': 6, '1y': 12, '5y': 60 };

/** When a time-out or self-exclusion started now would end (as the server counts it), for the confirmation. */
export function expectedEnd(period: TimeOutPeriod | SelfExclusionPeriod, now = new Date()): Date {
  if (period in TIME_OUT_HOURS) {
    return new Date(now.getTime() + TIME_OUT_HOURS[period as TimeOutPeriod] * HOUR_MS);
  }
  const end = new Date(now.getTime());
  end.setUTCMonth(end.getUTCMonth() + SELF_EXCLUSION_MONTHS[period as SelfExclusionPeriod]);
  return end;
}
