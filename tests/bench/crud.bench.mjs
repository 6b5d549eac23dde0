/**
 * CRUD benchmark of COSMAC AI against a bare node:http + mysql2 server, both on the same MariaDB
 * table (demo_goods). Run `npm run build` first (`npm run bench:crud` does).
 *
 * Scenarios: info; page 1 with a filter; keyword; a deep page reached by a jump and by paging
 * forward (page n after page n-1 of the same query); deep pages each asked once (no remembered
 * boundary helps: the cost of a jump as such); and write-mix, page 1 with a filter while a
 * writer adds BENCH_WRITE_RATE rows/s through each server's own add route. Query plans (MariaDB
 * EXPLAIN, SQLite EXPLAIN QUERY PLAN) of the page statements are printed with the table.
 *
 * Env: BENCH_ROWS_SMALL=100000 BENCH_ROWS_LARGE=1000000 (0 skips the large phase) BENCH_DURATION=10
 * BENCH_ROUNDS=3 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_COLD_STARTS=3 BENCH_DEEP_PAGE=4000
 * BENCH_WRITE_RATE=20 BENCH_SQLITE_ROWS=100000 (rows of the SQLite copy for its plans)
 * BENCH_SCENARIOS=info,page,keyword,deep,deepFwd,deepSpread,mix (a subset, to look at some closely)
 * BENCH_DB_URL=mysql://root@127.0.0.1:3306 BENCH_TIMEOUT=10800 (seconds, then everything stops).
 * Smoke: BENCH_ROWS_SMALL=2000 BENCH_ROWS_LARGE=5000 BENCH_DURATION=2 BENCH_ROUNDS=1
 *
 * Everything it starts (a database cosmac_bench_<pid>, two server processes, a temp folder) is
 * removed at the end, on failure and on SIGINT/SIGTERM.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { KEYWORD, seedGoods } from './seed-goods.mjs';
import {
  dropBenchDatabase,
  cleanupOnExit,
  SERVE_ENV,
  SERVE_NODE_ARGS,
  api,
  cannon,
  envInt,
  findDbPid,
  freePort,
  http,
  localMariadb,
  log,
  median,
  procInfo,
  sleep,
  startChild,
  table,
  waitFor200,
} from './lib.mjs';
import { explainPlans } from './explain.mjs';
import { mixTable, startWriter } from './write-mix.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const ENTRY = join(ROOT, 'dist/server/bootstrap.js');

const CFG = {
  rowsSmall: envInt('BENCH_ROWS_SMALL', 100_000),
  rowsLarge: envInt('BENCH_ROWS_LARGE', 1_000_000),
  duration: envInt('BENCH_DURATION', 10),
  rounds: Math.max(1, envInt('BENCH_ROUNDS', 3)),
  warmup: envInt('BENCH_WARMUP', 2),
  connections: Math.max(1, envInt('BENCH_CONNECTIONS', 50)),
  coldStarts: Math.max(1, envInt('BENCH_COLD_STARTS', 3)),
  deepPage: Math.max(2, envInt('BENCH_DEEP_PAGE', 4000)),
  writeRate: Math.max(1, envInt('BENCH_WRITE_RATE', 20)),
  sqliteRows: envInt('BENCH_SQLITE_ROWS', 100_000),
  only: process.env.BENCH_SCENARIOS ? process.env.BENCH_SCENARIOS.split(',').map((s) => s.trim()) : null,
  pageSize: 20,
  timeoutS: envInt('BENCH_TIMEOUT', 3 * 3600),
  dbUrl: process.env.BENCH_DB_URL || 'mysql://root@127.0.0.1:3306',
};
const TARGETS = { coldStartMs: 700, rssMiB: 150, deepRps: 100, deepP99Ms: 1000, mixRatio: 0.8 };
/**
 * info by id against bare: the median ratio of req/s over at least INFO_MIN_ROUNDS alternating
 * rounds, its worst round, ours' p99, and ours' CPU per request against bare's (process CPU time
 * over requests answered: on a shared machine it moves less than req/s does).
 */
const INFO = { minRatio: 0.9, minWorstRatio: 0.8, maxP99: 25, maxCpuRatio: 1.4 };
const INFO_MIN_ROUNDS = 5;

const DB_NAME = `cosmac_bench_${process.pid}`;
const { conn: DB_CONN, urlOf: dbUrlOf } = localMariadb(CFG.dbUrl);
const DATABASE_URL = dbUrlOf(DB_NAME);

// extraRows: rows the write-mix writers added, on top of the seeded ones.
const state = { admin: null, tmp: null, ours: null, bare: null, dbCreated: false, extraRows: 0 };

