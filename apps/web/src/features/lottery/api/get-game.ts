import { lotteryCalls } from '@kl/contracts/lottery';
import type { PrizeMode } from '@kl/contracts/constants';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET one lottery by catalogue game id (or its code): bet types and odds of the prize mode, the open draw. */
export async function getLotteryGame(
  target: { gameId: string } | { code: string },
  prizeMode: PrizeMode,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(lotteryCalls.lotteryGame, { query: { ...target, prizeMode }, signal });
}
