import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminLotteryDraw } from '@kl/contracts/admin/lottery';
import { LOTTERY_DRAW_STATUSES, type LotteryDrawStatus } from '@kl/contracts/lottery';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { Button, Flex, Form, Select, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { useCanWrite } from '../../shared/session.ts';
import { FilterBar } from '../../shared/ui/filter-bar.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { DRAWS_LIST, VoidDrawModal } from './void-draw-modal.tsx';

/** The colour of a draw's status tag, by what it means (status-tag.tsx). */
const STATUS_COLORS: Record<LotteryDrawStatus, string> = {
  scheduled: 'pending',
  drawn: 'default',
  settled: 'paid',
  void: 'rejected',
};

interface DrawFilters {
  game?: string;
  status?: LotteryDrawStatus;
}

/** The in-house lottery's draws with what was staked on them; a draw not drawn yet can be voided. */
export function LotteryDrawsScreen() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('lottery');
  const list = usePagedList(adminCalls.adminLotteryDraws, DRAWS_LIST, {});
  const [voiding, setVoiding] = useState<AdminLotteryDraw | null>(null);
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);
  const count = (value: number) => formatCount(value, i18n.language);

  const columns: TableColumnsType<AdminLotteryDraw> = [
    {
      title: t('lotteryDraws.game'),
      key: 'game',
      render: (_, draw) => (
        <Flex vertical>
          <span>{draw.gameName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {draw.gameCode} · {t(`games.categories.${draw.category}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('lotteryDraws.issue'), dataIndex: 'issue' },
    { title: t('lotteryDraws.station'), dataIndex: 'station' },
    { title: t('lotteryDraws.closeAt'), dataIndex: 'closeAt', render: formatDateTime },
    { title: t('lotteryDraws.drawAt'), dataIndex: 'drawAt', render: formatDateTime },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, draw) => (
        <StatusTag status={STATUS_COLORS[draw.status]} label={t(`lotteryDraws.statuses.${draw.status}`)} />
      ),
    },
    { title: t('lotteryDraws.bets'), dataIndex: 'bets', align: 'right', render: count },
    { title: t('lotteryDraws.stake'), dataIndex: 'stake', align: 'right', render: money },
    { title: t('lotteryDraws.openBets'), dataIndex: 'openBets', align: 'right', render: count },
    { title: t('lotteryDraws.payout'), dataIndex: 'payout', align: 'right', render: money },
    { title: t('lotteryDraws.refunded'), dataIndex: 'refunded', align: 'right', render: money },
    {
      title: t('lotteryDraws.voidedAt'),
      key: 'voided',
      render: (_, draw) =>
        draw.voidedAt ? (
          <Flex vertical>
            <span>{formatDateTime(draw.voidedAt)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {draw.voidReason}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, draw) =>
        draw.status === 'scheduled' ? (
          <Button
            size="small"
            danger
            aria-label={t('lotteryDraws.voidOf', { game: draw.gameName, issue: draw.issue })}
            onClick={() => setVoiding(draw)}
          >
            {t('lotteryDraws.void')}
          </Button>
        ) : null,
    });
  }

  return (
    <Screen title={t('lotteryDraws.menu')}>
      <FilterBar<DrawFilters>
        name="drawFilters"
        label={t('common.filters')}
        onSearch={(values) => list.setFilters({ game: values.game, status: values.status })}
      >
        <Form.Item name="game" label={t('lotteryDraws.game')}>
          <Select<string>
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('common.all')}
            options={(list.page?.games ?? []).map((game) => ({
              value: game.code,
              label: `${game.name} (${game.code})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Select<LotteryDrawStatus>
            allowClear
            style={{ width: 160 }}
            placeholder={t('common.all')}
            options={LOTTERY_DRAW_STATUSES.map((status) => ({
              value: status,
              label: t(`lotteryDraws.statuses.${status}`),
            }))}
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<AdminLotteryDraw>
        label={t('lotteryDraws.tableLabel')}
        rowKey="id"
        columns={columns}
        list={list}
      />
      {canWrite ? <VoidDrawModal draw={voiding} onClose={() => setVoiding(null)} /> : null}
    </Screen>
  );
}
