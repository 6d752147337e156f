import { AGENT_APPLICATION_STATUSES, type AgentApplicationStatus } from '@kl/contracts/agents';
import type { AdminAgentApplication } from '@kl/contracts/admin/agents';
import { adminCalls } from '@kl/contracts/admin/calls';
import { Segmented, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import {
  DecisionModal,
  useDecisionColumns,
  type AgentDecision,
  type PendingDecision,
} from './decision-modal.tsx';

type StatusFilter = AgentApplicationStatus | 'all';
const STATUS_COLORS: Record<AgentApplicationStatus, string> = {
  pending: 'pending',
  approved: 'paid',
  refused: 'rejected',
};

/** Applications to become an agent, those waiting first; approve (the member becomes an agent) or refuse. */
export function ApplicationsPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const list = usePagedList(adminCalls.adminAgentApplications, 'agent-applications', { status: 'pending' });
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const decide = useAdminMutation(
    ({ id, decision, note }: { id: string; decision: AgentDecision; note?: string }) =>
      adminCall(adminCalls.adminDecideAgentApplication, {
        params: { applicationId: id },
        body: { decision, ...(note ? { note } : {}) },
      }),
    {
      invalidates: ['agent-applications', 'agents'],
      errorMessage: false,
      successText: (application) =>
        t(`agents.applications.decided.${application.status}`, { username: application.username }),
    },
  );

  const decisionColumns = useDecisionColumns<AdminAgentApplication>({
    canWrite,
    waiting: (row) => row.status === 'pending',
    busyId: decide.isPending ? decide.variables?.id : undefined,
    onDecide: (row, decision) =>
      setPending({
        id: row.id,
        decision,
        title: t(`agents.applications.${decision}Title`, { username: row.username }),
        summary: t(`agents.applications.${decision}Summary`, { username: row.username }),
      }),
  });
  const statusOptions = [
    ...AGENT_APPLICATION_STATUSES.map((value) => ({
      value,
      label: t(`agents.applications.statuses.${value}`),
    })),
    { value: 'all' as const, label: t('common.all') },
  ];
  const filterBy = (value: StatusFilter) => {
    setStatus(value);
    list.setFilters(value === 'all' ? {} : { status: value });
  };

  const columns: TableColumnsType<AdminAgentApplication> = [
    { title: t('agents.applications.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('agents.member'),
      dataIndex: 'username',
      render: (username: string, row) => <Link to={`/members/${row.memberId}`}>{username}</Link>,
    },
    {
      title: t('agents.applications.message'),
      dataIndex: 'message',
      render: (message: string) => (
        <Typography.Paragraph style={{ maxWidth: 360, margin: 0, whiteSpace: 'pre-wrap' }}>
          {message}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('agents.applications.contact'),
      dataIndex: 'contact',
      render: (contact: string | null) => contact ?? '—',
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) => (
        <StatusTag
          status={STATUS_COLORS[row.status]}
          label={t(`agents.applications.statuses.${row.status}`)}
        />
      ),
    },
    ...decisionColumns,
  ];
  return (
    <>
      <Segmented<StatusFilter>
        aria-label={t('common.status')}
        value={status}
        options={statusOptions}
        onChange={filterBy}
      />
      <PagedTable<AdminAgentApplication>
        label={t('agents.applications.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
      />
      {canWrite ? (
        <DecisionModal
          pending={pending}
          mutation={decide}
          noteHint={t('agents.applications.noteHint')}
          onClose={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
