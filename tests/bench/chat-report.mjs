/**
 * The chat benchmark's verdicts and printed tables. Pure functions over the step results.
 *
 * - A step kept up when the deliveries received in its measured window reach 95 % of what was
 *   offered (rate x group size per second).
 * - Saturation point of a server: the highest step that kept up (no step higher in BENCH_RATES
 *   means it was not saturated within the steps: then that figure is a lower bound).
 * - Target 1: our best deliveries/s in any step >= 0.7x the baseline's deliveries/s at the
 *   baseline's saturation point. (Offered load is fixed per step, so a server delivers at most
 *   what is offered; its best step is its throughput.)
 * - Target 2: at the highest step where the baseline's p99 <= 50 ms, our p99 <= 100 ms.
 */
import { table } from './lib.mjs';

export const TARGETS = { keptUp: 0.95, deliveriesRatio: 0.7, bareP99Ms: 50, oursP99Ms: 100 };

export const keptUp = (s) => s.deliveriesPerSec >= TARGETS.keptUp * s.expectedPerSec;

export function saturation(steps) {
  const ok = steps.filter(keptUp);
  if (!ok.length) return null;
  const best = ok.reduce((a, b) => (b.rate > a.rate ? b : a));
  const top = Math.max(...steps.map((s) => s.rate));
  return { rate: best.rate, deliveriesPerSec: best.deliveriesPerSec, saturatedWithin: best.rate < top };
}

export function verdicts(ours, bare) {
  const bareSat = saturation(bare);
  const oursSat = saturation(ours);
  const oursBest = ours.length ? ours.reduce((a, b) => (b.deliveriesPerSec > a.deliveriesPerSec ? b : a)) : null;
  const t1 = {
    bareSaturation: bareSat,
    oursSaturation: oursSat,
    oursBestRate: oursBest?.rate ?? null,
    oursBestDeliveriesPerSec: oursBest?.deliveriesPerSec ?? null,
    ratio: null,
    met: null,
  };
  if (bareSat && oursBest) {
    t1.ratio = oursBest.deliveriesPerSec / bareSat.deliveriesPerSec;
    t1.met = t1.ratio >= TARGETS.deliveriesRatio;
  }
  const calm = bare.filter((s) => s.p99 !== null && s.p99 <= TARGETS.bareP99Ms);
  const t2 = { rate: null, bareP99: null, oursP99: null, met: null };
  if (calm.length) {
    const at = calm.reduce((a, b) => (b.rate > a.rate ? b : a));
    const o = ours.find((s) => s.rate === at.rate);
    t2.rate = at.rate;
    t2.bareP99 = at.p99;
    t2.oursP99 = o?.p99 ?? null;
    t2.met = o ? o.p99 !== null && o.p99 <= TARGETS.oursP99Ms && o.missing === 0 : false;
  }
  return { deliveries: t1, latency: t2 };
}

const f0 = (v) => (v === null || v === undefined ? null : Math.round(v).toLocaleString('en'));
const fms = (v) => (v === null || v === undefined ? null : `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`);
const pct = (v) => (v === null || v === undefined ? '?' : `${Math.round(v)}`);
const yes = (m) => (m === null || m === undefined ? '—' : m ? 'yes' : 'NO');
const mib = (kib) => (kib === null || kib === undefined || Number.isNaN(kib) ? null : `${(kib / 1024).toFixed(1)} MiB`);

function stepRows(server, steps) {
  return steps.map((s) => [
    server,
    s.rate,
    `${s.sendRate.toFixed(1)}`,
    s.ackedMeasured,
    s.ackErrors,
    f0(s.expectedPerSec),
    f0(s.deliveriesPerSec),
    `${Math.round((s.deliveriesPerSec / s.expectedPerSec) * 100)} %`,
    fms(s.p50),
    fms(s.p99),
    fms(s.max),
    s.missing,
    fms(s.ackP99),
    yes(keptUp(s)),
    `${pct(s.cpuPct.A)}/${pct(s.cpuPct.B)}/${pct(s.cpuPct.bench)}/${pct(s.cpuPct.db)}/${pct(s.cpuPct.redis)}`,
    s.db ? `${s.db.running.toFixed(1)}/${s.db.transactions.toFixed(1)}/${s.db.lockWaits.toFixed(1)}` : null,
  ]);
}

