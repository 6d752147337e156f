import { usePromotions } from './get-promotions.ts';

/**
 * True when the merchant runs a REFERRAL promotion now (product.md §2/§6 invite item). Asks the public
 * promotions list only when `enabled` (a member's open side menu); the answer is cached for minutes.
 */
export function useReferralPromotionRunning(enabled: boolean): boolean {
  const { data } = usePromotions({ enabled });
  return Boolean(data?.list.some((promotion) => promotion.type === 'REFERRAL' && promotion.active));
}