// ---------------------------------------------------------------- cleanup

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    for (const p of [state.ours, state.bare]) {
      if (p) await p.stop(5000).catch(() => {});
    }
    if (state.dbCreated) await dropBenchDatabase(mysql, state.admin, DB_CONN, DB_NAME);
    if (state.tmp) rmSync(state.tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
const watchdog = cleanupOnExit(cleanup, CFG.timeoutS);

// ---------------------------------------------------------------- servers

const ADMIN_PASSWORD = `Bench${randomBytes(6).toString('hex')}9`;
let oursPort;
let barePort;

function oursEnv() {
  const env = {
    ...process.env,
    PORT: String(oursPort),
    HOST: '127.0.0.1',
    DATABASE_URL,
    ADMIN_PASSWORD,
    CAPTCHA: 'off',
    DATA_DIR: join(state.tmp, 'data'),
    LOG_DIR: join(state.tmp, 'logs'),
    NODE_ENV: process.env.NODE_ENV || 'production',
    // A long-lived access token, so one sign-in lasts the whole run (and the cold starts).
    ACCESS_TOKEN_TTL: '86400',
    // As `npm start` launches the server (see docs/operations/memory.md).
    ...SERVE_ENV,
  };
  delete env.REDIS_URL;
  return env;
}

async function startOurs() {
  const p = startChild('our server', process.execPath, [...SERVE_NODE_ARGS, ENTRY], { env: oursEnv(), cwd: ROOT });
  state.ours = p;
  await waitFor200(`http://127.0.0.1:${oursPort}/health`, { proc: p, timeoutMs: 120_000 });
  return p;
}

async function startBare() {
  const p = startChild('bare server', process.execPath, [join(HERE, 'bare-server.mjs')], {
    env: { ...process.env, BARE_PORT: String(barePort), DATABASE_URL },
    cwd: ROOT,
    keepStdin: true,
  });
  state.bare = p;
  await waitFor200(`http://127.0.0.1:${barePort}/health`, { proc: p, timeoutMs: 30_000 });
  return p;
}

// ---------------------------------------------------------------- setup through the API

async function setupMember(base) {
  const admin = await api(base, 'POST', '/admin/base/open/login', { username: 'admin', password: ADMIN_PASSWORD });
  const at = admin.token;
  const menu = await api(base, 'POST', '/admin/base/sys/menu/add', { name: 'Bench goods read', type: 2, perms: 'demo:goods:info,demo:goods:page' }, at);
  const roles = await api(base, 'POST', '/admin/base/sys/role/list', {}, at);
  const member = roles.find((r) => r.label === 'member');
  if (!member) throw new Error(`no seeded role with label 'member' in /admin/base/sys/role/list: ${JSON.stringify(roles).slice(0, 300)}`);
  await api(base, 'POST', '/admin/base/sys/role/update', { id: member.id, menuIdList: [menu.id] }, at);
  const username = `bench_member_${process.pid}`;
  const password = `Member${randomBytes(6).toString('hex')}7`;
  await api(base, 'POST', '/admin/base/sys/user/add', { username, password, nickName: 'Bench member', roleIdList: [member.id] }, at);
  const signed = await api(base, 'POST', '/admin/base/open/login', { username, password });
  const token = signed.token;
  // The member must pass demo:goods:page and be refused elsewhere, or the checks are not exercised.
  const probe = await http('POST', `${base}/admin/demo/goods/page`, { body: { page: 1, size: 1 }, token });
  if (probe.status !== 200) throw new Error(`member cannot read demo goods: HTTP ${probe.status} ${probe.text.slice(0, 300)}`);
  const denied = await http('POST', `${base}/admin/base/sys/user/page`, { body: {}, token });
  if (denied.status !== 403) throw new Error(`member was not refused base:sys:user:page (HTTP ${denied.status}); is it an administrator?`);
  return { token, adminToken: at, memberRoleId: member.id, menuId: menu.id, username };
}

/**
 * One write through the API (an update that keeps the values): our server then no longer seeks
 * from page boundaries it served before, so the next deep page is a true jump.
 */
async function touchGoods(base, adminToken, id) {
  const row = await api(base, 'GET', `/admin/demo/goods/info?id=${id}`, undefined, adminToken);
  await api(base, 'POST', '/admin/demo/goods/update', { id, stock: row.stock }, adminToken);
}

// ---------------------------------------------------------------- data

async function seedTo(conn, from, to) {
  const tty = process.stderr.isTTY;
  let lastPrint = 0;
  log(`seeding demo_goods: rows ${from + 1}..${to}`);
  const r = await seedGoods(conn, from, to, {
    batch: 5000,
    onProgress(done, total, rps) {
      const now = Date.now();
      const msg = `  seeded ${done.toLocaleString('en')}/${total.toLocaleString('en')} (${Math.round((done / total) * 100)} %), ${Math.round(rps).toLocaleString('en')} rows/s`;
      if (tty) process.stderr.write(`\r${msg}   `);
      else if (now - lastPrint > 3000 || done === total) {
        log(msg);
        lastPrint = now;
      }
    },
  });
  if (tty) process.stderr.write('\n');
  const t = performance.now();
  await conn.query('ANALYZE TABLE demo_goods');
  log(
    `  ${r.rows.toLocaleString('en')} rows in ${(r.ms / 1000).toFixed(1)} s (${Math.round(r.rows / (r.ms / 1000)).toLocaleString('en')} rows/s); ANALYZE TABLE ${Math.round(performance.now() - t)} ms`,
  );
  const [[c]] = await conn.query('SELECT COUNT(*) AS n, MIN(id) AS lo, MAX(id) AS hi FROM demo_goods');
  if (Number(c.n) !== to + state.extraRows) throw new Error(`demo_goods holds ${c.n} rows, expected ${to} + ${state.extraRows} written by write-mix`);
  return { lo: Number(c.lo), hi: Number(c.hi), contiguous: Number(c.hi) - Number(c.lo) + 1 === Number(c.n) };
}

/** 64k random existing ids, walked round robin by the info scenario. */
function idPool(range) {
  const ids = new Uint32Array(1 << 16);
  for (let i = 0; i < ids.length; i++) ids[i] = range.lo + Math.floor(Math.random() * (range.hi - range.lo + 1));
  return ids;
}

/** Waits until no statement of the bench database is running (left over from a stopped run). */
async function waitQuiet(conn, maxMs = 180_000) {
  const t0 = Date.now();
  let quiet = 0;
  while (Date.now() - t0 < maxMs) {
    const [[r]] = await conn.query(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND IN ('Query','Execute') AND ID <> CONNECTION_ID()",
      [DB_NAME],
    );
    // Two quiet readings in a row: a server draining a queue shows gaps between its statements.
    if (Number(r.n) === 0 && ++quiet >= 2) {
      if (Date.now() - t0 > 3000) log(`  (waited ${((Date.now() - t0) / 1000).toFixed(1)} s for the database to finish earlier work)`);
      return;
    }
    if (Number(r.n) !== 0) quiet = 0;
    await sleep(250);
  }
  log(`  (database still busy after ${maxMs / 1000} s; continuing, the next numbers are disturbed)`);
}

// ---------------------------------------------------------------- scenarios

function scenarios(rows) {
  const size = CFG.pageSize;
  // Page 4000 needs 80,000 rows; smaller runs use a page four fifths of the way down.
  const deep = rows >= CFG.deepPage * size ? CFG.deepPage : Math.max(2, Math.floor((rows * 0.8) / size));
  const P = '/admin/demo/goods/page';
  return [
    { key: 'info', label: 'info', method: 'GET', path: '/admin/demo/goods/info', varyId: true },
    { key: 'page', label: 'page (status=1)', method: 'POST', path: P, body: { page: 1, size, status: 1 } },
    { key: 'keyword', label: `keyword ("${KEYWORD}")`, method: 'POST', path: P, body: { page: 1, size, keyWord: KEYWORD } },
    // A jump: nobody served page deep-1 of this query since the last write (see `fresh`).
    { key: 'deep', label: `deep (page ${deep}, jump)`, method: 'POST', path: P, body: { page: deep, size }, fresh: true },
    { key: 'deepFwd', label: `deep (page ${deep}, forward)`, method: 'POST', path: P, body: { page: deep, size }, prime: { page: deep - 1, size } },
    // Every request a page (and size) nobody asked for: what a jump costs without any remembered boundary.
    {
      key: 'deepSpread',
      label: `deep (pages ${spreadFrom(deep)}-${deep}, none twice)`,
      method: 'POST',
      path: P,
      body: { page: deep, size },
      fresh: true,
      spread: true,
    },
    // Last of a phase: its rows change the table under the other scenarios.
    { key: 'mix', label: `page (status=1) + ${CFG.writeRate} writes/s`, method: 'POST', path: P, body: { page: 1, size, status: 1 }, writer: true },
  ];
}

/** The first page of the spread scenario, which asks pages from here to the deep page. */
function spreadFrom(deep) {
  return Math.max(2, Math.floor(deep * 0.75));
}

function targetFor(key, phase) {
  if (key === 'info')
    return {
      ...INFO,
      text: `>=${INFO.minRatio}x (worst round >=${INFO.minWorstRatio}x), p99<=${INFO.maxP99}ms, CPU/req<=${INFO.maxCpuRatio}x bare`,
    };
  if (key === 'mix') return null; // against our own read-only page: see the write-mix table
  if (phase === 'small') return { minRatio: 1.0, text: '>=1.0x' };
  const deep = { minRps: TARGETS.deepRps, maxP99: TARGETS.deepP99Ms };
  if (key === 'deep') return { minRatio: 2.0, ...deep, text: `>=2.0x, >=${deep.minRps}/s, p99<=${deep.maxP99}ms` };
  if (key === 'deepFwd') return { minRatio: 0, ...deep, text: `>=${deep.minRps}/s, p99<=${deep.maxP99}ms` };
  if (key === 'deepSpread') return null; // shown for what an unremembered jump costs; no target of its own
  if (key === 'page') return { minRatio: 2.0, text: '>=2.0x' };
  return null;
}

function sameRows(a, b) {
  const canon = (r) =>
    JSON.stringify(
      Object.keys(r)
        .sort()
        .map((k) => [k, r[k]]),
    );
  return a.length === b.length && a.every((r, i) => canon(r) === canon(b[i]));
}

/** Both servers must answer the same thing before their speed is compared. */
async function verify(sc, ids, token) {
  const ours = `http://127.0.0.1:${oursPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  const notes = [];
  for (const s of sc) {
    // Concurrent writes make the two answers incomparable; the same read is checked as 'page'.
    // The spread scenario reads the deep scenario's kind of page, checked there.
    if (s.writer || s.spread) continue;
    if (s.prime) await api(ours, 'POST', s.path, s.prime, token);
    if (s.varyId) {
      for (const id of [ids[0], ids[1], ids[2], ids[3], ids[4]]) {
        const q = `${s.path}?id=${id}`;
        const [a, b] = await Promise.all([api(ours, 'GET', q, undefined, token), api(bare, 'GET', q, undefined, token)]);
        if (a.id !== b.id || a.title !== b.title || a.status !== b.status) {
          throw new Error(`sanity check failed for info id=${id}: ours ${JSON.stringify(a)} vs bare ${JSON.stringify(b)}`);
        }
        if (!sameRows([a], [b])) notes.push(`info id=${id}: same row, different field values/shape (ours ${JSON.stringify(a)} / bare ${JSON.stringify(b)})`);
      }
      continue;
    }
    const [ra, rb] = await Promise.all([http('POST', ours + s.path, { body: s.body, token }), http('POST', bare + s.path, { body: s.body, token })]);
    if (ra.status !== 200 || rb.status !== 200)
      throw new Error(`sanity check failed for ${s.label}: HTTP ours ${ra.status} ${ra.text.slice(0, 200)} / bare ${rb.status} ${rb.text.slice(0, 200)}`);
    const a = ra.json.data;
    const b = rb.json.data;
    const idsA = a.list.map((r) => r.id);
    const idsB = b.list.map((r) => r.id);
    if (a.pagination.total !== b.pagination.total || JSON.stringify(idsA) !== JSON.stringify(idsB)) {
      throw new Error(
        `sanity check failed for ${s.label} ${JSON.stringify(s.body)}: ours total ${a.pagination.total} ids [${idsA.slice(0, 5)}…], ` +
          `bare total ${b.pagination.total} ids [${idsB.slice(0, 5)}…] (a stale cached or an estimated total on our side would show up here)`,
      );
    }
    if (!sameRows(a.list, b.list)) notes.push(`${s.label}: same ids, different row fields`);
    s.expect = { total: a.pagination.total, firstIds: idsA.slice(0, 3), listLength: idsA.length, bytesOurs: ra.bytes, bytesBare: rb.bytes };
  }
  return notes;
}

function requestsFor(s, ids) {
  if (s.spread) {
    // Request k asks page from + (k mod n) with size 20 + floor(k / n): never the same (page, size)
    // twice in a run, so no remembered boundary and no shared read can serve it.
    const from = spreadFrom(s.body.page);
    const n = s.body.page - from + 1;
    let k = 0;
    return [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = k++;
          return { ...req, body: JSON.stringify({ ...s.body, page: from + (i % n), size: s.body.size + Math.floor(i / n) }) };
        },
      },
    ];
  }
  if (!s.varyId) return undefined;
  let k = 0;
  const mask = ids.length - 1;
  return [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `${s.path}?id=${ids[k++ & mask]}` }) }];
}

async function measureOnce(which, s, ids, token, conn, dbPid) {
  const port = which === 'ours' ? oursPort : barePort;
  const proc = which === 'ours' ? state.ours : state.bare;
  const opts = {
    url: `http://127.0.0.1:${port}${s.varyId ? `${s.path}?id=${ids[0]}` : s.path}`,
    method: s.method,
    body: s.body,
    token,
    connections: CFG.connections,
    requests: requestsFor(s, ids),
  };
  const base = `http://127.0.0.1:${port}`;
  // One write through the API drops every page boundary our server remembers: page deep-1 was served before.
  if (s.fresh && which === 'ours') await touchGoods(base, state.member.adminToken, ids[0]);
  await waitQuiet(conn);
  const prime = () => (s.prime ? api(base, 'POST', s.path, s.prime, token) : null);
  const writer = s.writer
    ? startWriter({ url: `${base}/admin/demo/goods/add`, token: which === 'ours' ? state.member.adminToken : token, rate: CFG.writeRate, tag: which })
    : null;
  await prime();
  if (CFG.warmup > 0) await cannon({ ...opts, duration: CFG.warmup });
  await prime();
  const p0 = procInfo(proc.pid);
  const d0 = dbPid ? procInfo(dbPid) : null;
  const r = await cannon({ ...opts, duration: CFG.duration });
  const p1 = procInfo(proc.pid);
  const d1 = dbPid ? procInfo(dbPid) : null;
  if (writer) {
    r.writes = await writer.stop();
    state.extraRows += r.writes.ok;
  }
  if (proc.exitInfo) throw new Error(`${proc.name} died during ${s.label}: ${JSON.stringify(proc.exitInfo)}\n${proc.output()}`);
  r.cpuUsPerReq = p0 && p1 && r.total ? ((p1.cpuMs - p0.cpuMs) * 1000) / r.total : null;
  r.dbCpuUsPerReq = d0 && d1 && r.total ? ((d1.cpuMs - d0.cpuMs) * 1000) / r.total : null;
  r.serverCpuPct = p0 && p1 ? ((p1.cpuMs - p0.cpuMs) / (r.durationS * 1000)) * 100 : null;
  return r;
}

