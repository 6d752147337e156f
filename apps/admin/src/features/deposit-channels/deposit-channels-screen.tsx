import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminDepositChannel } from '@kl/contracts/admin/payments';
import { formatMoney } from '@kl/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Switch, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { ListTable } from '../../shared/ui/list-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { useEditDialog } from '../../shared/use-edit-dialog.ts';
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
  const editing = useEditDialog<AdminDepositChannel>((channel) => channel.code);
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
  const move = (index: number, by: -1 | 1) => {
    const codes = list.map((channel) => channel.code);
    const [moved] = codes.splice(index, 1);
    if (moved === undefined) return;
    codes.splice(index + by, 0, moved);
    reorder.mutate(codes);
  };
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
    {
      title: t('payments.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, row) => (
        <Switch
          size="small"
          checked={enabled}
          aria-label={t('payments.channelSwitch', { name: nameOf(row) })}
          disabled={!canWrite || setEnabled.isPending}
          onChange={(checked) => setEnabled.mutate({ code: row.code, enabled: checked })}
        />
      ),
    },
    ...(canWrite
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: AdminDepositChannel, index: number) => (
              <Space size="small" wrap>
                <Button
                  size="small"
                  onClick={() => editing.edit(row)}
                  aria-label={t('payments.editChannel', { name: nameOf(row) })}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined aria-hidden="true" />}
                  aria-label={t('payments.moveUp', { name: nameOf(row) })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined aria-hidden="true" />}
                  aria-label={t('payments.moveDown', { name: nameOf(row) })}
                  disabled={index === list.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                />
                {row.orders === 0 ? (
                  <Popconfirm
                    title={t('payments.deleteConfirm', { name: nameOf(row) })}
                    okText={t('payments.delete')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => remove.mutate(row.code)}
                  >
                    <Button
                      size="small"
                      danger
                      aria-label={t('payments.deleteChannel', { name: nameOf(row) })}
                    >
                      {t('payments.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Screen
      title={t('payments.channelsMenu')}
      extra={
        canWrite ? (
          <Button type="primary" onClick={editing.add}>
            {t('payments.newChannel')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('payments.channelsHint')}</Typography.Paragraph>
      <ListTable<AdminDepositChannel>
        label={t('payments.channelsLabel')}
        query={channels}
        rowKey="code"
        columns={columns}
        dataSource={list}
      />
      <ChannelModal key={editing.key} open={editing.open} channel={editing.row} onClose={editing.close} />
      {readsWithdrawals ? <WithdrawalLimitsCard /> : null}
    </Screen>
  );
}
