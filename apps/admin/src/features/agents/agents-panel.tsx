import { UserAddOutlined } from '@ant-design/icons';
import type { ContractKind } from '@kl/contracts/agent-contracts';
import type { AdminAgent } from '@kl/contracts/admin/agents';
import { adminCalls } from '@kl/contracts/admin/calls';
import { Button, Flex, Form, Input, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { formatCount } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { OfferContractModal } from './offer-contract-modal.tsx';

/** "Make agent": a member, by username, becomes an agent (under the agent above it when it has one). */
function MakeAgentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const make = useAdminMutation(
    (username: string) => adminCall(adminCalls.adminMakeAgent, { body: { username } }),
    {
      invalidates: ['agents', 'agent-applications'],
      errorMessage: false,
      successText: (agent) => t('agents.list.made', { username: agent.username }),
    },
  );
  const close = () => {
    make.reset();
    onClose();
  };
  return (
    <FormModal<{ username: string }>
      open={open}
      title={t('agents.list.makeTitle')}
      name="makeAgent"
      submitText={t('agents.list.make')}
      pending={make.isPending}
      error={make.error}
      onCancel={close}
      onSubmit={({ username }) => make.mutate(username.trim(), { onSuccess: close })}
    >
      <Form.Item
        name="username"
        label={t('agents.list.username')}
        extra={t('agents.list.makeHint')}
        rules={[{ required: true, whitespace: true, message: t('agents.list.usernameRequired') }]}
      >
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}

/** The agents, searched by username: their place in the tree, their team, links and contracts. */
export function AgentsPanel({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const list = usePagedList(adminCalls.adminAgents, 'agents', {});
  const [making, setMaking] = useState(false);
  const [offeringTo, setOfferingTo] = useState<AdminAgent | null>(null);
  const count = (value: number) => formatCount(value, i18n.language);

  const columns: TableColumnsType<AdminAgent> = [
    {
      title: t('agents.list.username'),
      dataIndex: 'username',
      render: (username: string, row) => <Link to={`/members/${row.memberId}`}>{username}</Link>,
    },
    { title: t('agents.list.level'), dataIndex: 'level', align: 'right' },
    {
      title: t('agents.list.parent'),
      dataIndex: 'parentUsername',
      render: (value: string | null) => value ?? t('agents.list.topAgent'),
    },
    { title: t('agents.list.directSize'), dataIndex: 'directSize', align: 'right', render: count },
    { title: t('agents.list.teamSize'), dataIndex: 'teamSize', align: 'right', render: count },
    { title: t('agents.list.activeLinks'), dataIndex: 'activeLinks', align: 'right', render: count },
    {
      title: t('agents.list.contracts'),
      dataIndex: 'contracts',
      render: (kinds: ContractKind[]) =>
        kinds.length === 0
          ? t('agents.list.noContract')
          : kinds.map((kind) => <Tag key={kind}>{t(`agents.kinds.${kind}`)}</Tag>),
    },
    { title: t('agents.list.since'), dataIndex: 'since', render: formatDateTime },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, agent) => (
        <Button
          size="small"
          aria-label={t('agents.list.offerTo', { username: agent.username })}
          onClick={() => setOfferingTo(agent)}
        >
          {t('agents.list.offer')}
        </Button>
      ),
    });
  }

  return (
    <>
      <Flex justify="space-between" align="flex-start" wrap gap="small">
        <FilterBar<{ username?: string }>
          name="agentFilters"
          label={t('common.filters')}
          onSearch={(values) => list.setFilters({ username: values.username?.trim() || undefined })}
        >
          <Form.Item name="username" label={t('agents.list.username')}>
            <Input allowClear />
          </Form.Item>
        </FilterBar>
        {canWrite ? (
          <Button
            type="primary"
            icon={<UserAddOutlined aria-hidden="true" />}
            onClick={() => setMaking(true)}
          >
            {t('agents.list.make')}
          </Button>
        ) : null}
      </Flex>
      <PagedTable<AdminAgent>
        label={t('agents.list.tableLabel')}
        rowKey="memberId"
        columns={columns}
        list={list}
      />
      {canWrite ? (
        <>
          <MakeAgentModal open={making} onClose={() => setMaking(false)} />
          <OfferContractModal agent={offeringTo} onClose={() => setOfferingTo(null)} />
        </>
      ) : null}
    </>
  );
}
