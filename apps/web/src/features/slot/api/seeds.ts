import { slotCalls } from '@kl/contracts/slot';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** PUT the client seed used from the next round. */
export async function setClientSeed(clientSeed: string) {
  return apiCall(slotCalls.slotClientSeed, { body: { clientSeed } });
}

/** POST rotate: the server seed is revealed and a new one starts at nonce 0. */
export async function rotateSeed() {
  return apiCall(slotCalls.slotRotateSeed, { body: {} });
}
