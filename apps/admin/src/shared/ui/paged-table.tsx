import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { ErrorAlert } from './error-alert.tsx';
import { useKeyboardScroll } from './keyboard-scroll.ts';

/** What `usePagedList` gives a table. */
export interface PagedListState<T> {
  page: { list: T[] } | undefined;
  pagination: TablePaginationConfig;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading'> {
  /** The table's accessible name. */
  label: string;
  list: PagedListState<T>;
}

/** A list paged on the server (`usePagedList`): the failure of its last load above it, then the table. */
export function PagedTable<T extends object>({ label, list, ...table }: PagedTableProps<T>) {
  const scrollBox = useKeyboardScroll(label);
  return (
    <div ref={scrollBox}>
      {list.error ? <ErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : null}
      <Table<T>
        aria-label={label}
        size="middle"
        scroll={{ x: 'max-content' }}
        {...table}
        dataSource={list.page?.list ?? []}
        loading={list.isFetching}
        pagination={list.pagination}
      />
    </div>
  );
}
