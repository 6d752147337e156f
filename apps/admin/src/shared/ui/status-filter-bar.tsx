import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from './filter-bar.tsx';

/**
 * The filter of a list by one status of `statuses`, or all of them (the default): `onSearch` gets the
 * status chosen, or undefined for all, which is what a list call's optional `status` takes.
 */
export function StatusFilterBar<S extends string>(props: {
  /** The form's name, which makes its field's id unique on the page. */
  name: string;
  statuses: readonly S[];
  /** A status in words. */
  labelOf: (status: S) => string;
  onSearch: (status: S | undefined) => void;
}) {
  const { t } = useTranslation();
  const { statuses, labelOf, onSearch } = props;
  const all = { value: 'all' as const, label: t('common.all') };
  return (
    <FilterBar<{ status: S | 'all' }>
      name={props.name}
      label={t('common.filters')}
      initialValues={{ status: 'all' }}
      onSearch={(values) => onSearch(values.status === 'all' ? undefined : values.status)}
    >
      <Form.Item name="status" label={t('common.status')}>
        <Select<S | 'all'>
          style={{ width: 200 }}
          options={[all, ...statuses.map((status) => ({ value: status, label: labelOf(status) }))]}
        />
      </Form.Item>
    </FilterBar>
  );
}
