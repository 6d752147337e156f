import { responsibleGamingCalls, type SetRealityCheckRequest } from '@kl/contracts/responsible-gaming';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** PUT reality check: the reminder interval in minutes (0 is off); answers the settings. */
export async function setRealityCheck(request: SetRealityCheckRequest) {
  return apiCall(responsibleGamingCalls.setRealityCheck, { body: request });
}
