import { withdrawalCalls } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET one withdrawal request of the member (`?requestId=`). */
export async function getWithdrawal(requestId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(withdrawalCalls.withdrawal, { query: { requestId }, signal });
}
