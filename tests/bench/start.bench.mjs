/**
 * Start-up benchmark: how long a server takes from its spawn to its first answer, as `npm run serve`
 * starts it. Run `npm run build:server` first (`npm run bench:start` does).
 *
 * - SQLite: spawn to the first 200 of `GET /health`. The first start makes the database (schema and
 *   seed) and is reported apart; the figure with the target is the later starts on that database.
 * - MariaDB: spawn to the first 200 of `info` of a row (`/admin/demo/goods/info`, with a token taken
 *   after the first start), as bench:crud's cold start measures it on its large table.
 *
 * Besides wall times, each start's CPU time (user + system of the server process, read from /proc
 * at the moment the answer arrives) is printed: it moves much less with the machine's load.
 *
 * Env: BENCH_STARTS=5 (starts counted per database and build), BENCH_MARIADB=1 (0 skips it),
 * BENCH_DB_URL=mysql://root@127.0.0.1:3306, BENCH_VS=<folder> (another build's project root, with
 * its dist/, package.json and node_modules: its starts alternate with this one's, A B A B, for a
 * before/after in one run).
 *
 * Everything it starts (temp folders, a database cosmac_start_<pid>_<n> per build, the servers) is
 * removed at the end, on failure and on SIGINT/SIGTERM.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import {
  SERVE_ENV,
  SERVE_NODE_ARGS,
  api,
  cleanupOnExit,
  dropBenchDatabase,
  envInt,
  freePort,
  http,
  localMariadb,
  log,
  median,
  procInfo,
  sleep,
  startChild,
  table,
} from './lib.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');

const CFG = {
  starts: Math.max(1, envInt('BENCH_STARTS', 5)),
  mariadb: envInt('BENCH_MARIADB', 1) > 0,
  dbUrl: process.env.BENCH_DB_URL || 'mysql://root@127.0.0.1:3306',
  vs: process.env.BENCH_VS ? resolve(process.env.BENCH_VS) : null,
};
const TARGETS = { sqliteHealthMs: 600, mariadbInfoMs: 700 };

const builds = [{ label: CFG.vs ? 'this' : 'ours', root: ROOT }];
if (CFG.vs) builds.push({ label: 'vs', root: CFG.vs });
for (const b of builds) {
  if (!existsSync(join(b.root, 'dist/server/bootstrap.js'))) throw new Error(`${b.root}/dist/server/bootstrap.js is missing: build it first`);
}

const { conn: DB_CONN, urlOf: dbUrlOf } = localMariadb(CFG.dbUrl);

const ADMIN_PASSWORD = `Bench${randomBytes(6).toString('hex')}9`;
const state = { tmp: mkdtempSync(join(tmpdir(), 'cosmac-start-')), running: new Set(), admin: null, databases: [] };

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    for (const p of state.running) await p.stop(5000).catch(() => {});
    await state.admin?.end().catch(() => {});
    for (const name of state.databases) await dropBenchDatabase(mysql, null, DB_CONN, name);
    rmSync(state.tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
const watchdog = cleanupOnExit(cleanup, 1800);

function envFor(build, port, db) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD,
    CAPTCHA: 'off',
    DATA_DIR: join(state.tmp, build.label, db, 'data'),
    LOG_DIR: join(state.tmp, build.label, db, 'logs'),
    NODE_ENV: process.env.NODE_ENV || 'production',
    // One sign-in lasts every start (the key lives in the database).
    ACCESS_TOKEN_TTL: '86400',
    ...SERVE_ENV,
  };
  delete env.REDIS_URL;
  if (db === 'mariadb') env.DATABASE_URL = build.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/**
 * Spawns `build`'s server and polls `path` every 5 ms until it answers 200; answers the wall time
 * from the spawn, the server's CPU time at that moment and its own "ready in" figure. With `keep`,
 * the server is left running (and returned).
 */
async function startOnce(build, db, path, { token, keep = false } = {}) {
  const port = await freePort();
  const t0 = performance.now();
  const p = startChild(`${build.label} server`, process.execPath, [...SERVE_NODE_ARGS, join(build.root, 'dist/server/bootstrap.js')], {
    env: envFor(build, port, db),
    cwd: build.root,
  });
  state.running.add(p);
  const url = `http://127.0.0.1:${port}${path}`;
  let cpuMs = null;
  for (;;) {
    if (p.exitInfo) throw new Error(`${p.name} exited (${JSON.stringify(p.exitInfo)}) before ${path} answered.\n${p.output()}`);
    if (performance.now() - t0 > 120_000) throw new Error(`${path} did not answer within 120 s\n${p.output()}`);
    const r = await http('GET', url, { token, timeoutMs: 5000 }).catch(() => null);
    if (r?.status === 200) {
      cpuMs = procInfo(p.pid)?.cpuMs ?? null;
      break;
    }
    await sleep(5);
  }
  const ms = Math.round(performance.now() - t0);
  await sleep(50);
  const ready = /ready in (\d+) ms/.exec(p.output())?.[1];
  const run = { ms, cpuMs, ready: ready ? Number(ready) : null, port };
  if (keep) return { run, proc: p };
  await p.stop();
  state.running.delete(p);
  return { run };
}

