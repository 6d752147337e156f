import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminLottery } from '@kl/contracts/admin/lotteries';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { Button, Flex, Popconfirm, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { actionsColumn } from '../../shared/ui/columns.tsx';
import { ListTable, type ListQueryState } from '../../shared/ui/list-table.tsx';
import { useAdminMutation } from '../../shared/use-admin-mutation.ts';
import { dayKey } from './lottery-form.ts';
import { LOTTERIES_LIST } from './lottery-modal.tsx';

/** The secondary line under a cell's main text. */
function Secondary({ children }: { children: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}

/**
 * The merchant's lotteries: schedule, betting close, stake limit, the catalogue games players open them
 * by, the draws not drawn yet, and the switch. Switching one off says first what becomes of its draws and
 * bets.
 */
export function LotteriesTable({
  list,
  query,
  canWrite,
  onEdit,
}: {
  list: AdminLottery[];
  query: ListQueryState;
  canWrite: boolean;
  onEdit: (lottery: AdminLottery) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);
  const count = (value: number) => formatCount(value, i18n.language);
  const setEnabled = useAdminMutation(
    ({ code, enabled }: { code: string; enabled: boolean }) =>
      adminCall(adminCalls.adminSetLotteryEnabled, { params: { code }, body: { enabled } }),
    {
      invalidates: [LOTTERIES_LIST, 'lottery-draws'],
      successText: (saved) =>
        t(saved.enabled ? 'lotteries.switchedOn' : 'lotteries.switchedOff', { name: saved.name }),
    },
  );

  const scheduleOf = (lottery: AdminLottery): string => {
    const { schedule } = lottery;
    if (schedule.kind === 'interval')
      return t('lotteries.every', { seconds: count(schedule.intervalSeconds) });
    const days = schedule.weekdays.map((day) => t(dayKey(day))).join(', ');
    return t('lotteries.dailyAt', { days, time: schedule.drawTime });
  };
  const stationsOf = (lottery: AdminLottery): string | null => {
    const { schedule } = lottery;
    if (schedule.kind !== 'daily' || !schedule.stations) return null;
    return Object.entries(schedule.stations)
      .map(([day, station]) => `${t(dayKey(day))}: ${station}`)
      .join(' · ');
  };

  const columns: TableColumnsType<AdminLottery> = [
    {
      title: t('lotteries.lottery'),
      key: 'lottery',
      render: (_, lottery) => (
        <Flex vertical>
          <span>{lottery.name}</span>
          <Secondary>{`${lottery.code} · ${t(`lotteries.categories.${lottery.category}`)}`}</Secondary>
        </Flex>
      ),
    },
    {
      title: t('lotteries.region'),
      dataIndex: 'region',
      render: (_, lottery) => t(`lotteries.regions.${lottery.region}`),
    },
    {
      title: t('lotteries.schedule'),
      key: 'schedule',
      render: (_, lottery) => (
        <Flex vertical>
          <span>{scheduleOf(lottery)}</span>
          {stationsOf(lottery) ? <Secondary>{stationsOf(lottery) ?? ''}</Secondary> : null}
        </Flex>
      ),
    },
    {
      title: t('lotteries.playTypes'),
      key: 'playTypes',
      render: (_, lottery) =>
        lottery.playTypes.map((type) => t(`lotteries.playTypeNames.${type}`)).join(', '),
    },
    {
      title: t('lotteries.closeSeconds'),
      dataIndex: 'closeSeconds',
      align: 'right',
      render: (value: number) => t('lotteries.secondsBefore', { seconds: count(value) }),
    },
    { title: t('lotteries.maxPerDraw'), dataIndex: 'maxPerDraw', align: 'right', render: money },
    {
      title: t('lotteries.catalogueGames'),
      key: 'catalogueGames',
      render: (_, lottery) =>
        lottery.catalogueGames.length === 0 ? (
          <Typography.Text type="warning">{t('lotteries.noCatalogueGame')}</Typography.Text>
        ) : (
          <Flex vertical>
            {lottery.catalogueGames.map((game) => (
              <span key={game.gameId}>
                {`${game.name} (${game.vassalage} ${game.gameId})`}{' '}
                {game.enabled ? null : <Tag>{t('common.disabled')}</Tag>}
              </span>
            ))}
          </Flex>
        ),
    },
    {
      title: t('lotteries.nextDraw'),
      key: 'nextDraw',
      render: (_, lottery) => (
        <Flex vertical>
          <span>{lottery.nextDrawAt ? formatDateTime(lottery.nextDrawAt) : '—'}</span>
          <Secondary>
            {t('lotteries.backlog', { draws: count(lottery.pendingDraws), bets: count(lottery.openBets) })}
          </Secondary>
        </Flex>
      ),
    },
    { title: t('lotteries.sortOrder'), dataIndex: 'sortOrder', align: 'right' },
    {
      title: t('lotteries.enabled'),
      key: 'enabled',
      render: (_, lottery) => {
        const name = t('lotteries.switchOf', { name: lottery.name });
        const busy = !canWrite || setEnabled.isPending;
        if (!lottery.enabled || !canWrite) {
          return (
            <Switch
              size="small"
              checked={lottery.enabled}
              aria-label={name}
              disabled={busy}
              onChange={() => setEnabled.mutate({ code: lottery.code, enabled: true })}
            />
          );
        }
        return (
          <Popconfirm
            title={t('lotteries.switchOffTitle', { name: lottery.name })}
            description={t('lotteries.switchOffConfirm', {
              draws: count(lottery.pendingDraws),
              bets: count(lottery.openBets),
            })}
            okText={t('lotteries.switchOff')}
            cancelText={t('common.cancel')}
            onConfirm={() => setEnabled.mutate({ code: lottery.code, enabled: false })}
          >
            <Switch size="small" checked aria-label={name} disabled={busy} />
          </Popconfirm>
        );
      },
    },
  ];
  columns.push(
    ...actionsColumn<AdminLottery>(t('common.actions'), canWrite, (row) => (
      <Button size="small" aria-label={t('lotteries.editOf', { name: row.name })} onClick={() => onEdit(row)}>
        {t('common.edit')}
      </Button>
    )),
  );

  return (
    <ListTable<AdminLottery>
      label={t('lotteries.tableLabel')}
      query={query}
      rowKey="code"
      columns={columns}
      dataSource={list}
    />
  );
}
