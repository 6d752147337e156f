import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminKycSubmission } from '@kl/contracts/admin/kyc';
import { KYC_STATES, type KycState } from '@kl/contracts/kyc';
import { Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { KYC_LIST } from './keys.ts';
import { KycStateTag } from './kyc-text.tsx';

interface KycFilters {
  /** `waiting`: the state left out, which the server reads as submitted and approval_requested. */
  state: KycState | 'waiting';
  username?: string;
}

/**
 * The identity checks (docs/back-office.md, "Identity checks"): members' documents, oldest first, those
 * waiting by default; each opens on its own page with the pictures and the decision.
 */
export function KycScreen() {
  const { t } = useTranslation();
  const list = usePagedList(adminCalls.adminKycSubmissions, KYC_LIST, {});

  const columns: TableColumnsType<AdminKycSubmission> = [
    {
      title: t('kyc.member'),
      dataIndex: 'username',
      render: (username: string, row) => (
        <Link to={`/members/${row.memberId}`} aria-label={t('kyc.openMember', { username })}>
          {username}
        </Link>
      ),
    },
    {
      title: t('kyc.documentKind'),
      dataIndex: 'documentKind',
      render: (_, row) => t(`kyc.kinds.${row.documentKind}`),
    },
    { title: t('kyc.submittedAt'), dataIndex: 'submittedAt', render: formatDateTime },
    {
      title: t('kyc.state'),
      dataIndex: 'state',
      render: (_, row) => (
        <span>
          <KycStateTag state={row.state} />
          {row.state === 'approval_requested' ? (
            <Typography.Text type="secondary">
              {t('kyc.askedBy', {
                operator: row.approvalRequestedBy ?? '—',
                time: formatDateTime(row.approvalRequestedAt),
              })}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: t('common.actions'),
      key: 'open',
      render: (_, row) => (
        <Link to={`/kyc/${row.id}`} aria-label={t('kyc.openLabel', { username: row.username })}>
          {t('kyc.open')}
        </Link>
      ),
    },
  ];

  return (
    <Screen title={t('kyc.menu')}>
      <FilterBar<KycFilters>
        name="kycFilters"
        label={t('common.filters')}
        initialValues={{ state: 'waiting' }}
        onSearch={(values) =>
          list.setFilters({
            state: values.state === 'waiting' ? undefined : values.state,
            username: values.username?.trim() || undefined,
          })
        }
      >
        <Form.Item name="state" label={t('kyc.state')} htmlFor="kycFilters_state">
          <Select<KycState | 'waiting'>
            id="kycFilters_state"
            style={{ width: 300 }}
            options={[
              { value: 'waiting', label: t('kyc.waiting') },
              ...KYC_STATES.map((state) => ({ value: state, label: t(`kyc.states.${state}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="username" label={t('kyc.username')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
      </FilterBar>
      <PagedTable<AdminKycSubmission> label={t('kyc.tableLabel')} rowKey="id" columns={columns} list={list} />
    </Screen>
  );
}
