/**
 * A small chart of one value per day (no chart library in the member bundle): bars or a line in an
 * SVG that stretches to its box, the largest value and the first, middle and last day as text around
 * it, and each day's value in a tooltip (`<title>` on the day's column).
 */
import { useI18n } from '../../i18n';
import { formatDate } from '../../app/money';

export interface MiniChartProps {
  days: string[];
  values: number[];
  kind: 'bar' | 'line';
  format: (v: number) => string;
  label: string;
}

const W = 600;
const H = 100;
const PAD = 4;

export default function MiniChart({ days, values, kind, format, label }: MiniChartProps) {
  const { lang } = useI18n();
  const n = Math.max(1, values.length);
  const max = Math.max(0, ...values);
  const step = W / n;
  const y = (v: number) => H + PAD - (max > 0 ? (v / max) * H : 0);
  const x = (i: number) => step * i + step / 2;
  const dayText = (day: string | undefined) => (day ? formatDate(`${day}T12:00:00`, lang) : '');
  const axisText = (day: string | undefined) =>
    day ? new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric' }).format(new Date(`${day}T12:00:00`)) : '';
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const mid = Math.floor((n - 1) / 2);

  return (
    <div className="acc-chart" role="img" aria-label={label}>
      <div className="acc-chart-max">{format(max)}</div>
      <svg viewBox={`0 0 ${W} ${H + PAD}`} preserveAspectRatio="none" className="acc-chart-svg">
        <line x1={0} x2={W} y1={H + PAD - 0.5} y2={H + PAD - 0.5} stroke="currentColor" strokeOpacity={0.25} vectorEffect="non-scaling-stroke" />
        {kind === 'line' && values.length > 1 ? (
          <path d={line} fill="none" stroke="var(--color-primary, #fa9819)" strokeWidth={2} vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
        ) : null}
        {values.map((v, i) => (
          <g key={days[i] ?? i}>
            {kind === 'bar' ? (
              <rect x={x(i) - step * 0.34} width={step * 0.68} y={y(v)} height={Math.max(0, H + PAD - y(v))} fill="var(--color-primary, #fa9819)" />
            ) : null}
            <rect x={step * i} width={step} y={0} height={H + PAD} fill="transparent">
              <title>{`${dayText(days[i])}: ${format(v)}`}</title>
            </rect>
          </g>
        ))}
      </svg>
      <div className="acc-chart-days">
        <span>{axisText(days[0])}</span>
        {n > 2 ? <span>{axisText(days[mid])}</span> : null}
        {n > 1 ? <span>{axisText(days[n - 1])}</span> : null}
      </div>
    </div>
  );
}
