import { adminCalls } from '@kl/contracts/admin/calls';
import { ADMIN_PAGE_SIZE } from '@kl/contracts/admin/operators';
import type { ClaimStatus } from '@kl/contracts/promotions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';

/**
 * The claims of one promotion, paged on the server (the shape `PagedTable` takes): a status filter (a
 * change goes back to the first page) and the table's pagination from the answer's total.
 */
export function useClaimsList(promotionId: number) {
  const [filters, setFiltersState] = useState<{ status?: ClaimStatus }>({});
  const [paging, setPaging] = useState<{ pageNo: number; pageSize: number }>({
    pageNo: 1,
    pageSize: ADMIN_PAGE_SIZE.default,
  });
  const query = { ...filters, ...paging };
  const result = useQuery({
    queryKey: listKey('promotion-claims', { promotionId, ...query }),
    queryFn: ({ signal }) =>
      adminCall(adminCalls.adminPromotionClaims, { params: { promotionId }, query, signal }),
    placeholderData: keepPreviousData,
  });
  const pagination: TablePaginationConfig = {
    current: paging.pageNo,
    pageSize: paging.pageSize,
    total: result.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, ADMIN_PAGE_SIZE.max],
    onChange: (pageNo, pageSize) =>
      setPaging((current) => ({ pageNo: pageSize === current.pageSize ? pageNo : 1, pageSize })),
  };
  return {
    ...result,
    page: result.data,
    pagination,
    setFilters: (next: { status?: ClaimStatus }) => {
      setFiltersState(next);
      setPaging((current) => ({ ...current, pageNo: 1 }));
    },
  };
}
