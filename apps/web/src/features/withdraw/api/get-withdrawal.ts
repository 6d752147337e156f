import { withdrawal } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** GET one withdrawal request of the member (`?requestId=`). */
export async function getWithdrawal(requestId: string, { signal }: { signal?: AbortSignal } = {}) {
  const value = await apiCall('withdrawal', { query: { requestId }, signal });
  return parseAnswer(withdrawal, value, 'withdrawal request');
}
