import { accountsCalls } from '@kl/contracts/accounts';
import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';

/**
 * GET usernameCheck (REG3): whether the username is taken (USERNAME_EXISTS). A name of a bad format is
 * refused as ACCOUNT_FORMAT, which the form says itself before asking.
 */
export async function usernameTaken(username: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await apiCall(accountsCalls.usernameCheck, { query: { username }, signal });
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'USERNAME_EXISTS') return true;
    throw error;
  }
}
