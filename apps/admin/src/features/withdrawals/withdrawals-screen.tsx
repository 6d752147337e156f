import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminWithdrawal } from '@kl/contracts/admin/money';
import { WITHDRAWAL_STATUSES } from '@kl/contracts/withdrawal';
import { Button, Form, Input, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, periodOf, type DayRange } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { DateRangeItem } from '../../shared/ui/date-range-item.tsx';
import { ExportButton } from '../../shared/ui/export-button.tsx';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { VisuallyHidden } from '../../shared/ui/visually-hidden.tsx';
import { RejectWithdrawalModal } from './reject-withdrawal-modal.tsx';
import { WithdrawalApproval } from './withdrawal-approval.tsx';
import { RiskFlags, WithdrawalProvenance } from './withdrawal-provenance.tsx';
import { useApproveWithdrawal } from './use-withdrawal-decision.ts';

type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
interface WithdrawalFilters {
  status: WithdrawalStatus;
  username?: string;
  period?: DayRange;
}

/** The withdrawal queue (pending first): what the reviewer needs, approve / reject, and the list as CSV. */
export function WithdrawalsScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('withdrawals');
  const list = usePagedList(adminCalls.adminWithdrawals, 'withdrawals', { status: 'pending' });
  const approve = useApproveWithdrawal();
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const money = (row: AdminWithdrawal, value: number) => formatMoney(value, row.currency, i18n.language);

  const columns: TableColumnsType<AdminWithdrawal> = [
    { title: t('withdrawals.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('withdrawals.member'),
      dataIndex: 'username',
      render: (username: string, row) => <Link to={`/members/${row.memberId}`}>{username}</Link>,
    },
    {
      title: t('withdrawals.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => money(row, row.amount),
    },
    { title: t('withdrawals.bank'), dataIndex: 'bankName' },
    { title: t('withdrawals.accountNumber'), dataIndex: 'accountNumber' },
    { title: t('withdrawals.accountName'), dataIndex: 'accountName' },
    {
      title: t('withdrawals.turnoverOwed'),
      dataIndex: 'turnoverOwed',
      align: 'right',
      render: (_, row) => money(row, row.turnoverOwed),
    },
    {
      title: t('withdrawals.locked'),
      dataIndex: 'locked',
      align: 'right',
      render: (_, row) => money(row, row.locked),
    },
    {
      title: t('withdrawals.risk'),
      key: 'risk',
      render: (_, row) => <RiskFlags withdrawal={row} />,
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) => <StatusTag status={row.status} label={t(`withdrawals.statuses.${row.status}`)} />,
    },
    {
      title: t('withdrawals.approvals'),
      key: 'approval',
      render: (_, row) => <WithdrawalApproval withdrawal={row} />,
    },
    { title: t('withdrawals.decidedAt'), dataIndex: 'decidedAt', render: formatDateTime },
    {
      title: t('withdrawals.rejectReason'),
      dataIndex: 'rejectReason',
      render: (value: string | null) => value ?? '—',
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => {
        if (row.status !== 'pending') return null;
        const inFlight = approve.isPending && approve.variables === row.requestId;
        const mayApprove = row.approval.youMay;
        return (
          <Space>
            <Popconfirm
              title={t('withdrawals.approveConfirm', {
                amount: money(row, row.amount),
                username: row.username,
              })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => approve.mutate(row.requestId)}
            >
              <Button size="small" type="primary" disabled={inFlight || !mayApprove} loading={inFlight}>
                {t('common.approve')}
              </Button>
            </Popconfirm>
            <Button size="small" danger disabled={inFlight} onClick={() => setRejecting(row)}>
              {t('common.reject')}
            </Button>
          </Space>
        );
      },
    });
  }

  return (
    <Screen
      title={t('menu.withdrawals')}
      extra={<ExportButton entry={adminCalls.adminWithdrawalsCsv} query={list.filters} />}
    >
      <FilterBar<WithdrawalFilters>
        name="withdrawalFilters"
        label={t('common.filters')}
        initialValues={{ status: 'pending' }}
        onSearch={(values) =>
          list.setFilters({
            status: values.status,
            username: values.username?.trim() || undefined,
            ...periodOf(values.period),
          })
        }
      >
        <Form.Item name="status" label={t('common.status')}>
          <Select<WithdrawalStatus>
            style={{ width: 160 }}
            options={WITHDRAWAL_STATUSES.map((status) => ({
              value: status,
              label: t(`withdrawals.statuses.${status}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="username" label={t('withdrawals.member')}>
          <Input allowClear />
        </Form.Item>
        <DateRangeItem formName="withdrawalFilters" />
      </FilterBar>
      <PagedTable<AdminWithdrawal>
        label={t('withdrawals.tableLabel')}
        rowKey="requestId"
        columns={columns}
        list={list}
        expandable={{
          columnTitle: <VisuallyHidden>{t('withdrawals.details')}</VisuallyHidden>,
          expandedRowRender: (row) => <WithdrawalProvenance withdrawal={row} />,
          expandRowByClick: false,
        }}
      />
      {canWrite ? <RejectWithdrawalModal withdrawal={rejecting} onClose={() => setRejecting(null)} /> : null}
    </Screen>
  );
}
