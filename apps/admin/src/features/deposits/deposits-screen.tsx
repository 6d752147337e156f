import { adminCalls } from '@kl/contracts/admin/calls';
import {
  type AdminDeposit,
  DEPOSIT_CONFIRMATION_FILTERS,
  type DepositConfirmationFilter,
} from '@kl/contracts/admin/money';
import { DEPOSIT_ORDER_STATUSES, type DepositOrderStatus } from '@kl/contracts/deposit';
import { Flex, Form, Input, Select, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime, periodOf, type DayRange } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { memberColumn } from '../../shared/ui/columns.tsx';
import { DateRangeItem } from '../../shared/ui/date-range-item.tsx';
import { ExportButton } from '../../shared/ui/export-button.tsx';
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
  confirmation?: DepositConfirmationFilter | 'any';
  period?: DayRange;
}

/** `?confirmation=awaiting_second_approval` (the dashboard's link): the orders waiting for a second operator. */
function confirmationIn(search: URLSearchParams): DepositConfirmationFilter | undefined {
  const asked = search.get('confirmation');
  return DEPOSIT_CONFIRMATION_FILTERS.find((filter) => filter === asked);
}

/**
 * Deposit orders: by status, member, reference (ours or the gateway's), a first approval waiting for a
 * second operator and period; an open order is confirmed or refused by hand, or given its second approval
 * (docs/back-office.md, "Deposit channels and payments operations"); the orders found export as CSV.
 */
function DepositOrdersPanel() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('deposits');
  const [search] = useSearchParams();
  const [confirmation] = useState(() => confirmationIn(search));
  const list = usePagedList(adminCalls.adminDeposits, 'deposits', confirmation ? { confirmation } : {});

  const columns: TableColumnsType<AdminDeposit> = [
    { title: t('deposits.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('deposits.orderId'),
      dataIndex: 'orderId',
      render: (orderId: string) => <code>{orderId}</code>,
    },
    memberColumn(t('deposits.member')),
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
        initialValues={{ status: 'all', confirmation: confirmation ?? 'any' }}
        onSearch={(values) =>
          list.setFilters({
            status: values.status === 'all' ? undefined : values.status,
            username: values.username?.trim() || undefined,
            reference: values.reference?.trim() || undefined,
            confirmation: values.confirmation === 'any' ? undefined : values.confirmation,
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
        <Form.Item
          name="confirmation"
          label={t('payments.confirmation')}
          htmlFor="depositFilters_confirmation"
        >
          <Select<DepositConfirmationFilter | 'any'>
            id="depositFilters_confirmation"
            style={{ width: 220 }}
            options={[
              { value: 'any', label: t('common.all') },
              ...DEPOSIT_CONFIRMATION_FILTERS.map((filter) => ({
                value: filter,
                label: t(`deposits.confirmationFilters.${filter}`),
              })),
            ]}
          />
        </Form.Item>
        <DateRangeItem formName="depositFilters" />
      </FilterBar>
      <Flex justify="end">
        <ExportButton entry={adminCalls.adminDepositsCsv} query={list.filters} />
      </Flex>
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
