import { lotteryCalls } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the latest numbers of one lottery with its head/tail table. */
export async function getLotteryNumero(code: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(lotteryCalls.lotteryNumero, { query: { code }, signal });
}
