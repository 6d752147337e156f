import { gamesCalls } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * POST redeem a lottery launch token (once). A used or expired token is refused with LAUNCH_LINK_EXPIRED
 * (about the link: the member stays logged in and the page works from the session).
 */
export async function redeemLaunch(token: string) {
  return apiCall(gamesCalls.redeemLaunch, { body: { token } });
}

/** A token is redeemed once per page, even when the screen mounts twice. */
const redeemed = new Map<string, ReturnType<typeof redeemLaunch>>();
export function redeemOnce(token: string) {
  let found = redeemed.get(token);
  if (!found) {
    found = redeemLaunch(token);
    redeemed.set(token, found);
  }
  return found;
}
