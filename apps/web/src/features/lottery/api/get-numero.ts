import { lotteryNumero } from '@kl/contracts/lottery';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** GET the latest numbers of one lottery with its head/tail table. */
export async function getLotteryNumero(code: string, { signal }: { signal?: AbortSignal } = {}) {
  const value = await apiCall('lotteryNumero', { query: { code }, signal });
  return parseAnswer(lotteryNumero, value, 'lottery numbers');
}
