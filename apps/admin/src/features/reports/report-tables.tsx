import { adminCalls } from '@kl/contracts/admin/calls';
import type { DailyReportRow, GameReportRow, PromotionReportRow } from '@kl/contracts/admin/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../shared/api.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { usePagedList } from '../../shared/paged-list.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';

/** Vietnam days, both included (`2030-03-01`). */
export interface ReportPeriod {
  from: string;
  to: string;
}

type Figures<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;

/** How the tables write figures: money in the currency, counts with separators. */
function useFormat(currency: string | undefined) {
  const { i18n } = useTranslation();
  return {
    money: (value: number) => formatMoney(value, currency ?? 'VND', i18n.language),
    count: (value: number) => formatCount(value, i18n.language),
  };
}

/** A row of totals under a table: a label in the first cell, then one cell per column. */
function TotalsRow<T>({
  columns,
  totals,
  label,
}: {
  columns: { key: string; render?: (value: number) => string }[];
  totals: Partial<Record<keyof T, number>>;
  label: string;
}) {
  return (
    <Table.Summary.Row>
      {columns.map((column, index) => (
        <Table.Summary.Cell key={column.key} index={index} align={index === 0 ? 'left' : 'right'}>
          {index === 0 ? (
            <strong>{label}</strong>
          ) : (
            (column.render?.(totals[column.key as keyof T] ?? 0) ?? '')
          )}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** A figure column, right-aligned. */
function figure<T>(title: string, key: Figures<T>, render: (value: number) => string) {
  return { title, key, dataIndex: key, align: 'right' as const, render };
}

/** Per day: money moved, adjustments, new and active members, and the period's totals. */
export function DailyReportTable({ period }: { period: ReportPeriod }) {
  const { t } = useTranslation();
  const report = useQuery({
    queryKey: ['admin', 'report-daily', period],
    queryFn: ({ signal }) => adminCall(adminCalls.adminReportDaily, { query: period, signal }),
    placeholderData: keepPreviousData,
  });
  const { money, count } = useFormat(report.data?.currency);
  const figures = [
    figure<DailyReportRow>(t('reports.daily.deposits'), 'deposits', money),
    figure<DailyReportRow>(t('reports.daily.withdrawals'), 'withdrawals', money),
    figure<DailyReportRow>(t('reports.daily.bets'), 'bets', money),
    figure<DailyReportRow>(t('reports.daily.wins'), 'wins', money),
    figure<DailyReportRow>(t('reports.daily.ggr'), 'ggr', money),
    figure<DailyReportRow>(t('reports.daily.bonuses'), 'bonuses', money),
    figure<DailyReportRow>(t('reports.daily.adjustmentCredits'), 'adjustmentCredits', money),
    figure<DailyReportRow>(t('reports.daily.adjustmentDebits'), 'adjustmentDebits', money),
    figure<DailyReportRow>(t('reports.daily.adjustments'), 'adjustments', money),
    figure<DailyReportRow>(t('reports.daily.newMembers'), 'newMembers', count),
    figure<DailyReportRow>(t('reports.daily.activeMembers'), 'activeMembers', count),
  ];
  const columns: TableColumnsType<DailyReportRow> = [
    { title: t('reports.daily.day'), key: 'day', dataIndex: 'day' },
    ...figures,
  ];
  return (
    <>
      {report.error ? <ErrorAlert error={report.error} onRetry={() => void report.refetch()} /> : null}
      <Table<DailyReportRow>
        aria-label={t('reports.tabs.daily')}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowKey="day"
        columns={columns}
        dataSource={report.data?.days ?? []}
        loading={report.isFetching}
        pagination={false}
        summary={() =>
          report.data ? (
            <TotalsRow<DailyReportRow>
              columns={[{ key: 'day' }, ...figures]}
              totals={report.data.totals}
              label={t('reports.total')}
            />
          ) : null
        }
      />
    </>
  );
}

/** Per vendor and game (from the game records), paged on the server, and the totals of every row. */
export function GameReportTable({ period }: { period: ReportPeriod }) {
  const { t } = useTranslation();
  const list = usePagedList(adminCalls.adminReportGames, 'report-games', period);
  const { money, count } = useFormat(list.page?.currency);
  const figures = [
    figure<GameReportRow>(t('reports.games.bets'), 'bets', count),
    figure<GameReportRow>(t('reports.games.stake'), 'stake', money),
    figure<GameReportRow>(t('reports.games.payout'), 'payout', money),
    figure<GameReportRow>(t('reports.games.ggr'), 'ggr', money),
  ];
  const columns: TableColumnsType<GameReportRow> = [
    { title: t('reports.games.vendor'), key: 'vendorCode', dataIndex: 'vendorCode' },
    { title: t('reports.games.category'), key: 'gameType', dataIndex: 'gameType' },
    { title: t('reports.games.game'), key: 'gameName', dataIndex: 'gameName' },
    ...figures,
  ];
  const totals = list.page?.totals;
  return (
    <PagedTable<GameReportRow>
      label={t('reports.tabs.games')}
      rowKey={(row) => `${row.vendorCode}/${row.gameId}`}
      columns={columns}
      list={list}
      summary={() =>
        totals ? (
          <TotalsRow<GameReportRow>
            columns={[{ key: 'vendorCode' }, { key: 'gameType' }, { key: 'gameName' }, ...figures]}
            totals={totals}
            label={t('reports.total')}
          />
        ) : null
      }
    />
  );
}

/** Per promotion: claims of the period, bonuses claimed, turnover; paged, with the totals of every row. */
export function PromotionReportTable({ period }: { period: ReportPeriod }) {
  const { t, i18n } = useTranslation();
  const list = usePagedList(adminCalls.adminReportPromotions, 'report-promotions', period);
  const { money, count } = useFormat(list.page?.currency);
  const figures = [
    figure<PromotionReportRow>(t('reports.promotions.claims'), 'claims', count),
    figure<PromotionReportRow>(t('reports.promotions.claimed'), 'claimed', count),
    figure<PromotionReportRow>(t('reports.promotions.bonusPaid'), 'bonusPaid', money),
    figure<PromotionReportRow>(t('reports.promotions.turnoverRequired'), 'turnoverRequired', money),
    figure<PromotionReportRow>(t('reports.promotions.turnoverDone'), 'turnoverDone', money),
  ];
  const columns: TableColumnsType<PromotionReportRow> = [
    { title: t('reports.promotions.code'), key: 'code', dataIndex: 'code' },
    {
      title: t('reports.promotions.title'),
      key: 'title',
      render: (_, row) => (i18n.language === 'en' && row.title.en ? row.title.en : row.title.vi),
    },
    ...figures,
  ];
  const totals = list.page?.totals;
  return (
    <PagedTable<PromotionReportRow>
      label={t('reports.tabs.promotions')}
      rowKey="promotionId"
      columns={columns}
      list={list}
      summary={() =>
        totals ? (
          <TotalsRow<PromotionReportRow>
            columns={[{ key: 'code' }, { key: 'title' }, ...figures]}
            totals={totals}
            label={t('reports.total')}
          />
        ) : null
      }
    />
  );
}
