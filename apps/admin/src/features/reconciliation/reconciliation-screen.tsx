import { adminCalls } from '@kl/contracts/admin/calls';
import type { RunReconciliationRequest } from '@kl/contracts/admin/reconciliation';
import type {
  ReconciliationDifference,
  ReconciliationRun,
  ReconciliationRunSummary,
} from '@kl/contracts/provider-report';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime, formatDay } from '../../shared/dates.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { listKey, usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';

const RUNS_LIST = 'reconciliations';

interface RunFilters {
  providerCode?: string;
  status?: 'all' | 'differences' | 'clean';
}

/** One run's differences, loaded when its row is opened. */
function RunDifferences({ runId }: { runId: number }) {
  const { t, i18n } = useTranslation();
  const run = useQuery({
    queryKey: listKey(RUNS_LIST, { runId }),
    queryFn: ({ signal }) => adminCall(adminCalls.adminReconciliation, { params: { runId }, signal }),
  });
  if (run.error) return <ErrorAlert error={run.error} onRetry={() => void run.refetch()} />;
  const side = (of: ReconciliationDifference['provider']) =>
    of === null
      ? t('reconciliation.none')
      : `${t(`reconciliation.statuses.${of.status}`, { defaultValue: of.status })} · ${formatMoney(of.amount, WALLET_CURRENCY, i18n.language)}`;
  const columns: TableColumnsType<ReconciliationDifference> = [
    {
      title: t('reconciliation.kind'),
      dataIndex: 'kind',
      render: (kind: ReconciliationDifference['kind']) => (
        <Tag color="error">{t(`reconciliation.kinds.${kind}`)}</Tag>
      ),
    },
    {
      title: t('reconciliation.action'),
      dataIndex: 'action',
      render: (action: ReconciliationDifference['action']) =>
        action === null ? '—' : t(`reconciliation.actions.${action}`),
    },
    {
      title: t('reconciliation.transaction'),
      dataIndex: 'transactionId',
      render: (id: string | null) => (id === null ? '—' : <code>{id}</code>),
    },
    {
      title: t('reconciliation.round'),
      dataIndex: 'roundId',
      render: (id: string | null) => (id === null ? '—' : <code>{id}</code>),
    },
    {
      title: t('reconciliation.player'),
      dataIndex: 'playerId',
      render: (id: string | null) => (id === null ? '—' : <code>{id}</code>),
    },
    { title: t('reconciliation.providerSide'), key: 'provider', render: (_, row) => side(row.provider) },
    { title: t('reconciliation.operatorSide'), key: 'operator', render: (_, row) => side(row.operator) },
  ];
  return (
    <Table<ReconciliationDifference>
      aria-label={t('reconciliation.differencesLabel')}
      size="small"
      rowKey={(row) => `${row.kind}:${row.transactionId ?? ''}:${row.roundId ?? ''}:${row.playerId ?? ''}`}
      columns={columns}
      dataSource={run.data?.differences ?? []}
      loading={run.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** Reconcile a provider's day now (finance and owners): replaces the day's stored result. */
function RunNowForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RunReconciliationRequest>();
  const run = useAdminMutation(
    (body: RunReconciliationRequest) => adminCall(adminCalls.adminRunReconciliation, { body }),
    {
      invalidates: [RUNS_LIST],
      successText: (result: ReconciliationRun) =>
        t('reconciliation.ran', { day: result.day, count: result.differenceCount }),
    },
  );
  return (
    <Card size="small" title={t('reconciliation.runNow')} style={{ marginBottom: 16 }}>
      <Form<RunReconciliationRequest>
        form={form}
        name="runReconciliation"
        layout="inline"
        initialValues={{ providerCode: 'sandbox' }}
        onFinish={(values) =>
          run.mutate({ providerCode: values.providerCode.trim(), day: values.day.trim() })
        }
      >
        <Form.Item
          name="providerCode"
          label={t('reconciliation.provider')}
          rules={[{ required: true, message: t('reconciliation.providerRequired') }]}
        >
          <Input style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="day"
          label={t('reconciliation.day')}
          rules={[
            { required: true, message: t('reconciliation.dayRequired') },
            { pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('reconciliation.dayFormat') },
          ]}
        >
          <Input placeholder="YYYY-MM-DD" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={run.isPending}>
            {t('reconciliation.run')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * The game providers' daily reconciliation (docs/decisions/028-provider-reconciliation.md): each stored
 * run, the latest day first, with its totals; a row opens its differences.
 */
export function ReconciliationScreen() {
  const { t, i18n } = useTranslation();
  const canRun = useCanWrite('adjustments');
  const list = usePagedList(adminCalls.adminReconciliations, RUNS_LIST, {});
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);
  const count = (value: number) => formatCount(value, i18n.language);

  const columns: TableColumnsType<ReconciliationRunSummary> = [
    { title: t('reconciliation.day'), dataIndex: 'day', render: formatDay },
    { title: t('reconciliation.provider'), dataIndex: 'providerCode' },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (status: ReconciliationRunSummary['status']) => (
        <Tag color={status === 'clean' ? 'success' : 'error'}>
          {t(`reconciliation.runStatuses.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('reconciliation.differenceCount'),
      dataIndex: 'differenceCount',
      align: 'right',
      render: count,
    },
    {
      title: t('reconciliation.transactions'),
      key: 'transactions',
      align: 'right',
      render: (_, run) => `${count(run.providerTransactions)} / ${count(run.operatorTransactions)}`,
    },
    {
      title: t('reconciliation.bets'),
      key: 'bets',
      align: 'right',
      render: (_, run) =>
        `${money(run.totals.provider.bet.amount)} / ${money(run.totals.operator.bet.amount)}`,
    },
    {
      title: t('reconciliation.wins'),
      key: 'wins',
      align: 'right',
      render: (_, run) =>
        `${money(run.totals.provider.win.amount)} / ${money(run.totals.operator.win.amount)}`,
    },
    {
      title: t('reconciliation.credits'),
      key: 'credits',
      align: 'right',
      render: (_, run) =>
        `${money(run.totals.provider.credit.amount)} / ${money(run.totals.operator.credit.amount)}`,
    },
    { title: t('reconciliation.ranAt'), dataIndex: 'ranAt', render: formatDateTime },
    { title: t('reconciliation.ranBy'), dataIndex: 'ranBy' },
  ];

  return (
    <Screen title={t('reconciliation.menu')}>
      {canRun ? <RunNowForm /> : null}
      <FilterBar<RunFilters>
        name="reconciliationFilters"
        label={t('common.filters')}
        initialValues={{ status: 'all' }}
        onSearch={(values) =>
          list.setFilters({
            providerCode: values.providerCode?.trim() || undefined,
            differences:
              values.status === 'differences' ? 'true' : values.status === 'clean' ? 'false' : undefined,
          })
        }
      >
        <Form.Item name="providerCode" label={t('reconciliation.provider')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Select
            style={{ width: 180 }}
            options={[
              { value: 'all', label: t('common.all') },
              { value: 'differences', label: t('reconciliation.runStatuses.differences') },
              { value: 'clean', label: t('reconciliation.runStatuses.clean') },
            ]}
          />
        </Form.Item>
      </FilterBar>
      <p>{t('reconciliation.totalsHint')}</p>
      <PagedTable<ReconciliationRunSummary>
        label={t('reconciliation.tableLabel')}
        rowKey="runId"
        columns={columns}
        list={list}
        expandable={{
          rowExpandable: (run) => run.differenceCount > 0,
          expandedRowRender: (run) => <RunDifferences runId={run.runId} />,
        }}
      />
    </Screen>
  );
}
