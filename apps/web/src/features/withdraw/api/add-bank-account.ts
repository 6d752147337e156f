import { type AddBankAccountRequest, withdrawalCalls } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST bind a bank account `{ bankCode, accountNumber, accountName }` → the account. */
export async function addBankAccount(request: AddBankAccountRequest) {
  return apiCall(withdrawalCalls.addBankAccount, { body: request });
}
