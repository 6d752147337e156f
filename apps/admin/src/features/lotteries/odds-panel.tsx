import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminLotteryOdds } from '@kl/contracts/admin/lotteries';
import { PRIZE_MODES, type PrizeMode } from '@kl/contracts/constants';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';
import { actionsColumn } from '../../shared/ui/columns.tsx';
import { ListTable } from '../../shared/ui/list-table.tsx';
import { ODDS_LIST, OddsModal, useOddsLabel } from './odds-modal.tsx';

/**
 * The odds, one table per prize mode: each bet type by region (and option, where it pays by option), with
 * what a point costs and pays and the most a member stakes on one selection of a draw; a change waiting for
 * a second owner is shown on its row.
 */
export function OddsPanel({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const label = useOddsLabel();
  const [mode, setMode] = useState<PrizeMode>('Lott');
  const [editing, setEditing] = useState<AdminLotteryOdds | null>(null);
  const odds = useQuery({
    queryKey: listKey(ODDS_LIST),
    queryFn: ({ signal }) => adminCall(adminCalls.adminLotteryOdds, { signal }),
  });
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);

  const columns: TableColumnsType<AdminLotteryOdds> = [
    {
      title: t('lotteries.odds.betType'),
      key: 'betType',
      render: (_, row) => (
        <Flex vertical>
          <span>{t(`lotteries.betTypes.${row.betType}`)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.betType}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('lotteries.region'),
      dataIndex: 'region',
      render: (_, row) =>
        row.region === '*' ? t('lotteries.allRegions') : t(`lotteries.regions.${row.region}`),
    },
    {
      title: t('lotteries.odds.pick'),
      dataIndex: 'pick',
      render: (pick: string) => (pick === '*' ? '—' : pick),
    },
    { title: t('lotteries.odds.pricePerPoint'), dataIndex: 'pricePerPoint', align: 'right', render: money },
    { title: t('lotteries.odds.payoutPerPoint'), dataIndex: 'payoutPerPoint', align: 'right', render: money },
    { title: t('lotteries.odds.maxPerNumber'), dataIndex: 'maxPerNumber', align: 'right', render: money },
    {
      title: t('lotteries.odds.pending'),
      key: 'pending',
      render: (_, row) =>
        row.pending
          ? t('lotteries.odds.pendingValues', {
              price: money(row.pending.pricePerPoint),
              payout: money(row.pending.payoutPerPoint),
              max: money(row.pending.maxPerNumber),
              by: row.pending.requestedBy,
            })
          : '—',
    },
  ];
  columns.push(
    ...actionsColumn<AdminLotteryOdds>(t('common.actions'), canWrite, (row) => (
      <Button
        size="small"
        aria-label={t('lotteries.odds.editOf', { odds: label(row) })}
        onClick={() => setEditing(row)}
      >
        {t('common.edit')}
      </Button>
    )),
  );
  const list = odds.data?.list ?? [];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('lotteries.odds.intro')}</Typography.Paragraph>
      {odds.isSuccess && list.length === 0 ? (
        <Empty description={t('lotteries.odds.none')} />
      ) : (
        <Tabs
          activeKey={mode}
          onChange={(key) => setMode(key as PrizeMode)}
          items={PRIZE_MODES.map((prizeMode) => ({
            key: prizeMode,
            label: t('lotteries.odds.prizeMode', { mode: prizeMode }),
            children: (
              <ListTable<AdminLotteryOdds>
                label={t('lotteries.odds.tableLabel', { mode: prizeMode })}
                query={odds}
                size="small"
                rowKey={(row) => `${row.betType}:${row.region}:${row.pick}`}
                columns={columns}
                dataSource={list.filter((row) => row.prizeMode === prizeMode)}
              />
            ),
          }))}
        />
      )}
      {canWrite ? (
        <OddsModal
          key={editing ? label(editing) : 'closed'}
          odds={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
