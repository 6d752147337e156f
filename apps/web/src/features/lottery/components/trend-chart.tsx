import type { LotteryDrawResult } from '@kl/contracts/lottery';
import { useTranslation } from 'react-i18next';

const WIDTH = 300;
const HEIGHT = 110;

/** The special's last two digits of recent draws (oldest left) as bars: tài (50–99) and xỉu (00–49) apart. */
export function TrendChart({ draws }: { draws: readonly LotteryDrawResult[] }) {
  const { t } = useTranslation();
  const points = draws
    .map((draw) => ({ issue: draw.issue, special: draw.result.DB?.[0] ?? '' }))
    .filter((item) => item.special.length >= 2)
    .map((item) => ({ issue: item.issue, value: Number(item.special.slice(-2)) }))
    .reverse();
  if (points.length === 0) return null;
  const step = WIDTH / points.length;
  const barWidth = Math.min(24, Math.max(4, step * 0.6));
  const big = points.filter((item) => item.value >= 50).length;
  const summary = t('lottery.trendSummary', {
    n: points.length,
    big,
    small: points.length - big,
    values: points.map((item) => String(item.value).padStart(2, '0')).join(', '),
  });
  return (
    <figure className="kl-lottery-trend">
      <figcaption>{t('lottery.trendTitle')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} role="img" aria-label={summary}>
        <line x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} className="kl-lottery-trend-mid" />
        {points.map((item, index) => {
          const height = Math.max(2, ((item.value + 1) / 100) * (HEIGHT - 10));
          return (
            <rect
              key={item.issue}
              x={index * step + (step - barWidth) / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              className={item.value >= 50 ? 'kl-lottery-trend-big' : 'kl-lottery-trend-small'}
            >
              <title>{`${item.issue}: ${String(item.value).padStart(2, '0')}`}</title>
            </rect>
          );
        })}
      </svg>
      <p className="kl-lottery-note">{summary}</p>
    </figure>
  );
}
