import { favouriteChangeResult } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** DELETE remove favourite `{ nodeId, vendor }` → `{ nodeId, favourite: false }`. */
export async function removeFavourite(nodeId: string, vendor: string) {
  const value = await apiCall('removeFavourite', { body: { nodeId, vendor } });
  return parseAnswer(favouriteChangeResult, value, 'favourite change');
}