async function runPhase(phase, rows, ids, token, conn, dbPid) {
  const sc = scenarios(rows).filter((s) => !CFG.only || CFG.only.includes(s.key));
  log(
    `\n== ${phase}: ${rows.toLocaleString('en')} rows (load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')})`,
  );
  const notes = await verify(sc, ids, token);
  for (const n of notes) log(`  note: ${n}`);
  log('  sanity check passed: same totals and first ids on both servers');
  const out = [];
  for (const s of sc) {
    const runs = { ours: [], bare: [] };
    // The info target is a median of at least five rounds.
    const rounds = s.key === 'info' ? Math.max(CFG.rounds, INFO_MIN_ROUNDS) : CFG.rounds;
    for (let r = 0; r < rounds; r++) {
      // Alternate which server goes first, so drift on a noisy machine hits both alike.
      const order = r % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours'];
      for (const which of order) {
        const m = await measureOnce(which, s, ids, token, conn, dbPid);
        runs[which].push(m);
        const bad = m.non2xx || m.errors ? `  !! non-2xx ${m.non2xx}, errors ${m.errors} ${JSON.stringify(m.statusCodes)}` : '';
        const lat = m.total ? `p50 ${m.p50} ms  p99 ${m.p99} ms` : 'no response within the run';
        const w = m.writes ? `  writes ${m.writes.ok} ok (${m.writes.rowsPerSec.toFixed(1)}/s), ${m.writes.failed} failed, ${m.writes.skipped} skipped` : '';
        const cpu = m.cpuUsPerReq === null ? '' : `  cpu ${Math.round(m.cpuUsPerReq)} µs/req`;
        log(
          `  ${s.label.padEnd(30)} round ${r + 1} ${which.padEnd(4)} ${m.reqPerSec.toFixed(0).padStart(7)} req/s  ${lat}${cpu}${bad}${w}  (load ${loadText()})`,
        );
      }
    }
    const agg = (xs) => ({
      reqPerSec: median(xs.map((x) => x.reqPerSec)),
      p50: median(xs.map((x) => x.p50)),
      p99: median(xs.map((x) => x.p99)),
      cpuUsPerReq: median(xs.map((x) => x.cpuUsPerReq)),
      dbCpuUsPerReq: median(xs.map((x) => x.dbCpuUsPerReq)),
      failures: xs.reduce((n, x) => n + x.non2xx + x.errors, 0),
    });
    const ours = agg(runs.ours);
    const bare = agg(runs.bare);
    // Bare answering nothing in the window while ours did: the ratio is unbounded.
    const ratio = bare.reqPerSec ? ours.reqPerSec / bare.reqPerSec : ours.reqPerSec ? Infinity : null;
    const target = targetFor(s.key, phase);
    // Round by round (each pair ran back to back), for the worst-round target.
    const roundRatios = runs.ours.map((o, i) => (runs.bare[i].reqPerSec ? o.reqPerSec / runs.bare[i].reqPerSec : null));
    const worstRatio = roundRatios.some((x) => x === null) ? null : Math.min(...roundRatios);
    const cpuRatio = ours.cpuUsPerReq && bare.cpuUsPerReq ? ours.cpuUsPerReq / bare.cpuUsPerReq : null;
    let met = null;
    if (ours.failures || bare.failures || !ours.reqPerSec) met = false;
    else if (target) {
      met =
        ratio >= target.minRatio &&
        (target.minWorstRatio === undefined || (worstRatio !== null && worstRatio >= target.minWorstRatio)) &&
        (target.maxCpuRatio === undefined || (cpuRatio !== null && cpuRatio <= target.maxCpuRatio)) &&
        (target.maxP99 === undefined || ours.p99 <= target.maxP99) &&
        (target.minRps === undefined || ours.reqPerSec >= target.minRps);
    }
    if (target?.maxCpuRatio !== undefined) {
      const f2 = (v) => (v === null || v === Infinity ? String(v) : v.toFixed(2));
      log(
        `  ${s.label}: median ${f2(ratio)}x (rounds ${roundRatios.map(f2).join(' ')}; worst ${f2(worstRatio)}x), p99 ours ${ours.p99} ms | bare ${bare.p99} ms, ` +
          `CPU/req ours ${Math.round(ours.cpuUsPerReq ?? NaN)} µs | bare ${Math.round(bare.cpuUsPerReq ?? NaN)} µs (${f2(cpuRatio)}x); target ${target.text}: ${met ? 'met' : 'NOT met'} (load ${loadText()})`,
      );
    }
    const silent = [...runs.ours, ...runs.bare].some((x) => !x.total);
    const writes = s.writer ? { ours: median(runs.ours.map((x) => x.writes.rowsPerSec)), bare: median(runs.bare.map((x) => x.writes.rowsPerSec)) } : null;
    out.push({
      phase,
      scenario: s.key,
      label: s.label,
      rows,
      body: s.body ?? null,
      expect: s.expect ?? null,
      ours,
      bare,
      ratio: ratio === Infinity ? 'inf' : ratio,
      target: target?.text ?? null,
      met,
      worstRatio,
      cpuRatio,
      silent,
      writes,
      runs,
    });
  }
  const ro = out.find((r) => r.scenario === 'page');
  const mix = out.find((r) => r.scenario === 'mix');
  if (ro && mix && phase === 'large') {
    mix.target = `>=${TARGETS.mixRatio}x our read-only page`;
    mix.met = !mix.ours.failures && mix.ours.reqPerSec >= TARGETS.mixRatio * ro.ours.reqPerSec;
  }
  return out;
}

