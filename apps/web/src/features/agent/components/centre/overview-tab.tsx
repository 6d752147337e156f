import { KPI_RANGES, type AgentKpi, type KpiRange } from '@kl/contracts/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { useAgentInfo, useAgentKpi } from '../../hooks/use-centre.ts';
import { FIGURES, agentToday, formatAgentDate, formatFigure } from '../../lib/centre-format.ts';
import { formatCount } from '@kl/contracts/money';
import { Chips, DateRange, Details, QueryGate } from './parts.tsx';

/** Every KPI figure, the direct downline and the whole team side by side. */
function KpiTable({ kpi }: { kpi: AgentKpi }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="kl-centre__scroll"
      role="region"
      tabIndex={0}
      aria-label={t('agentCentre.kpi.caption', {
        from: formatAgentDate(kpi.from),
        to: formatAgentDate(kpi.to),
      })}
    >
      <table className="kl-centre__table" data-testid="agent-kpi">
        <caption>
          {t('agentCentre.kpi.caption', { from: formatAgentDate(kpi.from), to: formatAgentDate(kpi.to) })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('agentCentre.kpi.figure')}</th>
            <th scope="col">{t('agentCentre.kpi.direct')}</th>
            <th scope="col">{t('agentCentre.kpi.team')}</th>
          </tr>
        </thead>
        <tbody>
          {FIGURES.map(({ key }) => (
            <tr key={key}>
              <th scope="row">{t(`agentCentre.figures.${key}`)}</th>
              <td>{formatFigure(kpi.direct, key, kpi.currency, i18n.language)}</td>
              <td>{formatFigure(kpi.team, key, kpi.currency, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The agent itself (AGEINFO3): level, parent, team sizes, since. */
function AgentInfoCard() {
  const { t, i18n } = useTranslation();
  const info = useAgentInfo();
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <section className="kl-centre__card" aria-labelledby="kl-agent-info-heading">
      <h2 id="kl-agent-info-heading" className="kl-centre__heading">
        {t('agentCentre.info.title')}
      </h2>
      <QueryGate query={info}>
        {(data) => (
          <Details
            rows={[
              [t('agentCentre.info.username'), data.username],
              [
                t('agentCentre.info.level'),
                t('agentCentre.info.levelOf', { level: data.level, max: data.maxDepth }),
              ],
              [t('agentCentre.info.parent'), data.parent ?? t('agentCentre.info.topAgent')],
              [t('agentCentre.info.directSize'), count(data.directSize)],
              [t('agentCentre.info.teamSize'), count(data.teamSize)],
              [t('agentCentre.info.subAgents'), count(data.subAgents)],
              [t('agentCentre.info.since'), formatSiteDateTime(data.since) ?? ''],
            ]}
          />
        )}
      </QueryGate>
    </section>
  );
}

/**
 * The overview: the KPI of today, yesterday, this week, this month or two chosen GMT+8 dates, and the
 * agent's own information.
 */
export function OverviewTab() {
  const { t } = useTranslation();
  const [range, setRange] = useState<KpiRange>('today');
  const [custom, setCustom] = useState(() => ({ from: agentToday(), to: agentToday() }));
  const customReady = Boolean(custom.from && custom.to && custom.from <= custom.to);
  const query = range === 'custom' ? { range, ...custom } : { range };
  const kpi = useAgentKpi(query, range !== 'custom' || customReady);
  return (
    <>
      <section className="kl-centre__card" aria-labelledby="kl-kpi-heading">
        <h2 id="kl-kpi-heading" className="kl-centre__heading">
          {t('agentCentre.kpi.title')}
        </h2>
        <Chips
          label={t('agentCentre.kpi.range')}
          options={KPI_RANGES}
          labelOf={(value) => t(`agentCentre.kpi.ranges.${value}`)}
          value={range}
          onChange={setRange}
        />
        {range === 'custom' && <DateRange {...custom} onChange={setCustom} />}
        {range === 'custom' && !customReady ? (
          <p className="kl-centre__error" role="alert">
            {t('agentCentre.badDates')}
          </p>
        ) : (
          <QueryGate query={kpi}>{(data) => <KpiTable kpi={data} />}</QueryGate>
        )}
        <p className="kl-centre__note">{t('agentCentre.kpi.note')}</p>
      </section>
      <AgentInfoCard />
    </>
  );
}
