import { responsibleGamingCalls, type SetDepositLimitsRequest } from '@kl/contracts/responsible-gaming';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** PUT deposit limits: each period given is set (or removed with null); answers the settings. */
export async function setDepositLimits(request: SetDepositLimitsRequest) {
  return apiCall(responsibleGamingCalls.setDepositLimits, { body: request });
}
