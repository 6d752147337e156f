import {
  exclusionStarted,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@kl/contracts/responsible-gaming';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST time-out: every session of the member ends (the cookie is cleared with the answer). */
export async function startTimeOut(period: TimeOutPeriod) {
  const value = await apiCall('startTimeOut', { body: { period } });
  return parseAnswer(exclusionStarted, value, 'time-out');
}

/** POST self-exclusion (confirmed): as a time-out, longer. */
export async function startSelfExclusion(period: SelfExclusionPeriod) {
  const value = await apiCall('startSelfExclusion', { body: { period, confirm: true } });
  return parseAnswer(exclusionStarted, value, 'self-exclusion');
}
