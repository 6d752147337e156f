import { adminCalls } from '@kl/contracts/admin/calls';
import { useQuery } from '@tanstack/react-query';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';

/**
 * The merchant's money controls (`GET /api/admin/controls`, any signed-in operator): the promotion form
 * shows the largest bonus and the smallest turnover multiple a promotion may have, and checks them before
 * sending (the server checks them again).
 */
export function usePromotionLimits() {
  return useQuery({
    queryKey: listKey('controls'),
    queryFn: ({ signal }) => adminCall(adminCalls.adminControls, { signal }),
  });
}
