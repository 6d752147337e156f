import { promotionsCalls } from '@kl/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { PROMOTION_CLAIMS_KEY } from './keys.ts';

/** GET my claims: the member's applications and bonuses, brought up to date by the server. */
export async function getPromotionClaims({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(promotionsCalls.promotionClaims, { signal });
}

/** The member's claims; nothing is asked for a visitor or a trial member (they have none). */
export function usePromotionClaims(enabled: boolean) {
  return useQuery({
    queryKey: PROMOTION_CLAIMS_KEY,
    queryFn: ({ signal }) => getPromotionClaims({ signal }),
    enabled,
    staleTime: 0,
  });
}