const loadText = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------- diagnostics

/** The page scenario's SQL alone, one client, through the harness connection: where a page spends its time. */
async function sqlTimings(conn, rows) {
  const COLS = 'id, createTime, updateTime, title, price, status, stock';
  const out = {};
  for (const s of scenarios(rows)) {
    if (!s.body || s.prime || s.writer) continue;
    const w = s.body.status !== undefined ? ' WHERE status = ?' : s.body.keyWord ? ' WHERE title LIKE ?' : '';
    const params = s.body.status !== undefined ? [s.body.status] : s.body.keyWord ? [`%${s.body.keyWord}%`] : [];
    const time = async (sql, p) => {
      const xs = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await conn.execute(sql, p);
        xs.push(performance.now() - t);
      }
      return +median(xs).toFixed(2);
    };
    out[s.key] = {
      listMs: await time(`SELECT ${COLS} FROM demo_goods${w} ORDER BY createTime DESC, id DESC LIMIT ? OFFSET ?`, [
        ...params,
        s.body.size,
        (s.body.page - 1) * s.body.size,
      ]),
      countMs: await time(`SELECT COUNT(*) AS total FROM demo_goods${w}`, params),
    };
  }
  return out;
}

/** info with one connection: the per-request overhead without queueing. */
async function singleConnection(ids, token, conn) {
  const s = scenarios(1)[0];
  const out = {};
  for (const which of ['ours', 'bare']) {
    const port = which === 'ours' ? oursPort : barePort;
    await waitQuiet(conn);
    const r = await cannon({
      url: `http://127.0.0.1:${port}${s.path}?id=${ids[0]}`,
      method: 'GET',
      token,
      connections: 1,
      duration: Math.max(1, Math.min(3, CFG.duration)),
      requests: requestsFor(s, ids),
    });
    // One connection, closed loop: the mean latency is 1/throughput (autocannon's own latencies are whole ms).
    out[which] = { reqPerSec: +r.reqPerSec.toFixed(0), meanMs: r.reqPerSec ? +(1000 / r.reqPerSec).toFixed(3) : null, p99: r.p99 };
  }
  return out;
}

