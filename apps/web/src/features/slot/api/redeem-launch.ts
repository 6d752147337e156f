import { gamesCalls } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * POST redeem a launch token (once): which game was launched, and whether in free play. A used, expired
 * or unknown token is refused with LAUNCH_LINK_EXPIRED (about the link: the member stays logged in).
 */
export async function redeemLaunch(token: string) {
  return apiCall(gamesCalls.redeemLaunch, { body: { token } });
}
