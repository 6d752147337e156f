import { withdrawalCalls } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** DELETE a bound bank account (`?accountId=`). */
export async function removeBankAccount(accountId: string): Promise<void> {
  await apiCall(withdrawalCalls.removeBankAccount, { query: { accountId } });
}
