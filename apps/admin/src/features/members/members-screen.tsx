import { adminCalls } from '@kl/contracts/admin/calls';
import { MEMBER_SEARCH_FIELDS, type MemberRow } from '@kl/contracts/admin/members';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { EnabledTag } from '../../shared/ui/status-tag.tsx';

type SearchField = (typeof MEMBER_SEARCH_FIELDS)[number];
interface MemberSearch {
  q?: string;
  field: SearchField;
}

/** Member search (username, mobile, email, bank account, register IP or any of them); a row opens the member. */
export function MembersScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList(adminCalls.adminMembers, 'members', { field: 'any' });

  const columns: TableColumnsType<MemberRow> = [
    {
      title: t('members.username'),
      dataIndex: 'username',
      render: (username: string, member) => <Link to={`/members/${member.id}`}>{username}</Link>,
    },
    { title: t('members.mobile'), dataIndex: 'mobile', render: (value: string | null) => value ?? '—' },
    { title: t('members.email'), dataIndex: 'email', render: (value: string | null) => value ?? '—' },
    {
      title: t('members.available'),
      dataIndex: 'available',
      align: 'right',
      render: (_, member) => formatMoney(member.available, member.currency, i18n.language),
    },
    { title: t('members.registeredAt'), dataIndex: 'registeredAt', render: formatDateTime },
    {
      title: t('members.registerIp'),
      dataIndex: 'registerIp',
      render: (value: string | null) => value ?? '—',
    },
    { title: t('members.lastLoginAt'), dataIndex: 'lastLoginAt', render: formatDateTime },
    {
      title: t('members.status'),
      dataIndex: 'disabled',
      render: (disabled: boolean) => <EnabledTag disabled={disabled} />,
    },
  ];

  return (
    <Screen title={t('menu.members')}>
      <FilterBar<MemberSearch>
        name="memberSearch"
        label={t('members.search')}
        initialValues={{ field: 'any' }}
        onSearch={(values) => list.setFilters({ q: values.q?.trim() || undefined, field: values.field })}
      >
        <Form.Item name="q" label={t('members.search')}>
          <Input allowClear style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="field" label={t('members.searchField')}>
          <Select<SearchField>
            style={{ width: 180 }}
            options={MEMBER_SEARCH_FIELDS.map((field) => ({
              value: field,
              label: t(`members.fields.${field}`),
            }))}
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<MemberRow>
        label={t('members.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
        onRow={(member) => ({
          onClick: (event) => {
            // The username link navigates by itself.
            if ((event.target as HTMLElement).closest('a')) return;
            void navigate(`/members/${member.id}`);
          },
          style: { cursor: 'pointer' },
        })}
      />
    </Screen>
  );
}
