import { slotRotateResult, slotSeedState } from '@kl/contracts/slot';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** PUT the client seed used from the next round. */
export async function setClientSeed(clientSeed: string) {
  const value = await apiCall('slotClientSeed', { body: { clientSeed } });
  return parseAnswer(slotSeedState, value, 'seed');
}

/** POST rotate: the server seed is revealed and a new one starts at nonce 0. */
export async function rotateSeed() {
  const value = await apiCall('slotRotateSeed', { body: {} });
  return parseAnswer(slotRotateResult, value, 'seed rotation');
}
