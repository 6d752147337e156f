import type { TeamReport } from '@kl/contracts/agents';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';

const HEIGHT = 160;
const BAR = 10;
const GAP = 4;
const GROUP = BAR * 2 + GAP * 3;

/**
 * The team's turnover and GGR per period as bars (an inline SVG drawn to scale from a zero line; a negative
 * GGR goes below it). The picture is named by a summary; the table after it carries every figure.
 */
export function ReportChart({ report }: { report: TeamReport }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, report.currency, i18n.language);
  const highest = Math.max(1, ...report.rows.map((row) => Math.max(row.figures.turnover, row.figures.ggr)));
  const lowest = Math.min(0, ...report.rows.map((row) => row.figures.ggr));
  const scale = HEIGHT / (highest - lowest);
  const zero = highest * scale;
  const width = Math.max(GROUP * report.rows.length, GROUP);
  const bar = (value: number, x: number, kind: 'turnover' | 'ggr', period: string) => (
    <rect
      key={kind}
      className={`kl-centre-chart__bar kl-centre-chart__bar--${kind}`}
      x={x}
      y={value >= 0 ? zero - value * scale : zero}
      width={BAR}
      height={Math.max(Math.abs(value) * scale, value === 0 ? 0 : 1)}
    >
      <title>{`${period} · ${t(`agentCentre.figures.${kind}`)}: ${money(value)}`}</title>
    </rect>
  );
  return (
    <figure className="kl-centre-chart">
      <svg
        role="img"
        aria-label={t('agentCentre.reports.chartLabel', {
          periods: report.rows.length,
          turnover: money(report.totals.turnover),
          ggr: money(report.totals.ggr),
        })}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="kl-centre-chart__svg"
        data-testid="report-chart"
      >
        <line x1={0} x2={width} y1={zero} y2={zero} className="kl-centre-chart__zero" />
        {report.rows.map((row, index) => (
          <g key={row.period} data-period={row.period}>
            {bar(row.figures.turnover, index * GROUP + GAP, 'turnover', row.period)}
            {bar(row.figures.ggr, index * GROUP + GAP * 2 + BAR, 'ggr', row.period)}
          </g>
        ))}
      </svg>
      <figcaption className="kl-centre-chart__legend">
        <span className="kl-centre-chart__key kl-centre-chart__key--turnover">
          {t('agentCentre.figures.turnover')}
        </span>
        <span className="kl-centre-chart__key kl-centre-chart__key--ggr">{t('agentCentre.figures.ggr')}</span>
      </figcaption>
    </figure>
  );
}
