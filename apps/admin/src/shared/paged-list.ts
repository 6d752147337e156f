import type { TypedApiEntry, QueryIn, ValueOut } from '@kl/contracts/api-call';
import { ADMIN_PAGE_SIZE } from '@kl/contracts/admin/operators';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { adminCall, type ParamsIn } from './api.ts';

/** The query key of a back-office list: `['admin', list, query]`; `['admin', list]` invalidates every page. */
export const listKey = (list: string, query?: object) =>
  query === undefined ? (['admin', list] as const) : (['admin', list, query] as const);

type Filters<E> = Omit<NonNullable<QueryIn<E>>, 'pageNo' | 'pageSize'>;
interface Page {
  pageNo: number;
  pageSize: number;
  total: number;
}

/**
 * A list paged on the server: its filters (a change goes back to the first page), its page and the
 * table's pagination, controlled from the answer's `total`. Earlier pages stay shown while the next
 * one loads. `params` fills the `:name` segments of the call's path (the claims of one promotion);
 * they are part of the query key.
 */
export function usePagedList<E extends TypedApiEntry>(
  entry: E,
  list: string,
  initialFilters: Filters<E>,
  params?: ParamsIn<E>,
) {
  const [filters, setFiltersState] = useState(initialFilters);
  const [paging, setPaging] = useState<{ pageNo: number; pageSize: number }>({
    pageNo: 1,
    pageSize: ADMIN_PAGE_SIZE.default,
  });
  const query = { ...filters, ...paging };
  const result = useQuery({
    queryKey: listKey(list, params === undefined ? query : { ...params, ...query }),
    queryFn: ({ signal }) => adminCall(entry, { params, query: query as QueryIn<E>, signal }),
    placeholderData: keepPreviousData,
  });
  const page = result.data as (ValueOut<E> & Page) | undefined;

  const setFilters = (next: Filters<E>) => {
    setFiltersState(next);
    setPaging((current) => ({ ...current, pageNo: 1 }));
  };

  const pagination: TablePaginationConfig = {
    current: paging.pageNo,
    pageSize: paging.pageSize,
    total: page?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, ADMIN_PAGE_SIZE.max],
    onChange: (pageNo, pageSize) =>
      setPaging((current) => ({ pageNo: pageSize === current.pageSize ? pageNo : 1, pageSize })),
  };

  return { ...result, page, filters, setFilters, pagination };
}
