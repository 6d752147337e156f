import type { TableColumnType } from 'antd';
import { Link } from 'react-router';
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

/** A column of the member a row is about: their username, a link to their page. */
export function memberColumn<T extends { memberId: string; username: string }>(
  title: string,
): TableColumnType<T> {
  return {
    title,
    dataIndex: 'username',
    render: (username: string, row) => <Link to={`/members/${row.memberId}`}>{username}</Link>,
  };
}
