import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminDepositChannel } from '@kl/contracts/admin/payments';
import { formatMoney } from '@kl/contracts/money';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { movedOne } from '../../shared/order.ts';
import { listKey } from '../../shared/paged-list.ts';
import { actionsColumn, switchColumn } from '../../shared/ui/columns.tsx';
import { ListScreen } from '../../shared/ui/list-screen.tsx';
import { OrderedRowActions } from '../../shared/ui/ordered-row-actions.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { useEditor } from '../../shared/use-editor.ts';
import { useAccess, useCanWrite } from '../../shared/session.ts';
import { CHANNELS_LIST, ChannelModal } from './channel-modal.tsx';
import { WithdrawalLimitsCard } from './withdrawal-limits-card.tsx';

/** The channel's account in one line: bank, account number and holder, or the e-wallet's. */
function accountOf(channel: AdminDepositChannel): string {
  if (channel.bank)
    return `${channel.bank.bankName} (${channel.bank.bankBin}) · ${channel.bank.accountNumber} · ${channel.bank.accountName}`;
  if (channel.wallet)
    return `${channel.wallet.provider} · ${channel.wallet.walletAccount} · ${channel.wallet.accountName}`;
  return '—';
}

/**
 * The merchant's deposit channels (docs/back-office.md, "Deposit channels and payments operations"), in
 * the order the player's deposit screen lists them: add, edit, switch on or off, move up or down, and
 * delete one no order was made on (one with orders is switched off instead).
 */
export function DepositChannelsScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('deposits');
  const readsWithdrawals = useAccess('withdrawals') !== 'none';
  const editor = useEditor<AdminDepositChannel>();
  const channels = useQuery({
    queryKey: listKey(CHANNELS_LIST),
    queryFn: ({ signal }) => adminCall(adminCalls.adminDepositChannels, { signal }),
  });
  const list = channels.data?.list ?? [];
  const setEnabled = useAdminMutation(
    ({ code, enabled }: { code: string; enabled: boolean }) =>
      adminCall(adminCalls.adminSetDepositChannelEnabled, { params: { code }, body: { enabled } }),
    { invalidates: [CHANNELS_LIST] },
  );
  const reorder = useAdminMutation(
    (codes: string[]) => adminCall(adminCalls.adminReorderDepositChannels, { body: { codes } }),
    { invalidates: [CHANNELS_LIST] },
  );
  const remove = useAdminMutation(
    (code: string) => adminCall(adminCalls.adminDeleteDepositChannel, { params: { code } }),
    { invalidates: [CHANNELS_LIST], successText: () => t('payments.channelDeleted') },
  );
  const move = (index: number, by: -1 | 1) =>
    reorder.mutate(
      movedOne(
        list.map((channel) => channel.code),
        index,
        by,
      ),
    );
  const money = (value: number, row: AdminDepositChannel) => formatMoney(value, row.currency, i18n.language);
  const nameOf = (row: AdminDepositChannel) =>
    i18n.language === 'en' ? (row.name.en ?? row.name.vi) : row.name.vi;

  const columns: TableColumnsType<AdminDepositChannel> = [
    { title: t('payments.code'), dataIndex: 'code', render: (code: string) => <code>{code}</code> },
    { title: t('payments.name'), key: 'name', render: (_, row) => nameOf(row) },
    { title: t('payments.kind'), dataIndex: 'kind', render: (_, row) => t(`payments.kinds.${row.kind}`) },
    { title: t('payments.account'), key: 'account', render: (_, row) => accountOf(row) },
    {
      title: t('payments.limits'),
      key: 'limits',
      render: (_, row) => `${money(row.minAmount, row)} – ${money(row.maxAmount, row)}`,
    },
    { title: t('payments.expiryMinutes'), dataIndex: 'expiryMinutes', align: 'right' },
    { title: t('payments.orders'), dataIndex: 'orders', align: 'right' },
    switchColumn(t('payments.enabled'), {
      label: (row) => t('payments.channelSwitch', { name: nameOf(row) }),
      disabled: !canWrite || setEnabled.isPending,
      onChange: (row, enabled) => setEnabled.mutate({ code: row.code, enabled }),
    }),
    ...actionsColumn<AdminDepositChannel>(t('common.actions'), canWrite, (row, index) => (
      <OrderedRowActions
        index={index}
        count={list.length}
        busy={reorder.isPending || remove.isPending}
        labels={{
          edit: t('payments.editChannel', { name: nameOf(row) }),
          moveUp: t('payments.moveUp', { name: nameOf(row) }),
          moveDown: t('payments.moveDown', { name: nameOf(row) }),
        }}
        onEdit={() => editor.open(row)}
        onMove={(by) => move(index, by)}
        remove={
          row.orders === 0
            ? {
                label: t('payments.deleteChannel', { name: nameOf(row) }),
                text: t('payments.delete'),
                confirm: t('payments.deleteConfirm', { name: nameOf(row) }),
                onConfirm: () => remove.mutate(row.code),
              }
            : undefined
        }
      />
    )),
  ];

  return (
    <ListScreen<AdminDepositChannel>
      title={t('payments.channelsMenu')}
      newText={canWrite ? t('payments.newChannel') : undefined}
      onNew={editor.openNew}
      hint={t('payments.channelsHint')}
      query={channels}
      tableLabel={t('payments.channelsLabel')}
      rowKey="code"
      columns={columns}
    >
      <ChannelModal key={editor.key} open={editor.isOpen} channel={editor.row} onClose={editor.close} />
      {readsWithdrawals ? <WithdrawalLimitsCard /> : null}
    </ListScreen>
  );
}
