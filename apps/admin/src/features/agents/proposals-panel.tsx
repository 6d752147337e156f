import type { AdminContractProposal } from '@kl/contracts/admin/agents';
import { adminCalls } from '@kl/contracts/admin/calls';
import { Button, Flex, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { useOperator } from '../../shared/session.ts';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { ContractTerms } from './contract-terms.tsx';
import { DecisionModal, type AgentDecision, type PendingDecision } from './decision-modal.tsx';
import { useProposalDecision } from './use-proposal-decision.ts';

/** The contract offers waiting for a second operator (the screen's tab counts them). */
export const useProposalsList = () =>
  usePagedList(adminCalls.adminContractProposals, 'agent-contract-proposals', {});
export type ProposalsList = ReturnType<typeof useProposalsList>;

/**
 * Contract offers waiting for a second operator (docs/back-office.md, "Agents"): the terms, who proposed
 * each and who may decide it; Approve (the agent is offered it) or Refuse. Its proposer is told why they
 * cannot decide it.
 */
export function ProposalsPanel({ canWrite, list }: { canWrite: boolean; list: ProposalsList }) {
  const { t } = useTranslation();
  const me = useOperator()?.username;
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const decide = useProposalDecision();
  const kindOf = (row: AdminContractProposal) =>
    row.kind === 'dividend'
      ? t('agents.proposals.dividendOf', { period: t(`agents.periods.${row.terms.period}`) })
      : t(`agents.kinds.${row.kind}`);
  const ask = (row: AdminContractProposal, decision: AgentDecision) => {
    const words = { username: row.username, kind: kindOf(row), proposer: row.proposedBy ?? '—' };
    setPending({
      id: row.id,
      decision,
      title: t(`agents.proposals.${decision}Title`, words),
      summary: t(`agents.proposals.${decision}Summary`, words),
    });
  };

  const columns: TableColumnsType<AdminContractProposal> = [
    { title: t('agents.proposals.proposedAt'), dataIndex: 'offeredAt', render: formatDateTime },
    {
      title: t('agents.proposals.agent'),
      dataIndex: 'username',
      render: (username: string, row) => <Link to={`/members/${row.memberId}`}>{username}</Link>,
    },
    { title: t('agents.proposals.kind'), key: 'kind', render: (_, row) => kindOf(row) },
    {
      title: t('agents.proposals.terms.title'),
      key: 'terms',
      render: (_, row) => <ContractTerms proposal={row} />,
    },
    { title: t('agents.proposals.offeredBy'), dataIndex: 'offeredBy' },
    {
      title: t('agents.proposals.proposedBy'),
      dataIndex: 'proposedBy',
      render: (value: string | null) => value ?? '—',
    },
    {
      title: t('agents.proposals.eligible'),
      key: 'eligible',
      render: (_, row) =>
        row.approval.eligible.length === 0 ? t('agents.proposals.nobody') : row.approval.eligible.join(', '),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => {
        const busy = decide.isPending && decide.variables?.id === row.id;
        const blocked = !row.approval.youMay;
        return (
          <Flex vertical gap={4}>
            <Space>
              <Button
                size="small"
                type="primary"
                aria-label={t('agents.proposals.approveLabel', { username: row.username })}
                disabled={blocked || busy}
                onClick={() => ask(row, 'approve')}
              >
                {t('agents.approve')}
              </Button>
              <Button
                size="small"
                danger
                aria-label={t('agents.proposals.refuseLabel', { username: row.username })}
                disabled={blocked || busy}
                onClick={() => ask(row, 'refuse')}
              >
                {t('agents.refuse')}
              </Button>
            </Space>
            {blocked ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 240 }}>
                {row.proposedBy !== null && row.proposedBy === me
                  ? t('agents.proposals.yours')
                  : t('agents.proposals.notYours')}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    });
  }

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('agents.proposals.hint')}
      </Typography.Paragraph>
      <PagedTable<AdminContractProposal>
        label={t('agents.proposals.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
      />
      {canWrite ? (
        <DecisionModal pending={pending} mutation={decide} onClose={() => setPending(null)} />
      ) : null}
    </>
  );
}
