import { promotionsCalls } from '@kl/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { i18n } from '../../../shared/lib/i18n.ts';
import { promotionDetailKey } from './keys.ts';

/** GET promotion detail `?id=` (public): the promotion with its detail HTML. */
export async function getPromotionDetail(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(promotionsCalls.promotionDetail, { query: { id }, signal });
}

export function usePromotionDetail(id: number | null) {
  return useQuery({
    queryKey: promotionDetailKey(id ?? 0, i18n.language),
    queryFn: ({ signal }) => getPromotionDetail(id ?? 0, { signal }),
    enabled: id !== null,
    staleTime: 60_000,
    retry: false,
  });
}
