/** Small SVG charts for the dashboard: an area/line chart of several series and a bar chart, sized to their box. */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { theme } from 'antd';

export interface Series {
  name: string;
  color: string;
  values: number[];
}

const PAD = { top: 16, right: 16, bottom: 28, left: 44 };

function useWidth(): [RefObject<HTMLDivElement>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

/** A round upper bound and its ticks (0, 1/4 … 4/4). */
function scale(max: number): number[] {
  if (max <= 0) return [0, 1, 2, 3, 4];
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  return [0, 1, 2, 3, 4].map((i) => Math.round(i * step * 100) / 100);
}

const short = (n: number) => (n >= 1e6 ? `${Math.round(n / 1e5) / 10}M` : n >= 1e4 ? `${Math.round(n / 100) / 10}k` : String(n));

/** Axes, grid and x labels shared by both charts; children draw inside. */
function Frame(props: {
  width: number;
  height: number;
  labels: string[];
  ticks: number[];
  children: (x: (i: number) => number, y: (v: number) => number, band: number) => ReactNode;
}) {
  const { token } = theme.useToken();
  const { width, height, labels, ticks } = props;
  const innerW = Math.max(1, width - PAD.left - PAD.right);
  const innerH = Math.max(1, height - PAD.top - PAD.bottom);
  const top = ticks[ticks.length - 1] || 1;
  const band = innerW / Math.max(1, labels.length);
  const x = (i: number) => PAD.left + band * i + band / 2;
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const every = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(innerW / 56))));
  return (
    <svg width={width} height={height} role="img" style={{ display: 'block', overflow: 'visible' }}>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke={token.colorBorderSecondary} strokeDasharray={v === 0 ? undefined : '3 3'} />
          <text x={PAD.left - 8} y={y(v)} dy="0.32em" textAnchor="end" fontSize={11} fill={token.colorTextTertiary}>
            {short(v)}
          </text>
        </g>
      ))}
      {labels.map((l, i) =>
        i % every === 0 || (i === labels.length - 1 && (labels.length - 1) % every >= every / 2) ? (
          <text key={l} x={x(i)} y={height - 8} textAnchor="middle" fontSize={11} fill={token.colorTextTertiary}>
            {l}
          </text>
        ) : null,
      )}
      {props.children(x, y, band)}
    </svg>
  );
}

export function AreaChart(props: { labels: string[]; series: Series[]; height?: number }) {
  const { labels, series, height = 260 } = props;
  const [ref, width] = useWidth();
  const id = useId().replace(/:/g, '');
  const { token } = theme.useToken();
  const ticks = scale(Math.max(0, ...series.flatMap((s) => s.values)));
  return (
    <div ref={ref} style={{ width: '100%', height }}>
      {width > 0 && (
        <Frame width={width} height={height} labels={labels} ticks={ticks}>
          {(x, y) =>
            series.map((s, si) => {
              const pts = s.values.map((v, i) => `${x(i)},${y(v)}`);
              const base = y(0);
              return (
                <g key={s.name}>
                  <defs>
                    <linearGradient id={`${id}-${si}`} x1="0" x2="0" y1="0" y2="1">
                      <stop offset="0%" stopColor={s.color} stopOpacity={0.35} />
                      <stop offset="100%" stopColor={s.color} stopOpacity={0.02} />
                    </linearGradient>
                  </defs>
                  {pts.length > 1 && <path d={`M${x(0)},${base} L${pts.join(' L')} L${x(pts.length - 1)},${base} Z`} fill={`url(#${id}-${si})`} />}
                  <polyline points={pts.join(' ')} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" />
                  {s.values.map((v, i) => (
                    <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={token.colorBgContainer} stroke={s.color} strokeWidth={2}>
                      <title>{`${labels[i]} · ${s.name}: ${v}`}</title>
                    </circle>
                  ))}
                </g>
              );
            })
          }
        </Frame>
      )}
    </div>
  );
}

export function BarChart(props: { labels: string[]; series: Series; height?: number }) {
  const { labels, series, height = 260 } = props;
  const [ref, width] = useWidth();
  const ticks = scale(Math.max(0, ...series.values));
  return (
    <div ref={ref} style={{ width: '100%', height }}>
      {width > 0 && (
        <Frame width={width} height={height} labels={labels} ticks={ticks}>
          {(x, y, band) => {
            const w = Math.max(2, Math.min(36, band * 0.6));
            return series.values.map((v, i) => (
              <rect key={i} x={x(i) - w / 2} y={y(v)} width={w} height={Math.max(0, y(0) - y(v))} rx={3} fill={series.color}>
                <title>{`${labels[i]} · ${series.name}: ${v}`}</title>
              </rect>
            ));
          }}
        </Frame>
      )}
    </div>
  );
}

/** A tiny line under a stat card's number. */
export function Sparkline(props: { values: number[]; color: string; height?: number }) {
  const { values, color, height = 36 } = props;
  const [ref, width] = useWidth();
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const pts = values.map((v, i) => `${i * step},${height - 2 - (v / max) * (height - 4)}`).join(' ');
  return (
    <div ref={ref} style={{ width: '100%', height }}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden style={{ display: 'block' }}>
          <polyline points={pts} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
        </svg>
      )}
    </div>
  );
}
