import { slotSpinResult, type SlotSpinRequest } from '@kl/contracts/slot';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST one paid round. The same `requestKey` sent again (a retry) answers the first round. */
export async function spinSlot(request: SlotSpinRequest) {
  const value = await apiCall('slotSpin', { body: request });
  return parseAnswer(slotSpinResult, value, 'slot round');
}
