import { bankAccount, type AddBankAccountRequest } from '@kl/contracts/withdrawal';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST bind a bank account `{ bankCode, accountNumber, accountName }` → the account. */
export async function addBankAccount(request: AddBankAccountRequest) {
  const value = await apiCall('addBankAccount', { body: request });
  return parseAnswer(bankAccount, value, 'bank account');
}