async function coldStarts(ids, token) {
  await state.ours.stop();
  const runs = [];
  for (let i = 0; i < CFG.coldStarts; i++) {
    const t0 = performance.now();
    const p = startChild('our server', process.execPath, [...SERVE_NODE_ARGS, ENTRY], { env: oursEnv(), cwd: ROOT });
    state.ours = p;
    await waitFor200(`http://127.0.0.1:${oursPort}/admin/demo/goods/info?id=${ids[i]}`, { proc: p, token, timeoutMs: 120_000, intervalMs: 5 });
    const ms = performance.now() - t0;
    const ready = /ready in (\d+) ms/.exec(p.output())?.[1];
    runs.push({ ms: Math.round(ms), readyLine: ready ? Number(ready) : null });
    log(`  cold start ${i + 1}: ${Math.round(ms)} ms to the first 200 of info (server says "ready in ${ready ?? '?'} ms")`);
    await p.stop();
  }
  state.ours = null;
  return { runs, medianMs: median(runs.map((r) => r.ms)) };
}

/** EXPLAIN of the page, keyword and deep statements on MariaDB; with `sqlite`, also on a SQLite copy. */
async function planLines(rows, sqlite) {
  const sc = scenarios(rows);
  const by = (k) => sc.find((s) => s.key === k);
  const requests = [
    { label: 'page', body: by('page').body, count: true },
    { label: 'keyword', body: by('keyword').body, count: true },
    { label: 'deep jump', body: by('deep').body },
    { label: 'deep forward', body: by('deepFwd').body, prime: by('deepFwd').prime },
  ];
  return explainPlans({
    root: ROOT,
    databaseUrl: DATABASE_URL,
    sqliteFile: join(state.tmp, 'plans.sqlite'),
    sqliteRows: sqlite ? Math.min(CFG.sqliteRows, rows) : 0,
    requests,
    log,
  });
}

