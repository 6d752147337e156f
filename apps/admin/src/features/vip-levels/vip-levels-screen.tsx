import type { AdminVipLevel } from '@kl/contracts/admin/vip';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { PendingChanges } from './pending-changes.tsx';
import { useDeleteVipLevel, useVipLevels } from './use-vip-levels.ts';
import { percentOf } from './vip-level-form.ts';
import { type VipLevelEditing, VipLevelModal } from './vip-level-modal.tsx';

/**
 * The merchant's VIP levels (docs/back-office.md, "VIP levels"): each level with what reaches it, what it
 * gives and how many members are at it now; the changes waiting for a second operator. Owners and risk
 * edit a level, add the next one and delete the highest one when nobody is at it; finance and content
 * read them.
 */
export function VipLevelsScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('promotions');
  const [editing, setEditing] = useState<VipLevelEditing>(null);
  const levels = useVipLevels();
  const remove = useDeleteVipLevel(() => t('vipLevels.deleted'));
  const list = levels.data?.list ?? [];
  const currency = levels.data?.currency ?? 'VND';
  const money = (value: number) => formatMoney(value, currency, i18n.language);
  const nameOf = (row: AdminVipLevel) => (i18n.language === 'en' && row.name.en ? row.name.en : row.name.vi);
  const highest = list.at(-1)?.level;
  const next = highest === undefined ? 0 : highest + 1;

  const moneyColumn = (
    key: 'depositThreshold' | 'upgradeBonus' | 'birthdayBonus' | 'monthlyBonus' | 'dailyWithdrawalLimit',
  ) => ({
    title: t(`vipLevels.columns.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: (value: number) => money(value),
  });
  const columns: TableColumnsType<AdminVipLevel> = [
    { title: t('vipLevels.columns.level'), dataIndex: 'level', align: 'right' },
    { title: t('vipLevels.columns.name'), key: 'name', render: (_, row) => nameOf(row) },
    moneyColumn('depositThreshold'),
    moneyColumn('upgradeBonus'),
    moneyColumn('birthdayBonus'),
    moneyColumn('monthlyBonus'),
    { title: t('vipLevels.columns.dailyWithdrawalCount'), dataIndex: 'dailyWithdrawalCount', align: 'right' },
    moneyColumn('dailyWithdrawalLimit'),
    {
      title: t('vipLevels.columns.rebate'),
      dataIndex: 'rebateBasisPoints',
      align: 'right',
      render: (basisPoints: number) => `${formatCount(percentOf(basisPoints), i18n.language)} %`,
    },
    {
      title: t('vipLevels.columns.members'),
      dataIndex: 'members',
      align: 'right',
      render: (members: number) => formatCount(members, i18n.language),
    },
    ...(canWrite
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: AdminVipLevel) => (
              <Space size="small" wrap>
                <Button
                  size="small"
                  onClick={() => setEditing({ mode: 'edit', level: row })}
                  aria-label={t('vipLevels.edit', { level: row.level })}
                >
                  {t('common.edit')}
                </Button>
                {row.level === highest && row.level > 0 ? (
                  row.members > 0 ? (
                    <Typography.Text type="secondary">{t('vipLevels.inUse')}</Typography.Text>
                  ) : (
                    <Popconfirm
                      title={t('vipLevels.deleteConfirm', { level: row.level })}
                      okText={t('vipLevels.deleteText')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => remove.mutate(row.level)}
                    >
                      <Button
                        size="small"
                        danger
                        disabled={remove.isPending}
                        aria-label={t('vipLevels.delete', { level: row.level })}
                      >
                        {t('vipLevels.deleteText')}
                      </Button>
                    </Popconfirm>
                  )
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Screen
      title={t('vipLevels.menu')}
      extra={
        canWrite && levels.data ? (
          <Button type="primary" onClick={() => setEditing({ mode: 'new', level: next })}>
            {t('vipLevels.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('vipLevels.hint')}</Typography.Paragraph>
      {levels.error ? <ErrorAlert error={levels.error} onRetry={() => void levels.refetch()} /> : null}
      <PendingChanges pending={levels.data?.pending ?? []} />
      <Table<AdminVipLevel>
        aria-label={t('vipLevels.tableLabel')}
        size="middle"
        rowKey="level"
        columns={columns}
        dataSource={list}
        loading={levels.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <VipLevelModal
        key={
          editing === null
            ? 'closed'
            : `${editing.mode}-${editing.mode === 'edit' ? editing.level.level : editing.level}`
        }
        editing={editing}
        levels={list}
        onClose={() => setEditing(null)}
      />
    </Screen>
  );
}
