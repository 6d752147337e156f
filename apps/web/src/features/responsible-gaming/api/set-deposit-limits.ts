import { responsibleGamingSettings, type SetDepositLimitsRequest } from '@kl/contracts/responsible-gaming';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** PUT deposit limits: each period given is set (or removed with null); answers the settings. */
export async function setDepositLimits(request: SetDepositLimitsRequest) {
  const value = await apiCall('setDepositLimits', { body: request });
  return parseAnswer(responsibleGamingSettings, value, 'responsible gaming settings');
}