export function report({ cfg, ours, bare, rss, verdict, cores, notes }) {
  const lines = [];
  const groupCount = Math.floor(cfg.clients / cfg.groupSize);
  lines.push('');
  lines.push(
    `COSMAC AI chat benchmark — ${cfg.clients} sockets (half on each of 2 instances, most deliveries cross Redis), ${groupCount} groups of ${cfg.groupSize}, ` +
      `${cfg.warmupS} s warm-up + ${cfg.stepS} s measured per step; one machine with ${cores} cores shared by everything ` +
      '(both servers, MariaDB, Redis and the load generator with all its sockets, in the bench process)',
  );
  const head = [
    'server',
    'msg/s',
    'sent/s',
    'acked',
    'ack err',
    'expected deliv/s',
    'deliv/s',
    'of exp',
    'p50',
    'p99',
    'max',
    'missing',
    'ack p99',
    'kept up',
    'cpu % A/B/bench/db/redis',
    'db run/trx/wait',
  ];
  lines.push(table(head, [...stepRows('ours', ours), ...stepRows('bare', bare)]));
  lines.push(
    '  msg/s = messages offered per second (all groups together); sent/s = what the sender managed in the measured window; deliv/s = notices received',
  );
  lines.push('  in the measured window per second; p50/p99/max = send -> receive of every delivery of a message sent in the window (late ones included);');
  lines.push('  missing = deliveries of acknowledged measured messages not received by the end of the drain; cpu = % of one core while sending;');
  lines.push(
    '  db run/trx/wait = mean statements running, transactions open and transactions waiting for a lock in the bench database (sampled every 250 ms).',
  );
  lines.push('');
  const rssRows = rss.map((r) => [
    r.label,
    r.sockets,
    mib(r.idleKiB),
    mib(r.firstTenthKiB),
    mib(r.connectedKiB),
    mib(r.perThousandKiB),
    mib(r.afterLoadKiB),
    mib(r.peakKiB),
  ]);
  lines.push(table(['instance', 'sockets', 'RSS idle', 'RSS 1/10 connected', 'RSS connected', 'per 1,000 sockets', 'RSS after load', 'peak RSS'], rssRows));
  lines.push('  idle = after start and set-up, before any socket; per 1,000 sockets = (RSS connected - RSS with the first tenth) / sockets added x 1,000.');
  lines.push('');
  const d = verdict.deliveries;
  const l = verdict.latency;
  const bs = d.bareSaturation;
  const sat = (x, steps) =>
    !steps.length
      ? 'not run'
      : x
        ? `${x.rate} msg/s (${f0(x.deliveriesPerSec)} deliv/s)${x.saturatedWithin ? '' : ', kept up at every step: a lower bound'}`
        : 'none (no step kept up)';
  const targetRows = [
    [
      `deliveries/s >= ${TARGETS.deliveriesRatio}x bare's at its saturation point`,
      `ours best ${f0(d.oursBestDeliveriesPerSec)} deliv/s (at ${d.oursBestRate} msg/s)`,
      `bare ${bs ? f0(bs.deliveriesPerSec) : '—'} deliv/s (at ${bs ? bs.rate : '—'} msg/s)`,
      d.ratio === null ? '—' : `${d.ratio.toFixed(2)}x`,
      yes(d.met),
    ],
    [
      `p99 <= ${TARGETS.oursP99Ms} ms where bare's p99 <= ${TARGETS.bareP99Ms} ms`,
      `ours p99 ${fms(l.oursP99) ?? '—'}`,
      `bare p99 ${fms(l.bareP99) ?? '—'} (at ${l.rate ?? '—'} msg/s)`,
      '',
      yes(l.met),
    ],
  ];
  lines.push(table(['target', 'ours', 'bare', 'ratio', 'met?'], targetRows));
  lines.push(`  saturation point (highest step that kept up): ours ${sat(verdict.deliveries.oursSaturation, ours)}; bare ${sat(bs, bare)}`);
  for (const n of notes) lines.push(`  note: ${n}`);
  return lines.join('\n');
}
