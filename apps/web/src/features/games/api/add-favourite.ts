import { favouriteChangeResult } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST add favourite `{ nodeId, vendor }` → `{ nodeId, favourite: true }`. */
export async function addFavourite(nodeId: string, vendor: string) {
  const value = await apiCall('addFavourite', { body: { nodeId, vendor } });
  return parseAnswer(favouriteChangeResult, value, 'favourite change');
}
