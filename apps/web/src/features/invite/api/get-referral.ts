import { promotionsCalls } from '@kl/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { i18n } from '../../../shared/lib/i18n.ts';

/** Query key of the member's referral (starts with ['member']: a logout drops it). */
export const REFERRAL_KEY = ['member', 'referral'] as const;

/** GET my referral: code, link (path), QR image, referred count and the REFERRAL promotion. */
export async function getReferral({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(promotionsCalls.myReferral, { signal });
}

export function useReferral(enabled: boolean) {
  return useQuery({
    queryKey: [...REFERRAL_KEY, i18n.language],
    queryFn: ({ signal }) => getReferral({ signal }),
    enabled,
  });
}
