import { adminCalls } from '@kl/contracts/admin/calls';
import { REPORT_KINDS, REPORT_MAX_DAYS, type ReportKind } from '@kl/contracts/admin/reports';
import { DatePicker, Flex, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { merchantToday } from '../../shared/dates.ts';
import { ExportButton } from '../../shared/ui/export-button.tsx';
import { Screen } from '../../shared/ui/screen.tsx';
import {
  DailyReportTable,
  GameReportTable,
  PromotionReportTable,
  type ReportPeriod,
} from './report-tables.tsx';

const DAY = 'YYYY-MM-DD';

/**
 * Reports over a period of days (at most REPORT_MAX_DAYS): per day, per game, per promotion, each in its
 * tab, and the CSV of the report shown for the same period.
 */
export function ReportsScreen() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    // The merchant's days (the server counts them in its time zone).
    const today = merchantToday();
    return [today.subtract(6, 'day'), today];
  });
  const [report, setReport] = useState<ReportKind>('daily');
  const period: ReportPeriod = { from: range[0].format(DAY), to: range[1].format(DAY) };
  const tables: Record<ReportKind, ReactNode> = {
    daily: <DailyReportTable period={period} />,
    games: <GameReportTable key={`${period.from}/${period.to}`} period={period} />,
    promotions: <PromotionReportTable key={`${period.from}/${period.to}`} period={period} />,
  };

  return (
    <Screen
      title={t('reports.menu')}
      extra={<ExportButton entry={adminCalls.adminReportCsv} query={{ report, ...period }} />}
    >
      <Flex gap="small" align="center" wrap>
        <label htmlFor="report-period">{t('common.period')}</label>
        <DatePicker.RangePicker
          id={{ start: 'report-period', end: 'report-period-end' }}
          aria-label={t('common.period')}
          placeholder={[t('common.periodStart'), t('common.periodEnd')]}
          value={range}
          allowClear={false}
          format="DD/MM/YYYY"
          disabledDate={(current, info) =>
            info?.from ? Math.abs(current.diff(info.from, 'day')) >= REPORT_MAX_DAYS : false
          }
          onChange={(value) => {
            if (value?.[0] && value[1]) setRange([value[0], value[1]]);
          }}
        />
        <Typography.Text type="secondary">
          {t('reports.periodHint', { days: REPORT_MAX_DAYS })}
        </Typography.Text>
      </Flex>
      <Tabs
        activeKey={report}
        onChange={(key) => setReport(key as ReportKind)}
        items={REPORT_KINDS.map((kind) => ({
          key: kind,
          label: t(`reports.tabs.${kind}`),
          children: tables[kind],
        }))}
      />
    </Screen>
  );
}
