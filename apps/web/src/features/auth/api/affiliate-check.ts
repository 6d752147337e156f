import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';

/**
 * GET affiliateCheck (AFFMAN3): whether the server accepts an invitation code. Refused codes answer
 * INVALID_INVITATION_CODE, or a value whose `valid` is false.
 */
export async function affiliateCheck(affiliateCode: string): Promise<boolean> {
  try {
    const value = await apiCall('affiliateCheck', { query: { affiliateCode } });
    return !(typeof value === 'object' && value !== null && (value as { valid?: unknown }).valid === false);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_INVITATION_CODE') return false;
    throw error;
  }
}
