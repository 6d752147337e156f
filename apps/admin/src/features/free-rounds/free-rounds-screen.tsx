import { PlusOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import {
  FREE_ROUNDS_STATUSES,
  type FreeRoundsGrant,
  type FreeRoundsStatus,
} from '@kl/contracts/admin/free-rounds';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { actionsColumn, dateColumn, memberColumn } from '../../shared/ui/columns.tsx';
import { ConfirmedButton } from '../../shared/ui/confirmed-button.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { StatusFilterBar } from '../../shared/ui/status-filter-bar.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { GrantFreeRoundsModal } from './grant-free-rounds-modal.tsx';
import { FREE_ROUNDS_LIST, useOutcomeMessage } from './use-outcome-message.ts';

/** The colour of each status, by what it means (StatusTag's names). */
const STATUS_COLORS: Record<FreeRoundsStatus, string> = {
  pending: 'pending',
  rejected: 'rejected',
  active: 'paid',
  undelivered: 'failed',
};

/** A grant's status, and what the provider answered when it did not take them. */
function GrantStatus({ grant }: { grant: FreeRoundsGrant }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="start">
      <StatusTag status={STATUS_COLORS[grant.status]} label={t(`freeRounds.statuses.${grant.status}`)} />
      {grant.status === 'undelivered' && grant.deliveryError ? (
        <Typography.Text type="secondary">
          {t('freeRounds.deliveryError', { error: grant.deliveryError })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/**
 * Free rounds granted to members at game providers (docs/back-office.md, "Free rounds"), newest first, by
 * status. Writers of the promotions area grant them, approve or reject those waiting for a second operator
 * (the server refuses their requester), and send again those the provider did not take.
 */
export function FreeRoundsScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('promotions');
  const list = usePagedList(adminCalls.adminFreeRounds, FREE_ROUNDS_LIST, {});
  /** The key of the grant form while it is open, drawn when it opens. */
  const [grantKey, setGrantKey] = useState<string | null>(null);
  const announce = useOutcomeMessage();
  const changed = [FREE_ROUNDS_LIST, 'creditRoom', 'dashboard'];
  const decide = useAdminMutation(
    ({ id, approve }: { id: string; approve: boolean }) =>
      adminCall(adminCalls.adminDecideFreeRounds, { params: { grantId: id }, body: { approve } }),
    { invalidates: changed },
  );
  const deliver = useAdminMutation(
    (id: string) => adminCall(adminCalls.adminDeliverFreeRounds, { params: { grantId: id } }),
    { invalidates: [FREE_ROUNDS_LIST] },
  );
  const busy = (id: string) =>
    (decide.isPending && decide.variables.id === id) || (deliver.isPending && deliver.variables === id);
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);

  const columns: TableColumnsType<FreeRoundsGrant> = [
    dateColumn(t('freeRounds.createdAt'), 'createdAt'),
    memberColumn(t('freeRounds.member')),
    {
      title: t('freeRounds.provider'),
      dataIndex: 'providerCode',
      render: (code: string) => <code>{code}</code>,
    },
    {
      title: t('freeRounds.game'),
      key: 'game',
      render: (_, row) => (
        <Flex vertical>
          <span>{row.gameName}</span>
          <Typography.Text type="secondary">{t('freeRounds.gameIdOf', { id: row.gameId })}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('freeRounds.roundsColumn'),
      key: 'rounds',
      align: 'right',
      render: (_, row) => t('freeRounds.roundsOf', { rounds: row.rounds, value: money(row.roundValue) }),
    },
    { title: t('freeRounds.value'), dataIndex: 'value', align: 'right', render: money },
    {
      title: t('freeRounds.turnover'),
      dataIndex: 'turnoverMultiple',
      align: 'right',
      render: (multiple: number) => t('freeRounds.multiple', { multiple }),
    },
    dateColumn(t('freeRounds.expiresAt'), 'expiresAt'),
    { title: t('common.status'), key: 'status', render: (_, row) => <GrantStatus grant={row} /> },
    { title: t('freeRounds.won'), dataIndex: 'won', align: 'right', render: money },
    {
      title: t('freeRounds.requestedBy'),
      dataIndex: 'requestedBy',
      render: (value: string | null) => value ?? '—',
    },
    {
      title: t('freeRounds.decidedBy'),
      dataIndex: 'decidedBy',
      render: (value: string | null) => value ?? '—',
    },
    ...actionsColumn<FreeRoundsGrant>(t('common.actions'), canWrite, (row) => {
      if (row.status === 'undelivered') {
        return (
          <Button
            size="small"
            disabled={busy(row.id)}
            aria-label={t('freeRounds.sendAgainLabel', { username: row.username })}
            onClick={() => deliver.mutate(row.id, { onSuccess: (grant) => announce(grant, 'deliver') })}
          >
            {t('freeRounds.sendAgain')}
          </Button>
        );
      }
      if (row.status !== 'pending') return null;
      const decideOn = (approve: boolean) =>
        decide.mutate({ id: row.id, approve }, { onSuccess: (grant) => announce(grant, 'decide') });
      return (
        <>
          <ConfirmedButton
            title={t('freeRounds.approveConfirm', { username: row.username })}
            label={t('common.approve')}
            kind="primary"
            disabled={busy(row.id)}
            onConfirm={() => decideOn(true)}
          />
          <ConfirmedButton
            title={t('freeRounds.rejectConfirm', { username: row.username })}
            label={t('common.reject')}
            kind="danger"
            disabled={busy(row.id)}
            onConfirm={() => decideOn(false)}
          />
        </>
      );
    }),
  ];

  return (
    <Screen
      title={t('freeRounds.menu')}
      extra={
        canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setGrantKey(crypto.randomUUID())}
          >
            {t('freeRounds.grant')}
          </Button>
        ) : null
      }
    >
      <StatusFilterBar<FreeRoundsStatus>
        name="freeRoundsFilters"
        statuses={FREE_ROUNDS_STATUSES}
        labelOf={(status) => t(`freeRounds.statuses.${status}`)}
        onSearch={(status) => list.setFilters({ status })}
      />
      <PagedTable<FreeRoundsGrant>
        label={t('freeRounds.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
      />
      <GrantFreeRoundsModal idempotencyKey={grantKey} onClose={() => setGrantKey(null)} />
    </Screen>
  );
}
