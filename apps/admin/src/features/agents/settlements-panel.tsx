import { CalculatorOutlined } from '@ant-design/icons';
import { CONTRACT_KINDS, type ContractKind } from '@kl/contracts/agent-contracts';
import { SETTLEMENT_STATUSES, type SettlementBasis, type SettlementStatus } from '@kl/contracts/agents';
import type { AdminSettlement } from '@kl/contracts/admin/agents';
import { adminCalls } from '@kl/contracts/admin/calls';
import { Button, Flex, Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import {
  DecisionModal,
  useDecisionColumns,
  type AgentDecision,
  type PendingDecision,
} from './decision-modal.tsx';
import { SettlePeriodModal } from './settle-period-modal.tsx';

const STATUS_COLORS: Record<SettlementStatus, string> = {
  nothing_due: 'expired',
  awaiting_approval: 'pending',
  paid: 'paid',
  refused: 'rejected',
};

interface SettlementFilters {
  status?: SettlementStatus;
  kind?: ContractKind;
  username?: string;
}

/** The settlements list (its page also counts those awaiting approval, whatever the filters). */
export const useSettlementsList = () => usePagedList(adminCalls.adminSettlements, 'agent-settlements', {});
export type SettlementsList = ReturnType<typeof useSettlementsList>;

/** What a settlement was calculated from, the dividend's lines only for dividends. */
function Basis({ basis, currency }: { basis: SettlementBasis; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, currency, i18n.language);
  const lines: [string, string][] = [
    [t('agents.basis.turnover'), money(basis.turnover)],
    [t('agents.basis.activeMembers'), formatCount(basis.activeMembers, i18n.language)],
  ];
  if (basis.netLoss !== null) lines.push([t('agents.basis.netLoss'), money(basis.netLoss)]);
  if (basis.carriedIn !== null) lines.push([t('agents.basis.carriedIn'), money(basis.carriedIn)]);
  if (basis.carriedOut !== null) lines.push([t('agents.basis.carriedOut'), money(basis.carriedOut)]);
  lines.push([
    t('agents.basis.tier'),
    basis.tier === null ? t('agents.basis.noTier') : String(basis.tier + 1),
  ]);
  if (basis.percentBp !== null) lines.push([t('agents.basis.share'), `${basis.percentBp / 100}%`]);
  return (
    <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {lines.map(([label, value]) => (
        <div key={label}>
          {label}: {value}
        </div>
      ))}
    </Typography.Text>
  );
}

/** Settlements of the contracts that pay: filters, the basis of each, approve / refuse, settle a period. */
export function SettlementsPanel({ canWrite, list }: { canWrite: boolean; list: SettlementsList }) {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [settling, setSettling] = useState(false);
  const money = (row: AdminSettlement, value: number) => formatMoney(value, row.currency, i18n.language);
  const decide = useAdminMutation(
    ({ id, decision, note }: { id: string; decision: AgentDecision; note?: string }) =>
      adminCall(adminCalls.adminDecideSettlement, {
        params: { settlementId: id },
        body: { decision, ...(note ? { note } : {}) },
      }),
    {
      invalidates: ['agent-settlements', 'dashboard'],
      errorMessage: false,
      successText: (settlement) =>
        t(`agents.settlements.decided.${settlement.status === 'paid' ? 'paid' : 'refused'}`, {
          username: settlement.username,
        }),
    },
  );

  const decisionColumns = useDecisionColumns<AdminSettlement>({
    canWrite,
    waiting: (row) => row.status === 'awaiting_approval',
    busyId: decide.isPending ? decide.variables?.id : undefined,
    onDecide: (row, decision) => {
      const words = {
        username: row.username,
        period: row.period,
        kind: t(`agents.kinds.${row.kind}`),
        amount: money(row, row.amount),
      };
      setPending({
        id: row.id,
        decision,
        title: t(`agents.settlements.${decision}Title`, words),
        summary: t(`agents.settlements.${decision}Summary`, words),
      });
    },
  });

  const columns: TableColumnsType<AdminSettlement> = [
    {
      title: t('agents.settlements.agent'),
      dataIndex: 'username',
      render: (username: string, row) => <Link to={`/members/${row.agentMemberId}`}>{username}</Link>,
    },
    {
      title: t('agents.settlements.kind'),
      dataIndex: 'kind',
      render: (kind: ContractKind) => t(`agents.kinds.${kind}`),
    },
    { title: t('agents.settlements.period'), dataIndex: 'period' },
    {
      title: t('agents.settlements.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => money(row, row.amount),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) => (
        <StatusTag
          status={STATUS_COLORS[row.status]}
          label={t(`agents.settlements.statuses.${row.status}`)}
        />
      ),
    },
    {
      title: t('agents.settlements.basis'),
      key: 'basis',
      render: (_, row) => <Basis basis={row.basis} currency={row.currency} />,
    },
    { title: t('agents.settlements.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    ...decisionColumns,
  ];

  return (
    <>
      <Flex justify="space-between" align="flex-start" wrap gap="small">
        <FilterBar<SettlementFilters>
          name="settlementFilters"
          label={t('common.filters')}
          onSearch={(values) =>
            list.setFilters({
              status: values.status,
              kind: values.kind,
              username: values.username?.trim() || undefined,
            })
          }
        >
          <Form.Item name="status" label={t('common.status')}>
            <Select<SettlementStatus>
              allowClear
              placeholder={t('common.all')}
              style={{ width: 180 }}
              options={SETTLEMENT_STATUSES.map((status) => ({
                value: status,
                label: t(`agents.settlements.statuses.${status}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="kind" label={t('agents.settlements.kind')}>
            <Select<ContractKind>
              allowClear
              placeholder={t('common.all')}
              style={{ width: 160 }}
              options={CONTRACT_KINDS.map((kind) => ({ value: kind, label: t(`agents.kinds.${kind}`) }))}
            />
          </Form.Item>
          <Form.Item name="username" label={t('agents.settlements.agent')}>
            <Input allowClear />
          </Form.Item>
        </FilterBar>
        {canWrite ? (
          <Button icon={<CalculatorOutlined aria-hidden="true" />} onClick={() => setSettling(true)}>
            {t('agents.settle.open')}
          </Button>
        ) : null}
      </Flex>
      <Typography.Text role="status">
        {t('agents.settlements.awaiting', { n: list.page?.awaitingApproval ?? 0 })}
      </Typography.Text>
      <PagedTable<AdminSettlement>
        label={t('agents.settlements.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
      />
      {canWrite ? (
        <>
          <DecisionModal
            pending={pending}
            mutation={decide}
            noteHint={t('agents.settlements.noteHint')}
            onClose={() => setPending(null)}
          />
          <SettlePeriodModal open={settling} onClose={() => setSettling(false)} />
        </>
      ) : null}
    </>
  );
}
