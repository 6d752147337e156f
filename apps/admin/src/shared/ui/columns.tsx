import { Space, Switch, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../dates.ts';
import { YesNo } from './yes-no.tsx';

type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/** A column of a date and time of the API (an em dash for none). */
export function dateColumn<T>(title: string, dataIndex: KeysOf<T, string | null>): TableColumnType<T> {
  return { title, dataIndex, render: (value: string | null) => formatDateTime(value) };
}

/** A column of a yes / no flag. */
export function yesNoColumn<T>(title: string, dataIndex: KeysOf<T, boolean>): TableColumnType<T> {
  return { title, dataIndex, render: (value: boolean) => <YesNo value={value} /> };
}

/** A column of switches turning each row on or off, each named after its row. */
export function switchColumn<T extends { enabled: boolean }>(
  title: string,
  options: { label: (row: T) => string; disabled: boolean; onChange: (row: T, enabled: boolean) => void },
): TableColumnType<T> {
  return {
    title,
    dataIndex: 'enabled',
    render: (enabled: boolean, row: T) => (
      <Switch
        size="small"
        checked={enabled}
        aria-label={options.label(row)}
        disabled={options.disabled}
        onChange={(checked) => options.onChange(row, checked)}
      />
    ),
  };
}

/** The column of each row's buttons side by side, for an operator who may change the rows (none otherwise). */
export function actionsColumn<T>(
  title: string,
  shown: boolean,
  render: (row: T, index: number) => ReactNode,
): TableColumnType<T>[] {
  return shown
    ? [
        {
          title,
          key: 'actions',
          render: (_: unknown, row: T, index: number) => (
            <Space size="small" wrap>
              {render(row, index)}
            </Space>
          ),
        },
      ]
    : [];
}
