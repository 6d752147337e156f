import { adminCalls } from '@kl/contracts/admin/calls';
import { usePagedList } from '../../shared/paged-list.ts';

/**
 * The claims of one promotion, paged on the server (the shape `PagedTable` takes): a status filter (a
 * change goes back to the first page) and the table's pagination from the answer's total.
 */
export function useClaimsList(promotionId: number) {
  return usePagedList(adminCalls.adminPromotionClaims, 'promotion-claims', {}, { promotionId });
}
