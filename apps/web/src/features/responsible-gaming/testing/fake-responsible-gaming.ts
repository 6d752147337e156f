import {
  DEPOSIT_LIMIT_PERIODS,
  responsibleGamingCalls,
  type DepositLimitPeriod,
  type DepositLimitView,
  type RealityCheckInterval,
  type ResponsibleGamingSettings,
} from '@kl/contracts/responsible-gaming';
import { onByDefault } from '../../../test/fake-api.ts';

/** Responsible-gaming data for component tests (contracts responsible-gaming.ts). */
export interface RgServer {
  settings: ResponsibleGamingSettings;
}

/** The member's settings: no limit unless told (`limits` by period), no exclusion, the reminder's interval. */
export function rgSettings(
  limits: Partial<Record<DepositLimitPeriod, Partial<DepositLimitView>>> = {},
  realityCheckMinutes: RealityCheckInterval = 0,
): ResponsibleGamingSettings {
  return {
    currency: 'VND',
    depositLimits: DEPOSIT_LIMIT_PERIODS.map((period) => ({
      ...{ period, amount: null, pending: null, used: 0, remaining: null },
      ...limits[period],
    })),
    exclusion: null,
    realityCheckMinutes,
  };
}

/** `settings` with the limit of `period` changed. */
export const withLimit = (
  settings: ResponsibleGamingSettings,
  period: DepositLimitPeriod,
  change: Partial<DepositLimitView>,
): ResponsibleGamingSettings => ({
  ...settings,
  depositLimits: settings.depositLimits.map((limit) =>
    limit.period === period ? { ...limit, ...change } : limit,
  ),
});

/** GET /api/responsible-gaming answers the server view's settings. */
export function answerResponsibleGaming(server: RgServer) {
  onByDefault(responsibleGamingCalls.responsibleGaming, () => server.settings);
}
