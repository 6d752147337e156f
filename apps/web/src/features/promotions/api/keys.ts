/** Query keys of promotions. The member's own data starts with ['member'] (a logout drops it). */
export const PROMOTIONS_KEY = ['promotions'] as const;
export const promotionDetailKey = (id: number, language: string) =>
  ['promotions', 'detail', id, language] as const;
export const PROMOTION_CLAIMS_KEY = ['member', 'promotions', 'claims'] as const;
