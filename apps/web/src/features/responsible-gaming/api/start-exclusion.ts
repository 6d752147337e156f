import {
  responsibleGamingCalls,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@kl/contracts/responsible-gaming';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST time-out: every session of the member ends (the cookie is cleared with the answer). */
export async function startTimeOut(period: TimeOutPeriod) {
  return apiCall(responsibleGamingCalls.startTimeOut, { body: { period } });
}

/** POST self-exclusion (confirmed): as a time-out, longer. */
export async function startSelfExclusion(period: SelfExclusionPeriod) {
  return apiCall(responsibleGamingCalls.startSelfExclusion, { body: { period, confirm: true } });
}
