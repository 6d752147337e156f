import { adminCalls } from '@kl/contracts/admin/calls';
import { DASHBOARD_PERIODS, type Dashboard, type DashboardPeriod } from '@kl/contracts/admin/money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Select, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCall } from '../../shared/api.ts';
import { useAccess } from '../../shared/session.ts';
import { formatDay } from '../../shared/dates.ts';
import { formatCount, formatMoney } from '@kl/contracts/money';
import { BarChart } from '../../shared/ui/bar-chart.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Screen } from '../../shared/ui/screen.tsx';

const MONEY_FIGURES = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses'] as const;
type MoneyFigure = (typeof MONEY_FIGURES)[number];
const COUNT_FIGURES = ['newMembers', 'activeMembers'] as const;
const PENDING = ['withdrawals', 'adjustments', 'deposits', 'chats'] as const;

/** The figures of real members over a period (today, 7 or 30 days), a chart of its days, and the work waiting. */
export function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const [figure, setFigure] = useState<MoneyFigure>('ggr');
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard', period],
    queryFn: ({ signal }) => adminCall(adminCalls.adminDashboard, { query: { period }, signal }),
    placeholderData: keepPreviousData,
  });
  const data: Dashboard | undefined = dashboard.data;
  // Pending work links to its queue when the operator may open it (chats are answered elsewhere); the
  // deposit orders waiting for a second approval, to the deposits list filtered to them.
  const queues: Record<(typeof PENDING)[number], string | undefined> = {
    withdrawals: useAccess('withdrawals') === 'none' ? undefined : '/withdrawals',
    adjustments: useAccess('adjustments') === 'none' ? undefined : '/adjustments',
    deposits:
      useAccess('deposits') === 'none' ? undefined : '/deposits?confirmation=awaiting_second_approval',
    chats: undefined,
  };
  const money = (value: number) => formatMoney(value, data?.currency ?? 'VND', i18n.language);

  return (
    <Screen
      title={t('menu.dashboard')}
      extra={
        <Segmented<DashboardPeriod>
          aria-label={t('dashboard.period')}
          value={period}
          onChange={setPeriod}
          options={DASHBOARD_PERIODS.map((value) => ({ value, label: t(`dashboard.periods.${value}`) }))}
        />
      }
    >
      {dashboard.error ? (
        <ErrorAlert error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : null}
      {!data ? (
        <Skeleton active title={false} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {MONEY_FIGURES.map((key) => (
              <Col key={key} xs={24} sm={12} lg={6}>
                <Card>
                  <Statistic title={t(`dashboard.figures.${key}`)} value={money(data.totals[key])} />
                </Card>
              </Col>
            ))}
            {COUNT_FIGURES.map((key) => (
              <Col key={key} xs={24} sm={12} lg={6}>
                <Card>
                  <Statistic
                    title={t(`dashboard.figures.${key}`)}
                    value={formatCount(data.totals[key], i18n.language)}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          <Card
            title={t('dashboard.chartTitle')}
            extra={
              <Select<MoneyFigure>
                aria-label={t('dashboard.chartFigure')}
                value={figure}
                onChange={setFigure}
                options={MONEY_FIGURES.map((value) => ({ value, label: t(`dashboard.figures.${value}`) }))}
                style={{ width: 180 }}
              />
            }
          >
            <BarChart
              title={t('dashboard.chartOf', { figure: t(`dashboard.figures.${figure}`) })}
              points={data.days.map((day) => ({
                label: formatDay(day.day),
                value: day[figure],
                text: money(day[figure]),
              }))}
            />
          </Card>
          <Card title={t('dashboard.pendingTitle')}>
            <Row gutter={[16, 16]}>
              {PENDING.map((key) => {
                const label = t(`dashboard.pending.${key}`);
                const path = queues[key];
                return (
                  <Col key={key} xs={24} sm={12} lg={6}>
                    <Statistic
                      title={path ? <Link to={path}>{label}</Link> : label}
                      value={formatCount(data.pending[key], i18n.language)}
                    />
                  </Col>
                );
              })}
            </Row>
          </Card>
        </>
      )}
    </Screen>
  );
}
