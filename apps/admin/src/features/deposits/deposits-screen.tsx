import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminDeposit } from '@kl/contracts/admin/money';
import { DEPOSIT_ORDER_STATUSES, type DepositOrderStatus } from '@kl/contracts/deposit';
import { Form, Input, Select, type TableColumnsType, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, periodOf, type DayRange } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { DateRangeItem } from '../../shared/ui/date-range-item.tsx';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useCanWrite } from '../../shared/session.ts';
import { DepositActions } from './deposit-actions.tsx';
import { StatementPanel } from './statement-panel.tsx';

interface DepositFilters {
  status?: DepositOrderStatus | 'all';
  username?: string;
  reference?: string;
  period?: DayRange;
}

/**
 * Deposit orders: by status, member, reference (ours or the gateway's) and period; an open order is
 * confirmed or refused by hand, or given its second approval (docs/back-office.md, "Deposit channels and
 * payments operations").
 */
function DepositOrdersPanel() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('deposits');
  const list = usePagedList(adminCalls.adminDeposits, 'deposits', {});

  const columns: TableColumnsType<AdminDeposit> = [
    { title: t('deposits.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('deposits.orderId'),
      dataIndex: 'orderId',
      render: (orderId: string) => <code>{orderId}</code>,
    },
    {
      title: t('deposits.member'),
      dataIndex: 'username',
      render: (username: string, row) => <Link to={`/members/${row.memberId}`}>{username}</Link>,
    },
    {
      title: t('deposits.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => formatMoney(row.amount, row.currency, i18n.language),
    },
    { title: t('deposits.channel'), dataIndex: 'channel' },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) => <StatusTag status={row.status} label={t(`deposits.statuses.${row.status}`)} />,
    },
    {
      title: t('deposits.gatewayReference'),
      dataIndex: 'gatewayReference',
      render: (value: string | null) => value ?? '—',
    },
    { title: t('deposits.paidAt'), dataIndex: 'paidAt', render: formatDateTime },
    {
      title: t('payments.confirmation'),
      key: 'confirmation',
      // A first approval the gateway overtook (the order paid meanwhile) no longer waits for anyone.
      render: (_, row) =>
        row.confirmation && !(row.confirmation.status === 'awaiting_second_approval' && row.status === 'paid')
          ? t(`payments.confirmationStates.${row.confirmation.status}`, {
              operator: row.confirmation.confirmedBy.username,
            })
          : (row.failureReason ?? '—'),
    },
    ...(canWrite
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: AdminDeposit) => <DepositActions order={row} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <FilterBar<DepositFilters>
        name="depositFilters"
        label={t('common.filters')}
        initialValues={{ status: 'all' }}
        onSearch={(values) =>
          list.setFilters({
            status: values.status === 'all' ? undefined : values.status,
            username: values.username?.trim() || undefined,
            reference: values.reference?.trim() || undefined,
            ...periodOf(values.period),
          })
        }
      >
        <Form.Item name="status" label={t('common.status')}>
          <Select
            style={{ width: 160 }}
            options={[
              { value: 'all', label: t('common.all') },
              ...DEPOSIT_ORDER_STATUSES.map((status) => ({
                value: status,
                label: t(`deposits.statuses.${status}`),
              })),
            ]}
          />
        </Form.Item>
        <Form.Item name="username" label={t('deposits.member')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="reference" label={t('deposits.reference')}>
          <Input allowClear />
        </Form.Item>
        <DateRangeItem formName="depositFilters" />
      </FilterBar>
      <PagedTable<AdminDeposit>
        label={t('deposits.tableLabel')}
        rowKey="orderId"
        columns={columns}
        list={list}
      />
    </>
  );
}

/** The deposits screen: the orders, and the bank statements matched to them. */
export function DepositsScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('menu.deposits')}>
      <Tabs
        items={[
          { key: 'orders', label: t('payments.ordersTab'), children: <DepositOrdersPanel /> },
          { key: 'statement', label: t('payments.statementTab'), children: <StatementPanel /> },
        ]}
      />
    </Screen>
  );
}
