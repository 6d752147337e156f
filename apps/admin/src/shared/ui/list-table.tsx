import { Table, type TableProps } from 'antd';
import { ErrorAlert } from './error-alert.tsx';
import { useKeyboardScroll } from './keyboard-scroll.ts';

/** What the query of a whole list gives its table. */
export interface ListQueryState {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ListTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'loading'> {
  /** The table's accessible name. */
  label: string;
  query: ListQueryState;
}

/** A list loaded whole (no pages): the failure of its last load above it, then the table of it all. */
export function ListTable<T extends object>({ label, query, ...table }: ListTableProps<T>) {
  const scrollBox = useKeyboardScroll(label);
  return (
    <div ref={scrollBox}>
      {query.error ? <ErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<T>
        aria-label={label}
        size="middle"
        scroll={{ x: 'max-content' }}
        {...table}
        loading={query.isFetching}
        pagination={false}
      />
    </div>
  );
}
