import { myReferral } from '@kl/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { i18n } from '../../../shared/lib/i18n.ts';
import { parseAnswer } from './parse.ts';

/** Query key of the member's referral (starts with ['member']: a logout drops it). */
export const REFERRAL_KEY = ['member', 'referral'] as const;

/** GET my referral: code, link (path), QR image, referred count and the REFERRAL promotion. */
export async function getReferral({ signal }: { signal?: AbortSignal } = {}) {
  return parseAnswer(myReferral, await apiCall('myReferral', { signal }), 'referral');
}

export function useReferral(enabled: boolean) {
  return useQuery({
    queryKey: [...REFERRAL_KEY, i18n.language],
    queryFn: ({ signal }) => getReferral({ signal }),
    enabled,
  });
}
