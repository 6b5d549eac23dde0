/**
 * The writer of the write-mix scenario: adds rows through a server's own add route at a steady rate
 * while the readers run, and the side-by-side table of read-only and write-mix pages.
 */
import { http, table } from './lib.mjs';

/** Starts adding one row every 1000/rate ms (status 1, so each lands on the filtered page 1); `stop()` answers the counts. */
export function startWriter({ url, token, rate, tag }) {
  let k = 0;
  let ok = 0;
  let failed = 0;
  let skipped = 0;
  let inflight = 0;
  const t0 = performance.now();
  const pending = new Set();
  const timer = setInterval(() => {
    // A writer that cannot keep up must not pile requests onto the server it measures.
    if (inflight >= 20) {
      skipped++;
      return;
    }
    inflight++;
    const p = http('POST', url, { body: { title: `mix ${tag} ${++k}`, price: 1, status: 1, stock: 0 }, token, timeoutMs: 30_000 })
      .then((r) => (r.status === 200 && r.json?.code === 1000 ? ok++ : failed++))
      .catch(() => failed++)
      .finally(() => {
        inflight--;
        pending.delete(p);
      });
    pending.add(p);
  }, 1000 / rate);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
      const s = (performance.now() - t0) / 1000;
      return { ok, failed, skipped, rowsPerSec: ok / s };
    },
  };
}

/** Read-only page against write-mix page, ours and bare, per phase; the target is ours only. */
export function mixTable(results, { minRatio, phase: targetPhase }) {
  const rows = [];
  for (const mix of results.filter((r) => r.scenario === 'mix')) {
    const ro = results.find((r) => r.scenario === 'page' && r.phase === mix.phase);
    if (!ro) continue;
    const ratio = ro.ours.reqPerSec ? mix.ours.reqPerSec / ro.ours.reqPerSec : null;
    const lat = (x) => `${x.reqPerSec === null ? '—' : Math.round(x.reqPerSec).toLocaleString('en')} / ${x.p50 ?? '—'} / ${x.p99 ?? '—'}`;
    const w = mix.writes;
    const met = mix.phase !== targetPhase ? null : !mix.ours.failures && ratio !== null && ratio >= minRatio;
    rows.push([
      mix.rows.toLocaleString('en'),
      lat(ro.ours),
      lat(mix.ours),
      ratio === null ? '—' : `${ratio.toFixed(2)}x`,
      lat(ro.bare),
      lat(mix.bare),
      w ? `${w.ours.toFixed(1)} / ${w.bare.toFixed(1)}` : '—',
      mix.phase === targetPhase ? `>=${minRatio}x` : 'none (reported)',
      met === null ? '—' : met ? 'yes' : 'NO',
    ]);
  }
  const head = [
    'rows',
    'ours read-only req/s / p50 / p99 ms',
    'ours write-mix',
    'mix/ro',
    'bare read-only',
    'bare write-mix',
    'writes/s ours / bare',
    'target',
    'met?',
  ];
  return rows.length ? table(head, rows) : '';
}