/** The token and a row id for the MariaDB starts: the admin's sign-in and one goods row. */
async function prepareMariadb(build, n) {
  const name = `cosmac_start_${process.pid}_${n}`;
  state.admin ??= await mysql.createConnection(DB_CONN);
  await state.admin.query(`CREATE DATABASE \`${name}\``);
  state.databases.push(name);
  build.databaseUrl = dbUrlOf(name);
  const { run, proc } = await startOnce(build, 'mariadb', '/health', { keep: true });
  const base = `http://127.0.0.1:${run.port}`;
  const { token } = await api(base, 'POST', '/admin/base/open/login', { username: 'admin', password: ADMIN_PASSWORD });
  const { id } = await api(base, 'POST', '/admin/demo/goods/add', { title: 'start bench', price: 1, stock: 1 }, token);
  await proc.stop();
  state.running.delete(proc);
  return { first: run, token, path: `/admin/demo/goods/info?id=${id}` };
}

const fms = (v) => (v === null || v === undefined ? '—' : `${Math.round(v)} ms`);
const spread = (xs) => (xs.length ? `${Math.min(...xs)}-${Math.max(...xs)}` : '—');

function rows(kind, target, byBuild) {
  return builds.map((b) => {
    const runs = byBuild.get(b.label).runs;
    const med = median(runs.map((r) => r.ms));
    return [
      `${kind} (${b.label})`,
      fms(byBuild.get(b.label).first.ms),
      fms(med),
      spread(runs.map((r) => r.ms)),
      fms(median(runs.map((r) => r.cpuMs))),
      fms(median(runs.map((r) => r.ready))),
      `<=${target} ms`,
      med <= target ? 'yes' : 'NO',
    ];
  });
}

async function main() {
  const load0 = loadavg();
  log(`start bench: ${CFG.starts} starts per database and build, ${cpus().length} CPUs, load ${load0.map((x) => x.toFixed(2)).join(' ')}`);
  const sqlite = new Map();
  for (const b of builds) {
    const { run } = await startOnce(b, 'sqlite', '/health');
    log(`  sqlite ${b.label}: first start (makes the database) ${run.ms} ms`);
    sqlite.set(b.label, { first: run, runs: [] });
  }
  for (let i = 0; i < CFG.starts; i++) {
    for (const b of builds) {
      const { run } = await startOnce(b, 'sqlite', '/health');
      sqlite.get(b.label).runs.push(run);
      log(`  sqlite ${b.label} ${i + 1}: ${run.ms} ms to /health, cpu ${run.cpuMs} ms, ready in ${run.ready ?? '?'} ms`);
    }
  }
  const maria = new Map();
  if (CFG.mariadb) {
    for (const [n, b] of builds.entries()) {
      const prep = await prepareMariadb(b, n);
      log(`  mariadb ${b.label}: first start (makes the database) ${prep.first.ms} ms`);
      maria.set(b.label, { ...prep, runs: [] });
    }
    for (let i = 0; i < CFG.starts; i++) {
      for (const b of builds) {
        const m = maria.get(b.label);
        const { run } = await startOnce(b, 'mariadb', m.path, { token: m.token });
        m.runs.push(run);
        log(`  mariadb ${b.label} ${i + 1}: ${run.ms} ms to info, cpu ${run.cpuMs} ms, ready in ${run.ready ?? '?'} ms`);
      }
    }
  }
  const load1 = loadavg();
  const head = ['start', 'first start', 'median', 'spread', 'cpu (median)', '"ready in"', 'target', 'met'];
  const body = [...rows('SQLite, spawn to /health', TARGETS.sqliteHealthMs, sqlite)];
  if (CFG.mariadb) body.push(...rows('MariaDB, spawn to info', TARGETS.mariadbInfoMs, maria));
  const lines = [table(head, body)];
  if (CFG.vs) {
    for (const [kind, m] of [['SQLite', sqlite], ...(CFG.mariadb ? [['MariaDB', maria]] : [])]) {
      const ratios = m.get('this').runs.map((r, i) => r.ms / m.get('vs').runs[i].ms);
      lines.push(`${kind}: this/vs per pair ${ratios.map((x) => x.toFixed(2)).join(' ')}, median ${median(ratios).toFixed(2)}`);
    }
  }
  lines.push(`load average before ${load0.map((x) => x.toFixed(2)).join(' ')}, after ${load1.map((x) => x.toFixed(2)).join(' ')}`);
  process.stdout.write(lines.join('\n') + '\n');
}

main()
  .catch((err) => {
    log(`start bench failed: ${err?.stack ?? err}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    clearTimeout(watchdog);
    await cleanup();
  });
