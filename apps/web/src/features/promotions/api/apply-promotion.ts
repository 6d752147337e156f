import { promotionClaim } from '@kl/contracts/promotions';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST apply `{ promotionId }` → the new claim (applying, or rejected with its reason). */
export async function applyPromotion(promotionId: number) {
  const value = await apiCall('applyPromotion', { body: { promotionId } });
  return parseAnswer(promotionClaim, value, 'promotion claim');
}
