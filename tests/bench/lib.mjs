/**
 * Helpers of the CRUD benchmark: child processes, HTTP calls, /proc readings, autocannon runs and
 * small statistics. Plain Node ESM, no build step.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

export { sleep };

export function envInt(name, dflt) {
  const v = process.env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${v}"`);
  return Math.floor(n);
}

export function median(values) {
  const xs = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (!xs.length) return null;
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}

export const log = (...a) => process.stderr.write(a.join(' ') + '\n');

/** A free TCP port on 127.0.0.1 (released again; the tiny race is acceptable here). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a child process and keeps the tail of its output (for error messages). `stop()` sends
 * SIGTERM to that one pid, then SIGKILL after a grace period.
 */
export function startChild(name, cmd, args, { env, cwd, keepStdin = false } = {}) {
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd, env, stdio: [keepStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  const tail = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 60) tail.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
    child.on('error', (err) => {
      exitInfo = { code: null, signal: null, error: err };
      resolve(exitInfo);
    });
  });
  return {
    name,
    child,
    pid: child.pid,
    t0,
    tail,
    exited,
    get exitInfo() {
      return exitInfo;
    },
    output: () => tail.join('\n'),
    async stop(graceMs = 8000) {
      if (exitInfo) return exitInfo;
      try {
        child.kill('SIGTERM');
      } catch {
        /* already gone */
      }
      const done = await Promise.race([exited, sleep(graceMs).then(() => null)]);
      if (done) return done;
      try {
        child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
      return exited;
    },
  };
}

/** One HTTP call with a JSON body, answering {status, json, text, bytes}. */
export async function http(method, url, { body, token, timeoutMs = 60_000 } = {}) {
  const headers = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text, bytes: Buffer.byteLength(text) };
}

/** Calls the API and returns `data`, or throws with the envelope when it is not a success. */
export async function api(base, method, path, body, token) {
  const r = await http(method, base + path, { body, token });
  if (r.status !== 200 || !r.json || r.json.code !== 1000) {
    throw new Error(`${method} ${path} -> HTTP ${r.status}: ${r.text.slice(0, 400)}`);
  }
  return r.json.data;
}

