import type { AdminBet } from '@kl/contracts/admin/bets';
import { adminCalls } from '@kl/contracts/admin/calls';
import { GAME_ROUND_STATUSES, type GameRoundStatus } from '@kl/contracts/game-records';
import { GAME_TYPES, type GameType } from '@kl/contracts/games';
import { formatMoney } from '@kl/contracts/money';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { periodOf, type DayRange } from '../../shared/dates.ts';
import { usePagedList } from '../../shared/paged-list.ts';
import { dateColumn, memberColumn } from '../../shared/ui/columns.tsx';
import { DateRangeItem } from '../../shared/ui/date-range-item.tsx';
import { ExportButton } from '../../shared/ui/export-button.tsx';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';

interface BetFilters {
  username?: string;
  gameType?: GameType | 'all';
  vendorCode?: string;
  status?: GameRoundStatus | 'all';
  period?: DayRange;
}

const text = (value: string | undefined) => value?.trim() || undefined;

/**
 * Bets (docs/back-office.md, "Bets"): every real member's game records, newest first, by member, game,
 * vendor, status and period; the rounds found export as CSV.
 */
export function BetsScreen() {
  const { t, i18n } = useTranslation();
  const list = usePagedList(adminCalls.adminBets, 'bets', {});
  const money = (row: AdminBet, value: number) => formatMoney(value, row.currency, i18n.language);

  const columns: TableColumnsType<AdminBet> = [
    dateColumn(t('bets.createdAt'), 'createdAt'),
    memberColumn(t('bets.member')),
    { title: t('bets.vendor'), dataIndex: 'vendorCode' },
    {
      title: t('bets.category'),
      dataIndex: 'gameType',
      render: (type: GameType) => t(`games.categories.${type}`),
    },
    { title: t('bets.game'), dataIndex: 'gameName' },
    { title: t('bets.round'), dataIndex: 'roundId', render: (roundId: string) => <code>{roundId}</code> },
    { title: t('bets.stake'), dataIndex: 'stake', align: 'right', render: (_, row) => money(row, row.stake) },
    {
      title: t('bets.payout'),
      dataIndex: 'payout',
      align: 'right',
      render: (_, row) => money(row, row.payout),
    },
    { title: t('bets.net'), dataIndex: 'net', align: 'right', render: (_, row) => money(row, row.net) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, row) => <StatusTag status={row.status} label={t(`bets.statuses.${row.status}`)} />,
    },
    dateColumn(t('bets.settledAt'), 'settledAt'),
  ];

  return (
    <Screen
      title={t('bets.menu')}
      extra={<ExportButton entry={adminCalls.adminBetsCsv} query={list.filters} />}
    >
      <FilterBar<BetFilters>
        name="betFilters"
        label={t('common.filters')}
        initialValues={{ gameType: 'all', status: 'all' }}
        onSearch={(values) =>
          list.setFilters({
            username: text(values.username),
            gameType: values.gameType === 'all' ? undefined : values.gameType,
            vendorCode: text(values.vendorCode),
            status: values.status === 'all' ? undefined : values.status,
            ...periodOf(values.period),
          })
        }
      >
        <Form.Item name="username" label={t('bets.member')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="gameType" label={t('bets.category')} htmlFor="betFilters_gameType">
          <Select<GameType | 'all'>
            id="betFilters_gameType"
            style={{ width: 170 }}
            options={[
              { value: 'all', label: t('common.all') },
              ...GAME_TYPES.map((type) => ({ value: type, label: t(`games.categories.${type}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="vendorCode" label={t('bets.vendor')}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')} htmlFor="betFilters_status">
          <Select<GameRoundStatus | 'all'>
            id="betFilters_status"
            style={{ width: 160 }}
            options={[
              { value: 'all', label: t('common.all') },
              ...GAME_ROUND_STATUSES.map((status) => ({
                value: status,
                label: t(`bets.statuses.${status}`),
              })),
            ]}
          />
        </Form.Item>
        <DateRangeItem formName="betFilters" />
      </FilterBar>
      <PagedTable<AdminBet> label={t('bets.tableLabel')} rowKey="id" columns={columns} list={list} />
    </Screen>
  );
}
