import { agentsCalls, REPORT_GROUPINGS, type ReportGrouping, type TeamReport } from '@kl/contracts/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../../../shared/lib/api-client.ts';
import { EmptyState } from '../../../../shared/ui/empty-state.tsx';
import { useTeamReport } from '../../hooks/use-centre.ts';
import { FIGURES, formatAgentDate, formatFigure, lastSevenDays } from '../../lib/centre-format.ts';
import { ReportChart } from './report-chart.tsx';
import { Chips, DateRange, QueryGate } from './parts.tsx';

/** Every figure of every period, and the totals. */
function ReportTable({ report }: { report: TeamReport }) {
  const { t, i18n } = useTranslation();
  const cell = (figures: TeamReport['totals'], key: (typeof FIGURES)[number]['key']) =>
    formatFigure(figures, key, report.currency, i18n.language);
  return (
    <div
      className="kl-centre__scroll"
      role="region"
      tabIndex={0}
      aria-label={t('agentCentre.reports.tableCaption')}
    >
      <table className="kl-centre__table kl-centre__table--wide" data-testid="report-table">
        <caption>{t('agentCentre.reports.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agentCentre.reports.period')}</th>
            {FIGURES.map(({ key }) => (
              <th key={key} scope="col">
                {t(`agentCentre.figures.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.period}>
              <th scope="row">
                {row.from === row.to
                  ? formatAgentDate(row.from)
                  : `${formatAgentDate(row.from)} – ${formatAgentDate(row.to)}`}
              </th>
              {FIGURES.map(({ key }) => (
                <td key={key}>{cell(row.figures, key)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('agentCentre.reports.total')}</th>
            {FIGURES.map(({ key }) => (
              <td key={key}>{cell(report.totals, key)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * Team reports by day, week or month between two GMT+8 dates (the last 7 days by day at first): a chart
 * of turnover and GGR, the table, and the CSV download (a plain link: the session cookie goes with it).
 */
export function ReportsTab() {
  const { t, i18n } = useTranslation();
  const [by, setBy] = useState<ReportGrouping>('day');
  const [range, setRange] = useState(lastSevenDays);
  const ready = Boolean(range.from && range.to && range.from <= range.to);
  const query = { by, ...range };
  const report = useTeamReport(query, ready);
  const csv = buildUrl(agentsCalls.agentTeamReportCsv.path, {
    query: { ...query, lang: i18n.language === 'en' ? 'en' : 'vi' },
  });
  return (
    <section className="kl-centre__card" aria-labelledby="kl-reports-heading">
      <h2 id="kl-reports-heading" className="kl-centre__heading">
        {t('agentCentre.reports.title')}
      </h2>
      <Chips
        label={t('agentCentre.reports.by')}
        options={REPORT_GROUPINGS}
        labelOf={(value) => t(`agentCentre.reports.groupings.${value}`)}
        value={by}
        onChange={setBy}
      />
      <DateRange {...range} onChange={setRange} />
      {!ready ? (
        <p className="kl-centre__error" role="alert">
          {t('agentCentre.badDates')}
        </p>
      ) : (
        <>
          <a className="kl-button kl-button--outline kl-button--small kl-centre__csv" href={csv} download>
            {t('agentCentre.reports.csv')}
          </a>
          <QueryGate query={report}>
            {(data) =>
              data.rows.length === 0 ? (
                <EmptyState />
              ) : (
                <>
                  <ReportChart report={data} />
                  <ReportTable report={data} />
                </>
              )
            }
          </QueryGate>
        </>
      )}
    </section>
  );
}