// ---------------------------------------------------------------- report

const f0 = (v) => (v === null || v === undefined ? null : Math.round(v).toLocaleString('en'));
const fms = (v) => (v === null || v === undefined ? null : `${Math.round(v)} ms`);
const yes = (m) => (m === null ? '—' : m ? 'yes' : 'NO');

function report(results, cold, rss, diag, idleRss, plans) {
  const rows = results.map((r) => [
    r.label,
    r.rows.toLocaleString('en'),
    f0(r.ours.reqPerSec),
    f0(r.bare.reqPerSec),
    fms(r.ours.p50),
    fms(r.ours.p99),
    fms(r.bare.p50),
    fms(r.bare.p99),
    r.ratio === null ? null : r.ratio === 'inf' ? 'inf (bare 0)' : `${r.ratio.toFixed(2)}x`,
    r.target ?? 'none (reported)',
    yes(r.met),
  ]);
  for (const x of rss) {
    rows.push([
      `RSS after load (${x.phase})`,
      x.rows.toLocaleString('en'),
      `${x.rssMiB.toFixed(1)} MiB`,
      x.bareRssMiB ? `${x.bareRssMiB.toFixed(1)} MiB` : null,
      null,
      null,
      null,
      null,
      null,
      `<=${TARGETS.rssMiB} MiB`,
      yes(x.rssMiB <= TARGETS.rssMiB),
    ]);
  }
  if (cold) {
    rows.push([
      `cold start (median of ${cold.runs.length})`,
      cold.rows.toLocaleString('en'),
      `${cold.medianMs} ms`,
      null,
      null,
      null,
      null,
      null,
      null,
      `<=${TARGETS.coldStartMs} ms`,
      yes(cold.medianMs <= TARGETS.coldStartMs),
    ]);
  }
  const head = ['scenario', 'rows', 'ours req/s', 'bare req/s', 'ours p50', 'ours p99', 'bare p50', 'bare p99', 'ratio', 'target', 'met?'];
  const lines = [];
  lines.push('');
  lines.push(
    `COSMAC AI CRUD benchmark — ${CFG.connections} connections, ${CFG.duration} s per run after ${CFG.warmup} s warm-up, ${CFG.rounds} round(s), medians; member token; latencies in whole ms (autocannon)`,
  );
  lines.push(table(head, rows));
  lines.push('');
  lines.push(
    'Per round req/s (ours | bare), CPU per request in µs: ours | bare | MariaDB during ours/bare (MariaDB is shared: its figure counts everything it did meanwhile):',
  );
  for (const r of results) {
    const rr = (xs) => xs.map((x) => Math.round(x.reqPerSec)).join(' ');
    const cpu = (v) => (v === null ? '?' : Math.round(v));
    let fail = r.ours.failures || r.bare.failures ? `   !! failures ours ${r.ours.failures}, bare ${r.bare.failures}` : '';
    if (r.silent) fail += '   !! a run got no response at all within its window (latency above the run length)';
    lines.push(
      `  ${`${r.label} @ ${r.rows.toLocaleString('en')}`.padEnd(34)} ours ${rr(r.runs.ours).padEnd(20)} | bare ${rr(r.runs.bare).padEnd(20)}  cpu ${cpu(r.ours.cpuUsPerReq)} | ${cpu(r.bare.cpuUsPerReq)} | ${cpu(r.ours.dbCpuUsPerReq)}/${cpu(r.bare.dbCpuUsPerReq)}${fail}`,
    );
  }
  for (const r of results.filter((x) => x.cpuRatio !== undefined && x.scenario === 'info')) {
    const f2 = (v) => (v === null ? '?' : v.toFixed(2));
    lines.push(
      `  ${r.label} @ ${r.rows.toLocaleString('en')}: worst round ${f2(r.worstRatio)}x, CPU per request ours ${Math.round(r.ours.cpuUsPerReq ?? NaN)} µs | bare ${Math.round(r.bare.cpuUsPerReq ?? NaN)} µs (${f2(r.cpuRatio)}x) — ${r.target}: ${r.met ? 'met' : 'NOT met'}`,
    );
  }
  lines.push(`  load average at the end: ${loadText()} (${cpus().length} CPUs)`);
  if (cold)
    lines.push(
      `  cold starts (ms to first 200 of info): ${cold.runs.map((r) => r.ms).join(' ')}  (server's own "ready in": ${cold.runs.map((r) => r.readyLine ?? '?').join(' ')})`,
    );
  const mix = mixTable(results, { minRatio: TARGETS.mixRatio, phase: 'large' });
  if (mix) {
    lines.push('');
    lines.push(
      `Read-only against write-mix (page 1, status=1; the writer adds ${CFG.writeRate} rows/s through each server's add route), req/s / p50 / p99 ms:`,
    );
    lines.push(mix);
  }
  lines.push('');
  lines.push('Diagnostics:');
  lines.push(
    `  idle RSS after start and sign-in: ours ${idleRss.oursMiB.toFixed(1)} MiB, bare ${idleRss.bareMiB.toFixed(1)} MiB; peak RSS of ours during the run ${Math.max(...rss.map((x) => x.hwmMiB)).toFixed(1)} MiB`,
  );
  for (const d of diag) {
    lines.push(
      `  ${d.phase} (${d.rows.toLocaleString('en')} rows) info with 1 connection: ours ${d.single.ours.reqPerSec} req/s, mean ${d.single.ours.meanMs} ms | bare ${d.single.bare.reqPerSec} req/s, mean ${d.single.bare.meanMs} ms`,
    );
    lines.push(
      `  ${d.phase} bare's naive SQL alone, 1 client (list ms / COUNT ms): ${Object.entries(d.sql)
        .map(([k, v]) => `${k} ${v.listMs}/${v.countMs}`)
        .join(', ')}`,
    );
  }
  for (const p of plans) {
    lines.push('');
    lines.push(`Query plans, ${p.phase} (${p.rows.toLocaleString('en')} rows on MariaDB):`);
    lines.push(...p.lines);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first (npm run bench:crud does).`);
  if (CFG.rowsLarge && CFG.rowsLarge < CFG.rowsSmall) throw new Error('BENCH_ROWS_LARGE must be 0 or at least BENCH_ROWS_SMALL');
  const startedAt = new Date();
  log(`COSMAC AI CRUD benchmark: ${JSON.stringify(CFG)}`);

  state.admin = await mysql.createConnection(DB_CONN);
  const [[ver]] = await state.admin.query('SELECT VERSION() AS v');
  await state.admin.query(`DROP DATABASE IF EXISTS \`${DB_NAME}\``);
  await state.admin.query(`CREATE DATABASE \`${DB_NAME}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  state.dbCreated = true;
  await state.admin.query(`USE \`${DB_NAME}\``);
  state.tmp = mkdtempSync(join(tmpdir(), 'cosmac-bench-'));
  mkdirSync(join(state.tmp, 'data'));
  mkdirSync(join(state.tmp, 'logs'));
  oursPort = await freePort();
  barePort = await freePort();
  while (barePort === oursPort) barePort = await freePort();

  log(`database ${DB_NAME}, our server on :${oursPort}, bare server on :${barePort}, temp ${state.tmp}`);
  let t = performance.now();
  await startOurs();
  log(`our server is up (${Math.round(performance.now() - t)} ms, first start incl. schema and seed)`);
  const member = await setupMember(`http://127.0.0.1:${oursPort}`);
  state.member = member;
  log(`member "${member.username}" (role ${member.memberRoleId}, button menu ${member.menuId}) signed in; admin-only calls refused as expected`);
  t = performance.now();
  await startBare();
  log(`bare server is up (${Math.round(performance.now() - t)} ms)`);
  const idle = procInfo(state.ours.pid);
  const idleRss = { oursMiB: idle.rssKiB / 1024, bareMiB: procInfo(state.bare.pid)?.rssKiB / 1024 };
  log(`idle RSS: ours ${idleRss.oursMiB.toFixed(1)} MiB, bare ${idleRss.bareMiB.toFixed(1)} MiB`);

  const dbPid = findDbPid();
  const conn = state.admin;
  const results = [];
  const rss = [];
  const diag = [];
  const plans = [];
  let cold = null;
  const phases = [['small', CFG.rowsSmall]];
  if (CFG.rowsLarge && CFG.rowsLarge > CFG.rowsSmall) phases.push(['large', CFG.rowsLarge]);
  let have = 0;
  let ids = null;
  for (const [phase, rows] of phases) {
    const range = await seedTo(conn, have, rows);
    have = rows;
    // The rows were written behind our server's back; cached totals follow writes through the API
    // and are recounted only after a while, so a restart (its cache store is in process) starts clean.
    await state.ours.stop();
    await startOurs();
    ids = idPool(range);
    plans.push({ phase, rows, lines: await planLines(rows, plans.length === 0) });
    for (const l of plans[plans.length - 1].lines) log(l);
    const res = await runPhase(phase, rows, ids, member.token, conn, dbPid);
    results.push(...res);
    const pi = procInfo(state.ours.pid);
    const bi = procInfo(state.bare.pid);
    rss.push({ phase, rows, rssMiB: pi.rssKiB / 1024, hwmMiB: pi.hwmKiB / 1024, bareRssMiB: bi ? bi.rssKiB / 1024 : null });
    log(
      `  our server RSS ${(pi.rssKiB / 1024).toFixed(1)} MiB (peak ${(pi.hwmKiB / 1024).toFixed(1)} MiB); bare ${bi ? (bi.rssKiB / 1024).toFixed(1) : '?'} MiB`,
    );
    diag.push({ phase, rows, single: await singleConnection(ids, member.token, conn), sql: await sqlTimings(conn, rows) });
  }

  log(`\n== cold start on ${have.toLocaleString('en')} rows (same DATA_DIR, so the member token stays valid)`);
  cold = { ...(await coldStarts(ids, member.token)), rows: have };

  const text = report(results, cold, rss, diag, idleRss, plans);
  process.stdout.write(text + '\n');

  const outDir = join(HERE, 'results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `crud-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        config: CFG,
        environment: { node: process.version, database: ver.v, cpus: cpus().length, loadavgAtEnd: loadavg() },
        targets: {
          ...TARGETS,
          info: `>=${INFO.minRatio}x bare req/s (median of >=${INFO_MIN_ROUNDS} rounds, worst >=${INFO.minWorstRatio}x), p99 <= ${INFO.maxP99} ms, CPU/request <= ${INFO.maxCpuRatio}x bare's`,
          pageSmall: '>=1.0x',
          pageDeepLarge: '>=2.0x',
        },
        table: results.map(({ runs, ...r }) => r),
        rounds: results.map((r) => ({ phase: r.phase, scenario: r.scenario, ours: r.runs.ours, bare: r.runs.bare })),
        rss,
        idleRss,
        coldStart: cold,
        diagnostics: diag,
        plans,
        text,
      },
      null,
      2,
    ),
  );
  process.stdout.write(`\nwritten ${file}\n`);
}

let exitCode = 0;
try {
  await main();
} catch (e) {
  log(`\nBENCHMARK FAILED: ${e?.stack ?? e}`);
  exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
process.exit(exitCode);
