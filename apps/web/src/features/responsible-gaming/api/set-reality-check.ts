import { responsibleGamingSettings, type SetRealityCheckRequest } from '@kl/contracts/responsible-gaming';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** PUT reality check: the reminder interval in minutes (0 is off); answers the settings. */
export async function setRealityCheck(request: SetRealityCheckRequest) {
  const value = await apiCall('setRealityCheck', { body: request });
  return parseAnswer(responsibleGamingSettings, value, 'responsible gaming settings');
}
