import {
  DEPOSIT_LIMIT_PERIODS,
  responsibleGamingCalls,
  type DepositLimitPeriod as Period,
  type DepositLimitView as Limit,
  type RealityCheckInterval as Interval,
  type ResponsibleGamingSettings as Settings,
} from '@kl/contracts/responsible-gaming';
import { onByDefault } from '../../../test/fake-api.ts';

/** Responsible-gaming data for component tests (contracts responsible-gaming.ts). */
export type RgServer = { settings: Settings };
export type RgLimits = Partial<Record<Period, Partial<Limit>>>;

/** The member's settings: no limit unless told (`limits` by period), no exclusion, the reminder's minutes. */
export const rgSettings = (limits: RgLimits = {}, realityCheckMinutes: Interval = 0): Settings => ({
  ...{ currency: 'VND', exclusion: null, realityCheckMinutes },
  depositLimits: DEPOSIT_LIMIT_PERIODS.map((period) => ({
    ...{ period, amount: null, pending: null, used: 0, remaining: null },
    ...limits[period],
  })),
});

/** `settings` with the limit of `period` changed. */
export const withLimit = (settings: Settings, period: Period, change: Partial<Limit>): Settings => ({
  ...settings,
  depositLimits: settings.depositLimits.map((l) => (l.period === period ? { ...l, ...change } : l)),
});

/** GET /api/responsible-gaming answers the server view's settings. */
export const answerResponsibleGaming = (server: RgServer) =>
  onByDefault(responsibleGamingCalls.responsibleGaming, () => server.settings);
