import { adminCalls } from '@kl/contracts/admin/calls';
import { ADJUSTMENT_STATUSES, type Adjustment, type AdjustmentStatus } from '@kl/contracts/admin/members';
import { Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { StatusFilterBar } from '../../shared/ui/status-filter-bar.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

/** Manual adjustments; pending ones are approved or rejected by a second operator of the area. */
export function AdjustmentsScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('adjustments');
  const list = usePagedList(adminCalls.adminAdjustments, 'adjustments', {});
  const decide = useAdminMutation(
    ({ id, approve }: { id: number; approve: boolean }) =>
      adminCall(adminCalls.adminDecideAdjustment, { params: { adjustmentId: id }, body: { approve } }),
    {
      invalidates: ['adjustments', 'member', 'dashboard'],
      successText: (adjustment) => t(`adjustments.decided.${adjustment.status}`),
    },
  );
  const busy = (adjustment: Adjustment) => decide.isPending && decide.variables.id === adjustment.id;

  const columns: TableColumnsType<Adjustment> = [
    { title: t('adjustments.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('adjustments.member'),
      dataIndex: 'username',
      render: (username: string, row) => <Link to={`/members/${row.memberId}`}>{username}</Link>,
    },
    {
      title: t('adjustments.direction'),
      dataIndex: 'direction',
      render: (_, row) => t(`adjustments.directions.${row.direction}`),
    },
    {
      title: t('adjustments.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => formatMoney(row.amount, row.currency, i18n.language),
    },
    { title: t('common.reason'), dataIndex: 'reason' },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) => <StatusTag status={row.status} label={t(`adjustments.statuses.${row.status}`)} />,
    },
    { title: t('adjustments.requestedBy'), dataIndex: 'requestedBy' },
    {
      title: t('adjustments.decidedBy'),
      dataIndex: 'decidedBy',
      render: (value: string | null) => value ?? '—',
    },
    { title: t('adjustments.decidedAt'), dataIndex: 'decidedAt', render: formatDateTime },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) =>
        row.status === 'pending' ? (
          <Space>
            <Popconfirm
              title={t('adjustments.approveConfirm', { username: row.username })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => decide.mutate({ id: row.id, approve: true })}
            >
              <Button size="small" type="primary" disabled={busy(row)}>
                {t('common.approve')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('adjustments.rejectConfirm', { username: row.username })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => decide.mutate({ id: row.id, approve: false })}
            >
              <Button size="small" danger disabled={busy(row)}>
                {t('common.reject')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    });
  }

  return (
    <Screen title={t('menu.adjustments')}>
      <StatusFilterBar<AdjustmentStatus>
        name="adjustmentFilters"
        statuses={ADJUSTMENT_STATUSES}
        labelOf={(status) => t(`adjustments.statuses.${status}`)}
        onSearch={(status) => list.setFilters({ status })}
      />
      <PagedTable<Adjustment> label={t('adjustments.tableLabel')} rowKey="id" columns={columns} list={list} />
    </Screen>
  );
}
