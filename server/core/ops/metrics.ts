/**
 * The Prometheus metrics of this process (prom-client), answered by `GET /metrics` (ops.routes.ts).
 * One registry per process: an instance is a process, and a scraper adds the `instance` label.
 *
 * - `cosmac_http_requests_total` and `cosmac_http_request_duration_seconds`, by method, route
 *   template (`/admin/base/sys/user/page`, `/admin/base/message/receiveWorkflowResult/{id}`; `web`
 *   for the web app's files, `unmatched` for a 404 outside the route table) and status. Templates,
 *   never raw paths, so a scan of random URLs cannot grow the series without bound.
 * - `cosmac_db_pool_connections{state}` (used, idle, limit) and `cosmac_db_pool_waiting` on MySQL.
 * - `cosmac_socket_connections`: sockets connected to this instance.
 * - `cosmac_task_runs_total{outcome}` (succeeded, failed, timed_out, stopped) and
 *   `cosmac_scheduler_queue_lag_seconds`: how late a scheduled tick started after its time.
 * - `cosmac_request_log_rows{state}` and `cosmac_ready`, plus Node's default process metrics.
 */
import type { Counter, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/db';
import type { RequestLogStats } from '../log/request-log';
import { currentPhase } from './lifecycle';

/** What the gauges read when scraped: the running core's database, sockets and request log. */
export interface MetricSources {
  db: Db;
  realtime: { readonly localSockets: number };
  requestLog: { readonly stats: RequestLogStats };
}

let sources: MetricSources | null = null;

/** Points the gauges at a running core; answers the function that stops that again. */
export function watchSources(s: MetricSources): () => void {
  sources = s;
  return () => {
    if (sources === s) sources = null;
  };
}

const httpLabels = ['method', 'route', 'status'] as const;

export type TaskOutcome = 'succeeded' | 'failed' | 'timed_out' | 'stopped';

interface Made {
  registry: Registry;
  httpRequests: Counter<(typeof httpLabels)[number]>;
  httpDuration: Histogram<(typeof httpLabels)[number]>;
  taskRuns: Counter<'outcome'>;
  queueLag: Histogram;
}

/**
 * prom-client is loaded, and the metrics made, at the first scrape (or once EARLY_MAX observations
 * wait): a process nobody scrapes never loads it, and a start does not pay for it. Observations made
 * before are kept in order and replayed into the new metrics, so the counts miss nothing.
 */
let made: Made | null = null;
const early: Array<(m: Made) => void> = [];
const EARLY_MAX = 2000;

function metrics(): Made {
  if (!made) {
    made = make();
    for (const replay of early.splice(0)) replay(made);
  }
  return made;
}

function record(observe: (m: Made) => void): void {
  if (made) observe(made);
  else if (early.push(observe) >= EARLY_MAX) metrics();
}

/** The registry `GET /metrics` answers (ops.routes.ts); the first call loads prom-client. */
export function metricsRegistry(): Registry {
  return metrics().registry;
}

/** Counts one answered request and its duration in seconds. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  if (made) observeIn(made, labels, seconds);
  else record((m) => observeIn(m, labels, seconds));
}

function observeIn(m: Made, labels: { method: string; route: string; status: string }, seconds: number): void {
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, seconds);
}

export function countTaskRun(outcome: TaskOutcome): void {
  record((m) => m.taskRuns.inc({ outcome }));
}

/** A scheduled tick (ms) starts now: how late it is. */
export function observeQueueLag(tick: number, now = Date.now()): void {
  const seconds = Math.max(0, now - tick) / 1000;
  record((m) => m.queueLag.observe(seconds));
}

interface PoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

/**
 * mysql2 keeps its counts in fields of the pool; read defensively, they are not public API. The
 * statements' pool and the transactions' pool (mysql.ts) are counted together.
 */
function poolOf(db: Db | undefined): PoolInternals | null {
  const owner = db?.dialect === 'mysql' ? (db as unknown as { pool?: PoolInternals; txPool?: PoolInternals | null }) : undefined;
  const pools = [owner?.pool, owner?.txPool].filter((p): p is PoolInternals => !!p && typeof p === 'object');
  if (!pools.length) return null;
  const sum = (f: (p: PoolInternals) => number | undefined) => pools.reduce((n, p) => n + (f(p) ?? 0), 0);
  return {
    _allConnections: { length: sum((p) => p._allConnections?.length) },
    _freeConnections: { length: sum((p) => p._freeConnections?.length) },
    _connectionQueue: { length: sum((p) => p._connectionQueue?.length) },
    config: { connectionLimit: sum((p) => p.config?.connectionLimit) },
  };
}

function make(): Made {
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = require('prom-client') as typeof import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'cosmac_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: httpLabels,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'cosmac_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'cosmac_db_pool_connections',
    help: 'Database pool connections (MySQL): used, idle, and the limit',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = poolOf(sources?.db);
      if (!pool) return;
      const all = pool._allConnections?.length ?? 0;
      const idle = pool._freeConnections?.length ?? 0;
      this.set({ state: 'used' }, all - idle);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'limit' }, pool.config?.connectionLimit ?? 0);
    },
  });
  new Gauge({
    name: 'cosmac_db_pool_waiting',
    help: 'Requests waiting for a database pool connection (MySQL)',
    registers: [registry],
    collect() {
      const pool = poolOf(sources?.db);
      if (pool) this.set(pool._connectionQueue?.length ?? 0);
    },
  });
  new Gauge({
    name: 'cosmac_socket_connections',
    help: 'Sockets connected to this instance',
    registers: [registry],
    collect() {
      this.set(sources?.realtime.localSockets ?? 0);
    },
  });
  new Gauge({
    name: 'cosmac_request_log_rows',
    help: 'Request log entries: queued now, and written, dropped or failed since start',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = sources?.requestLog.stats;
      if (!s) return;
      for (const state of ['queued', 'written', 'dropped', 'failed'] as const) this.set({ state }, s[state]);
    },
  });
  new Gauge({
    name: 'cosmac_ready',
    help: '1 while the instance takes work, 0 while starting or shutting down',
    registers: [registry],
    collect() {
      this.set(currentPhase() === 'ready' ? 1 : 0);
    },
  });
  const taskRuns = new Counter({
    name: 'cosmac_task_runs_total',
    help: 'Task runs this instance executed, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const queueLag = new Histogram({
    name: 'cosmac_scheduler_queue_lag_seconds',
    help: 'How long after its scheduled time a task tick started on this instance',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  return { registry, httpRequests, httpDuration, taskRuns, queueLag };
}
