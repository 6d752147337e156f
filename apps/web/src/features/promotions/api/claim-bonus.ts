import { promotionsCalls } from '@kl/contracts/promotions';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST claim `{ claimId }` → the claim (claimed) and whether this call credited the bonus. */
export async function claimBonus(claimId: number) {
  return apiCall(promotionsCalls.claimBonus, { body: { claimId } });
}
