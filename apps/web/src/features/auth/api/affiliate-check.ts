import { accountsCalls } from '@kl/contracts/accounts';
import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';

/** GET affiliateCheck (AFFMAN3): whether the server accepts an invitation code (refused: INVALID_INVITATION_CODE). */
export async function affiliateCheck(affiliateCode: string): Promise<boolean> {
  try {
    await apiCall(accountsCalls.affiliateCheck, { query: { affiliateCode } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_INVITATION_CODE') return false;
    throw error;
  }
}
