/**
 * Web benchmark (`npm run bench:web`, after `npm run build`): starts the built server (temp SQLite,
 * captcha off), signs in through the API, then in Debian's Chromium measures
 *   (a) the JS loaded for the sign-in page /login (the baseline),
 *   (b) the JS loaded for the first console page /admin (dashboard) and for /admin/base/sys/user:
 *       the sum of the gzip sizes of every .js response (the server's gzip body when it compressed,
 *       else zlib.gzipSync of the body) and the bytes actually transferred,
 *   (c) the time to the first usable table on /admin/base/sys/user: navigation start -> first table
 *       row visible, median of BENCH_WEB_RUNS (5) cold loads (a fresh browser context each),
 *   (d) the JS loaded for the workspace's first page, /workbench, signed in as a member (the board
 *       shown).
 *   (e) when the first screen's data is asked for against when its code is: the start of the first
 *       /eps, person and permmenu requests and of the last JS request, in ms after navigation.
 * Targets (each printed MET or NOT MET): <= 150 KB gzip JS for /login, <= 250 KB for /admin and
 * for /workbench, <= 450 KB for /admin/base/sys/user and its first row within 1.5 s (median).
 * Prints a table and writes tests/bench/results/web-<time>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { api, envInt, freePort, log, median, startChild, table, waitFor200 } from './lib.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const ENTRY = join(ROOT, 'dist/server/bootstrap.js');
const RUNS = envInt('BENCH_WEB_RUNS', 5);
const TARGETS_KB = { login: 150, dashboard: 250, users: 450, workbench: 250 };
const FIRST_ROW_TARGET_MS = 1500;
/** The first screen's data requests whose start is reported against the code's. */
const DATA_CALLS = { eps: '/api/admin/base/open/eps', person: '/api/admin/base/comm/person', permmenu: '/api/admin/base/comm/permmenu' };
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ROW = '.ant-table-tbody tr.ant-table-row';

