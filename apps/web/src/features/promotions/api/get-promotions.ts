import type { PromotionList } from '@kl/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { i18n } from '../../../shared/lib/i18n.ts';
import { PROMOTIONS_KEY } from './keys.ts';

/**
 * GET promotions (public): the merchant's promotions in the caller's language. The call's entry and its
 * schema (zod) are loaded with the call, so the side menu that asks for it pulls no schema code onto the
 * first load.
 */
export async function getPromotions({ signal }: { signal?: AbortSignal } = {}): Promise<PromotionList> {
  const { promotionsCalls } = await import('@kl/contracts/promotions');
  return apiCall(promotionsCalls.promotions, { signal });
}

export function usePromotions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...PROMOTIONS_KEY, i18n.language],
    queryFn: ({ signal }) => getPromotions({ signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}
