import { theme } from 'antd';
import { useId } from 'react';

export interface BarPoint {
  /** The bar's label under the axis (a day). */
  label: string;
  value: number;
  /** The value as read out (formatted money). */
  text: string;
}

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 20;

/**
 * A small bar chart of one figure per day, in SVG: negative values go below the zero line. It is one
 * image for assistive technology, named by `title`; its description reads every bar (label and value),
 * and each bar has its own tooltip.
 */
export function BarChart({ title, points }: { title: string; points: readonly BarPoint[] }) {
  const { token } = theme.useToken();
  const titleId = useId();
  const descId = useId();
  const max = Math.max(0, ...points.map((point) => point.value));
  const min = Math.min(0, ...points.map((point) => point.value));
  const span = max - min || 1;
  const plot = HEIGHT - AXIS;
  // The zero line: at the bottom when every value is zero or more, above the negative bars otherwise.
  const zeroY = max === min ? plot : (max / span) * plot;
  const slot = WIDTH / Math.max(points.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  // Every label when they fit, else about ten of them.
  const labelEvery = Math.max(1, Math.ceil(points.length / 10));

  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxHeight: HEIGHT, display: 'block' }}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{points.map((point) => `${point.label}: ${point.text}`).join('; ')}</desc>
      <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} stroke={token.colorBorder} />
      {points.map((point, index) => {
        const height = (Math.abs(point.value) / span) * plot;
        const x = index * slot + (slot - barWidth) / 2;
        const y = point.value >= 0 ? zeroY - height : zeroY;
        return (
          <g key={point.label}>
            <rect
              x={x}
              y={y}
              width={barWidth}
              height={Math.max(height, point.value === 0 ? 0 : 1)}
              fill={point.value >= 0 ? token.colorPrimary : token.colorError}
              rx={2}
            >
              <title>{`${point.label}: ${point.text}`}</title>
            </rect>
            {index % labelEvery === 0 ? (
              <text
                x={index * slot + slot / 2}
                y={HEIGHT - 4}
                textAnchor="middle"
                fontSize={11}
                fill={token.colorTextSecondary}
                aria-hidden="true"
              >
                {point.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