for (const f of [ENTRY, join(ROOT, 'web/dist/index.html')]) {
  if (!existsSync(f)) {
    log(`${f} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'cosmac-bench-web-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const password = `Bench${randomBytes(6).toString('hex')}9`;
const env = {
  ...process.env,
  PORT: String(port),
  DATABASE_URL: `sqlite:${join(tmp, 'cosmac.sqlite')}`,
  DATA_DIR: join(tmp, 'data'),
  LOG_DIR: join(tmp, 'logs'),
  ADMIN_PASSWORD: password,
  CAPTCHA: 'off',
  NODE_ENV: process.env.NODE_ENV || 'production',
};
delete env.REDIS_URL;
delete env.MIDWAY_HTTP_PORT;

const server = startChild('server', process.execPath, [ENTRY], { env, cwd: ROOT });
let browser;
const cleanup = async () => {
  await browser?.close().catch(() => undefined);
  await server.stop();
  rmSync(tmp, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Tokens in localStorage before any script of the app runs (what a signed-in browser has). */
function sessionScript(pair) {
  return `(() => {
    const p = ${JSON.stringify(pair)}; const now = Date.now();
    localStorage.setItem('token', p.token);
    localStorage.setItem('tokenExpire', String(now + p.expire * 1000));
    localStorage.setItem('refreshToken', p.refreshToken);
    localStorage.setItem('refreshTokenExpire', String(now + p.refreshExpire * 1000));
  })()`;
}

/**
 * Loads `path` in a fresh context (empty cache) and sums the JS it fetched until `ready` holds and
 * the network has been idle. Returns the figures and, when `tableRow`, the time to the first row.
 */
async function measure(path, { pair, ready, tableRow = false }) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 }, locale: 'en-US' });
  if (pair) await context.addInitScript(sessionScript(pair));
  const page = await context.newPage();
  const pending = [];
  const all = { transferred: 0, count: 0 };
  const started = {};
  let t0 = 0;
  page.on('request', (request) => {
    const at = Date.now() - t0;
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script') started.lastJs = at;
    for (const [name, p] of Object.entries(DATA_CALLS)) if (path === p && started[name] === undefined) started[name] = at;
  });
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const sizes = await request.sizes();
        all.count += 1;
        all.transferred += sizes.responseBodySize + sizes.responseHeadersSize;
        const isJs = request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);
        if (!isJs) return null;
        const body = await response.body();
        const encoding = (await response.headerValue('content-encoding')) ?? '';
        const gzip = encoding.includes('gzip') ? sizes.responseBodySize : gzipSync(body, { level: 9 }).length;
        return {
          url: new URL(request.url()).pathname,
          raw: body.length,
          gzip,
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          serverGzip: encoding.includes('gzip'),
        };
      })(),
    );
  });
  let tableMs = null;
  t0 = Date.now();
  await page.goto(base + path, { waitUntil: 'commit' });
  if (tableRow) {
    const handle = await page.waitForFunction(
      (sel) => {
        const row = document.querySelector(sel);
        if (!row) return false;
        const r = row.getBoundingClientRect();
        return r.height > 0 && r.width > 0 ? performance.now() : false;
      },
      ROW,
      { polling: 'raf', timeout: 60_000 },
    );
    tableMs = Math.round(await handle.jsonValue());
  }
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const finalPath = new URL(page.url()).pathname;
  const files = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  const sum = (k) => files.reduce((s, f) => s + f[k], 0);
  return {
    path,
    finalPath,
    jsFiles: files.length,
    jsRaw: sum('raw'),
    jsGzip: sum('gzip'),
    jsTransferred: sum('transferred'),
    allTransferred: all.transferred,
    requests: all.count,
    serverGzipped: files.filter((f) => f.serverGzip).length,
    tableMs,
    started,
    files,
  };
}

try {
  await waitFor200(`${base}/health`, { proc: server, timeoutMs: 60_000 });
  const pair = await api(base, 'POST', '/api/admin/base/open/login', { username: 'admin', password });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

  log('measuring /login ...');
  const login = await measure('/login', { ready: '[data-testid="login-submit"], form button[type="submit"]' });
  log('measuring /admin ...');
  const dashboard = await measure('/admin', { pair, ready: '.ant-pro-layout, .ant-layout' });
  log('measuring /admin/base/sys/user ...');
  const users = await measure('/admin/base/sys/user', { pair, ready: ROW, tableRow: true });
  for (const [name, m] of [
    ['/admin', dashboard],
    ['/admin/base/sys/user', users],
  ]) {
    if (m.finalPath !== m.path) throw new Error(`${name} ended on ${m.finalPath}: the sign-in did not hold`);
  }

  const tableRuns = [users.tableMs];
  for (let i = 1; i < RUNS; i++) {
    log(`time to first table row, run ${i + 1}/${RUNS} ...`);
    tableRuns.push((await measure('/admin/base/sys/user', { pair, ready: ROW, tableRow: true })).tableMs);
  }
  const tableMedian = median(tableRuns);

  // A member (the member role, a nick name so no registration step) for the workspace's first page.
  const adminToken = pair.token;
  const roles = await api(base, 'POST', '/api/admin/base/sys/role/list', {}, adminToken);
  const memberRole = roles.find((r) => r.label === 'member');
  await api(base, 'POST', '/api/admin/base/sys/user/add', { username: 'benchmember', password, nickName: 'Bench', roleIdList: [memberRole.id] }, adminToken);
  const memberPair = await api(base, 'POST', '/api/admin/base/open/login', { username: 'benchmember', password });
  log('measuring /workbench (member) ...');
  const workbench = await measure('/workbench', { pair: memberPair, ready: '[data-testid="board"]' });
  if (workbench.finalPath !== '/workbench') throw new Error(`/workbench ended on ${workbench.finalPath}`);

  const cols = [login, dashboard, users, workbench];
  const rows = [
    ['JS files', ...cols.map((c) => c.jsFiles)],
    ['JS raw (KB)', ...cols.map((c) => kb(c.jsRaw))],
    ['JS gzip (KB)', ...cols.map((c) => kb(c.jsGzip))],
    ['JS transferred (KB)', ...cols.map((c) => kb(c.jsTransferred))],
    [
      'JS gzip vs /login (KB)',
      '0',
      ...[dashboard, users, workbench].map((c) => {
        const d = c.jsGzip - login.jsGzip;
        return `${d >= 0 ? '+' : '-'}${kb(Math.abs(d))}`;
      }),
    ],
    ['all transferred (KB)', ...cols.map((c) => kb(c.allTransferred))],
    ['requests', ...cols.map((c) => c.requests)],
    [`first table row, median of ${RUNS} (ms)`, null, null, tableMedian, null],
  ];
  process.stdout.write('\nWeb benchmark (cold loads, fresh browser context each)\n\n');
  process.stdout.write(
    table(['', '/login (baseline)', '/admin (first console page)', '/admin/base/sys/user', '/workbench (first workspace page)'], rows) + '\n\n',
  );
  process.stdout.write(`first table row runs (ms): ${tableRuns.join(', ')}\n`);
  for (const [name, m] of [
    ['/login', login],
    ['/admin', dashboard],
    ['/admin/base/sys/user', users],
    ['/workbench', workbench],
  ]) {
    const top = [...m.files].sort((a, b) => b.gzip - a.gzip).slice(0, 6);
    process.stdout.write(`largest JS on ${name} (gzip KB): ${top.map((f) => `${f.url.split('/').pop()} ${kb(f.gzip)}`).join(', ')}\n`);
  }
  const kbTargets = Object.entries(TARGETS_KB).map(([key, limit]) => {
    const m = { login, dashboard, users, workbench }[key];
    return { page: m.path, limitKB: limit, gotKB: kb(m.jsGzip), met: m.jsGzip <= limit * 1024 };
  });
  const firstRowMet = tableMedian <= FIRST_ROW_TARGET_MS;
  process.stdout.write(
    `Targets (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):\n`,
  );
  for (const t of kbTargets) process.stdout.write(`  <= ${t.limitKB} KB gzip JS on ${t.page}: ${t.gotKB} KB -> ${t.met ? 'MET' : 'NOT MET'}\n`);
  process.stdout.write(
    `  first table row on /admin/base/sys/user <= ${FIRST_ROW_TARGET_MS} ms (median): ${tableMedian} ms -> ${firstRowMet ? 'MET' : 'NOT MET'}\n`,
  );
  for (const [name, m] of [
    ['/admin', dashboard],
    ['/admin/base/sys/user', users],
  ]) {
    const s = m.started;
    const data = Object.keys(DATA_CALLS)
      .map((k) => `${k} ${s[k] ?? '—'}`)
      .join(', ');
    const parallel = Object.keys(DATA_CALLS).every((k) => s[k] !== undefined && s[k] < s.lastJs);
    process.stdout.write(`  data requested with the code on ${name} (ms after navigation: ${data}; last JS ${s.lastJs}) -> ${parallel ? 'MET' : 'NOT MET'}\n`);
  }

  const resultsDir = join(HERE, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const out = join(resultsDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        runs: RUNS,
        loadavg: loadavg(),
        targets: kbTargets,
        firstRowTargetMs: FIRST_ROW_TARGET_MS,
        firstRowMet,
        login,
        dashboard,
        users,
        workbench,
        tableRunsMs: tableRuns,
        tableMedianMs: tableMedian,
      },
      null,
      2,
    ),
  );
  process.stdout.write(`\nSaved ${out}\n`);
} catch (e) {
  log(`bench:web failed: ${e?.stack ?? e}\n--- server output ---\n${server.output()}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
