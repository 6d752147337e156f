import { slotCalls, type SlotSpinRequest } from '@kl/contracts/slot';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST one paid round. The same `requestKey` sent again (a retry) answers the first round. */
export async function spinSlot(request: SlotSpinRequest) {
  return apiCall(slotCalls.slotSpin, { body: request });
}
