import { vipCalls } from '@kl/contracts/vip';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { i18n } from '../../../shared/lib/i18n.ts';

/** Query keys of VIP; the member's own level starts with ['member'] (a logout drops it). */
export const VIP_LEVELS_KEY = ['vip', 'levels'] as const;
export const MY_VIP_KEY = ['member', 'vip'] as const;

/** GET VIP levels (public): the merchant's levels with their benefits. */
export async function getVipLevels({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(vipCalls.vipLevels, { signal });
}

/** GET my VIP: the member's level and the way to the next one. */
export async function getMyVip({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(vipCalls.myVip, { signal });
}

/**
 * The levels, asked again each time the VIP page opens: an operator's change of a level shows the next
 * time a member looks (docs/back-office.md, "VIP levels"); kept meanwhile, so coming back shows them at once.
 */
export function useVipLevels() {
  return useQuery({
    queryKey: [...VIP_LEVELS_KEY, i18n.language],
    queryFn: ({ signal }) => getVipLevels({ signal }),
    staleTime: 5 * 60_000,
    refetchOnMount: 'always',
  });
}

export function useMyVip() {
  return useQuery({
    queryKey: [...MY_VIP_KEY, i18n.language],
    queryFn: ({ signal }) => getMyVip({ signal }),
  });
}
