import type { UseQueryResult } from '@tanstack/react-query';
import { Button, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ListTable } from './list-table.tsx';
import { Screen } from './screen.tsx';

/**
 * A screen of the merchant's things of one kind in one table, without paging (deposit channels, game
 * providers): its title, the button that adds one when the operator may (`newText`), a hint, the load's
 * failure with a retry, the table named `tableLabel`, then what the screen adds (its dialogs, a card).
 */
export function ListScreen<T extends object>({
  title,
  newText,
  onNew,
  hint,
  query,
  tableLabel,
  rowKey,
  columns,
  children,
}: {
  title: string;
  /** The add button's text; no button when undefined. */
  newText: string | undefined;
  onNew: () => void;
  hint: string;
  query: UseQueryResult<{ list: T[] }>;
  tableLabel: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  children?: ReactNode;
}) {
  return (
    <Screen
      title={title}
      extra={
        newText === undefined ? null : (
          <Button type="primary" onClick={onNew}>
            {newText}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <ListTable<T>
        label={tableLabel}
        query={query}
        rowKey={rowKey}
        columns={columns}
        dataSource={query.data?.list ?? []}
      />
      {children}
    </Screen>
  );
}
