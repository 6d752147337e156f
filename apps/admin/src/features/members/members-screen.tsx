import { adminCalls } from '@kl/contracts/admin/calls';
import { MEMBER_SEARCH_FIELDS, type MemberRow } from '@kl/contracts/admin/members';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { ExportButton } from '../../shared/ui/export-button.tsx';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { EnabledTag } from '../../shared/ui/status-tag.tsx';
import { useMemberTags } from '../risk/index.ts';

type SearchField = (typeof MEMBER_SEARCH_FIELDS)[number];
interface MemberSearch {
  q?: string;
  field: SearchField;
  tagId?: number;
}

/**
 * Member search (username, mobile, email, bank account, register IP or any of them) and a tag of the
 * merchant's vocabulary; a row opens the member; the whole list found exports as CSV.
 */
export function MembersScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList(adminCalls.adminMembers, 'members', { field: 'any' });
  const tags = useMemberTags();

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
    <Screen
      title={t('menu.members')}
      extra={<ExportButton entry={adminCalls.adminMembersCsv} query={list.filters} />}
    >
      <FilterBar<MemberSearch>
        name="memberSearch"
        label={t('members.search')}
        initialValues={{ field: 'any' }}
        onSearch={(values) =>
          list.setFilters({ q: values.q?.trim() || undefined, field: values.field, tagId: values.tagId })
        }
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
        <Form.Item name="tagId" label={t('members.tag')} htmlFor="memberSearch_tagId">
          <Select<number>
            id="memberSearch_tagId"
            style={{ width: 200 }}
            allowClear
            placeholder={t('members.anyTag')}
            loading={tags.isPending}
            options={(tags.data?.list ?? []).map((tag) => ({
              value: tag.id,
              label: t('members.tagWithCount', { tag: tag.name, count: tag.members }),
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
