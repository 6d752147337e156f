import { gamesCalls } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** DELETE remove favourite `{ nodeId, vendor }` → `{ nodeId, favourite: false }`. */
export async function removeFavourite(nodeId: string, vendor: string) {
  return apiCall(gamesCalls.removeFavourite, { body: { nodeId, vendor } });
}
