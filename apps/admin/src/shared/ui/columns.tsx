import { Button, type TableColumnType } from 'antd';
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

/** The actions column of a list whose rows open an edit dialog: one Edit button per row, named after it. */
export function editColumn<T>(
  texts: { title: string; edit: string },
  nameOf: (row: T) => string,
  onEdit: (row: T) => void,
): TableColumnType<T> {
  return {
    title: texts.title,
    key: 'actions',
    render: (_: unknown, row: T) => (
      <Button size="small" aria-label={nameOf(row)} onClick={() => onEdit(row)}>
        {texts.edit}
      </Button>
    ),
  };
}
