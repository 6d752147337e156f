import { promotionsCalls } from '@kl/contracts/promotions';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST apply `{ promotionId }` → the new claim (applying, or rejected with its reason). */
export async function applyPromotion(promotionId: number) {
  return apiCall(promotionsCalls.applyPromotion, { body: { promotionId } });
}