/** Waits until GET url answers 200, or the process exits, or the time is up. */
export async function waitFor200(url, { proc, timeoutMs = 60_000, intervalMs = 100, token } = {}) {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    if (proc?.exitInfo) {
      throw new Error(`${proc.name} exited (${JSON.stringify(proc.exitInfo)}) before ${url} answered.\n--- its output ---\n${proc.output()}`);
    }
    try {
      const r = await http('GET', url, { token, timeoutMs: 5000 });
      if (r.status === 200) return r;
      last = `HTTP ${r.status} ${r.text.slice(0, 200)}`;
    } catch (e) {
      last = String(e?.cause?.code ?? e?.message ?? e);
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})${proc ? `\n--- ${proc.name} output ---\n${proc.output()}` : ''}`);
}

/** VmRSS / VmHWM in KiB and CPU time (user+system, ms) of a pid, from /proc. */
export function procInfo(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the full line (11 and 12 after the command).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rssKiB: kib('VmRSS'), hwmKiB: kib('VmHWM'), cpuMs: (ticks * 1000) / 100 };
  } catch {
    return null;
  }
}

/** The pid of the local MariaDB/MySQL server, for CPU accounting only (null when not visible). */
export function findDbPid() {
  try {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const comm = readFileSync(`/proc/${d}/comm`, 'utf8').trim();
        if (comm === 'mariadbd' || comm === 'mysqld') return Number(d);
      } catch {
        /* gone */
      }
    }
  } catch {
    /* no /proc */
  }
  return null;
}

/**
 * One autocannon run. `requests` may vary each request (setupRequest). Returns the numbers the
 * report needs; the raw result is kept out (it is large).
 */
export async function cannon({ url, method = 'GET', body, token, connections, duration, requests, timeoutS = 30 }) {
  const headers = { authorization: token ?? '' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (!token) delete headers.authorization;
  const r = await autocannon({
    url,
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    connections,
    duration,
    timeout: timeoutS,
    requests,
  });
  // No response at all within the run: there is no latency to report (autocannon would say 0).
  const answered = r.requests.total > 0;
  return {
    reqPerSec: r.requests.average,
    total: r.requests.total,
    p50: answered ? r.latency.p50 : null,
    mean: answered ? r.latency.average : null,
    p99: answered ? r.latency.p99 : null,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
    durationS: r.duration,
  };
}

/** A text table with right-aligned numbers. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '—' : String(c))));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) =>
    '| ' + r.map((c, i) => (i === 0 || isNaN(Number(c.replace(/[x,% ]|ms|MiB/g, ''))) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  const sep = '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|';
  return [line(cells[0]), sep, ...cells.slice(1).map(line)].join('\n');
}

/**
 * How `npm run serve` starts the server (package.json; docs/operations/memory.md): the environment settings
 * and Node's flags of that script, read from it so that benches start our server exactly the same way.
 */
function serveStart() {
  const script = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.serve.trim();
  const m = /^((?:\w+=\S+\s+)*)node((?:\s+--\S+)*)\s+dist\/server\/bootstrap\.js$/.exec(script);
  if (!m) throw new Error(`package.json "serve" is not "[NAME=value ...] node [--flag ...] dist/server/bootstrap.js": ${script}`);
  const words = (s) => s.trim().split(/\s+/).filter(Boolean);
  return { env: Object.fromEntries(words(m[1]).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])), args: words(m[2]) };
}
const SERVE = serveStart();

/** The environment settings of `npm run serve` (MALLOC_MMAP_THRESHOLD_). */
export const SERVE_ENV = SERVE.env;

/** Node's flags of `npm run serve`; BENCH_SERVER_NODE_ARGS adds more, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
export const SERVE_NODE_ARGS = [...SERVE.args, ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];

/**
 * Runs `cleanup` once however the bench ends: on SIGINT/SIGTERM/SIGHUP, an unhandled rejection, or
 * when `timeoutS` runs out. Returns the watchdog timer (clear it once the run finished).
 */
export function cleanupOnExit(cleanup, timeoutS) {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      log(`\n${sig}: stopping and cleaning up…`);
      cleanup().finally(() => process.exit(130));
    });
  }
  process.on('unhandledRejection', (e) => {
    log(`unhandled rejection: ${e?.stack ?? e}`);
    cleanup().finally(() => process.exit(1));
  });
  const watchdog = setTimeout(() => {
    log(`BENCH_TIMEOUT (${timeoutS} s) reached: stopping.`);
    cleanup().finally(() => process.exit(2));
  }, timeoutS * 1000);
  watchdog.unref();
  return watchdog;
}

/** Drops the bench's database through `conn` (or a new connection from `connOpts`), saying what happened. */
export async function dropBenchDatabase(mysql, conn, connOpts, name) {
  try {
    const c = conn ?? (await mysql.createConnection(connOpts));
    await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
    log(`dropped database ${name}`);
    await c.end().catch(() => {});
  } catch (e) {
    log(`could not drop database ${name}: ${e.message}`);
  }
}

/**
 * The local MariaDB a bench uses (`BENCH_DB_URL`, loopback only): `conn`, the options of a mysql2
 * connection, and `urlOf(name)`, the DATABASE_URL of a database on it.
 */
export function localMariadb(url) {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname)) throw new Error('BENCH_DB_URL must point at 127.0.0.1');
  const conn = { host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) };
  const auth = `${encodeURIComponent(conn.user)}${conn.password ? ':' + encodeURIComponent(conn.password) : ''}`;
  return { conn, urlOf: (name) => `mysql://${auth}@${conn.host}:${conn.port}/${name}` };
}
