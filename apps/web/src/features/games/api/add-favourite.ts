import { gamesCalls } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST add favourite `{ nodeId, vendor }` → `{ nodeId, favourite: true }`. */
export async function addFavourite(nodeId: string, vendor: string) {
  return apiCall(gamesCalls.addFavourite, { body: { nodeId, vendor } });
}
