import { lotteryCalls, type placeLotteryBetRequest } from '@kl/contracts/lottery';
import type { z } from 'zod';
import { apiCall } from '../../../shared/lib/api-client.ts';

export type PlaceBetRequest = z.infer<typeof placeLotteryBetRequest>;

/** POST a bet. The same `requestKey` sent again answers the same bet. */
export async function placeLotteryBet(request: PlaceBetRequest) {
  return apiCall(lotteryCalls.placeLotteryBet, { body: request });
}
