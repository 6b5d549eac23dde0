/**
 * Chat benchmark of COSMAC AI (issue 15): two instances of our server on one MariaDB and one Redis,
 * BENCH_CLIENTS socket.io clients in groups of BENCH_GROUP_SIZE (half of each group on each
 * instance, so most deliveries cross Redis), senders at a fixed total rate stepped up; then the
 * same against two bare servers (chat-bare-server.mjs: socket.io + redis-adapter + one mysql2
 * INSERT per message, no framework, no auth) on the same database and Redis. Ours and bare run one
 * after the other, never together. Run `npm run build` first (`npm run bench:chat` does).
 *
 * Reported per step and server: messages sent and acknowledged, ack errors, deliveries/s received,
 * send -> receive latency p50/p99/max, missing deliveries, whether the step kept up, CPU of each
 * process; RSS of each instance idle, with its sockets and after the load; the two targets.
 *
 * Env: BENCH_CLIENTS=1000 BENCH_GROUP_SIZE=50 BENCH_RATES=20,50,100,200,400 (messages/s, all groups
 * together) BENCH_STEP_SECONDS=10 BENCH_WARMUP=2 BENCH_DRAIN=5 (seconds a step waits for late
 * deliveries) BENCH_SIGNIN_CONCURRENCY=4 BENCH_CONNECT_CONCURRENCY=25 BENCH_SERVERS=ours,bare
 * BENCH_DB_URL=mysql://root@127.0.0.1:3306 BENCH_TIMEOUT=3600 (seconds, then everything stops).
 * Smoke (about a minute): BENCH_CLIENTS=100 BENCH_RATES=10,20 BENCH_STEP_SECONDS=3
 *
 * Everything it starts (database cosmac_chatbench_<pid>, redis-server, the server processes, the
 * sockets, a temp folder) is removed at the end, on failure and on SIGINT/SIGTERM.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { dropBenchDatabase, cleanupOnExit, envInt, findDbPid, localMariadb, log, procInfo, sleep } from './lib.mjs';
import { dbProbe, REDIS_BIN, startBare, startOurs, startRedis, waitQuiet } from './chat-cluster.mjs';
import { seedChat, signInAll } from './chat-seed.mjs';
import { closeAll, connectAll, Recorder, runStep } from './chat-load.mjs';
import { keptUp, report, TARGETS, verdicts } from './chat-report.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const ENTRY = join(ROOT, 'dist/server/bootstrap.js');

const CFG = {
  clients: envInt('BENCH_CLIENTS', 1000),
  groupSize: envInt('BENCH_GROUP_SIZE', 50),
  rates: (process.env.BENCH_RATES || '20,50,100,200,400').split(',').map((s) => Number(s.trim())),
  stepS: Math.max(1, envInt('BENCH_STEP_SECONDS', 10)),
  warmupS: envInt('BENCH_WARMUP', 2),
  drainS: Math.max(1, envInt('BENCH_DRAIN', 5)),
  signinConcurrency: Math.max(1, envInt('BENCH_SIGNIN_CONCURRENCY', 4)),
  connectConcurrency: Math.max(1, envInt('BENCH_CONNECT_CONCURRENCY', 25)),
  servers: (process.env.BENCH_SERVERS || 'ours,bare').split(',').map((s) => s.trim()),
  timeoutS: envInt('BENCH_TIMEOUT', 3600),
  dbUrl: process.env.BENCH_DB_URL || 'mysql://root@127.0.0.1:3306',
};
if (CFG.groupSize < 2 || CFG.clients < CFG.groupSize || CFG.clients % CFG.groupSize)
  throw new Error('BENCH_CLIENTS must be a multiple of BENCH_GROUP_SIZE (at least 2)');
if (CFG.rates.some((r) => !Number.isFinite(r) || r <= 0)) throw new Error(`BENCH_RATES must be positive numbers, got "${process.env.BENCH_RATES}"`);
if (CFG.servers.some((s) => s !== 'ours' && s !== 'bare')) throw new Error('BENCH_SERVERS lists ours and/or bare');

const DB_NAME = `cosmac_chatbench_${process.pid}`;
const { conn: DB_CONN, urlOf: dbUrlOf } = localMariadb(CFG.dbUrl);
const DATABASE_URL = dbUrlOf(DB_NAME);
const ADMIN_PASSWORD = `Bench${randomBytes(6).toString('hex')}9`;
const JWT_SECRET = randomBytes(32).toString('hex');

const state = { conn: null, dbCreated: false, tmp: null, redis: null, procs: [], sockets: [] };

// ---------------------------------------------------------------- cleanup

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    for (const s of state.sockets) s?.close();
    for (const p of [...state.procs].reverse()) await p.stop(5000).catch(() => {});
    if (state.redis) await state.redis.stop(3000).catch(() => {});
    if (state.dbCreated) await dropBenchDatabase(mysql, state.conn, DB_CONN, DB_NAME);
    if (state.tmp) rmSync(state.tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
const watchdog = cleanupOnExit(cleanup, CFG.timeoutS);

// ---------------------------------------------------------------- one server kind

const kib = (p) => procInfo(p.pid)?.rssKiB ?? null;

/**
 * Connects every user's socket (user i to instance i % 2, so each group is split over both),
 * measures RSS, runs the steps, closes the sockets. `optionsFor(user, instance)` gives the socket
 * options of that server kind. RSS per 1,000 sockets is the slope between a first tenth of the
 * sockets and all of them, so what the first connections cost once (code paths warming up,
 * buffers, pools) is not charged to every socket.
 */
async function runKind(kind, instances, seed, optionsFor, dbPid) {
  const idle = instances.map(kib);
  const recorder = new Recorder();
  const stats = { connected: 0, disconnects: 0, connectErrors: 0 };
  const sockets = new Array(seed.users.length);
  state.sockets = sockets;
  const connect = (from, to) =>
    connectAll({
      users: seed.users,
      from,
      to,
      sockets,
      stats,
      optionsFor: (u, k) => {
        const inst = instances[k % instances.length];
        return { url: inst.url, options: optionsFor(u, inst) };
      },
      recorder,
      concurrency: CFG.connectConcurrency,
      label: kind,
    });
  const t = performance.now();
  const first = Math.max(instances.length, Math.round(seed.users.length / 10));
  await connect(0, first);
  // Let the connect-time work (presence, room joins across instances) settle before RSS is read.
  await sleep(2000);
  const base = instances.map(kib);
  await connect(first, seed.users.length);
  log(`${kind}: ${sockets.length} sockets connected in ${((performance.now() - t) / 1000).toFixed(1)} s (with a 2 s pause after the first ${first})`);
  await sleep(3000);
  const connected = instances.map(kib);
  const byUser = new Map(seed.users.map((u, i) => [u.id, sockets[i]]));
  const groups = seed.groups.map((g) => ({ id: g.id, sockets: g.memberIds.map((id) => byUser.get(id)) }));
  const pids = { A: instances[0].pid, B: instances[1]?.pid, db: dbPid, redis: state.redis.pid };
  const steps = [];
  for (const rate of CFG.rates) {
    const tag = `${kind[0]}${rate}-${process.pid}`;
    const before = stats.disconnects;
    const s = await runStep({
      groups,
      recorder,
      rate,
      warmupS: CFG.warmupS,
      stepS: CFG.stepS,
      drainS: CFG.drainS,
      tag,
      pids,
      probe: () => dbProbe(state.conn, DB_NAME),
    });
    s.disconnects = stats.disconnects - before;
    steps.push(s);
    const err = s.ackErrors ? `  !! ack errors ${JSON.stringify(s.ackErrorKinds)}` : '';
    const gone = s.disconnects ? `  !! ${s.disconnects} sockets disconnected` : '';
    log(
      `  ${kind} ${String(rate).padStart(5)} msg/s: ${Math.round(s.deliveriesPerSec)}/${s.expectedPerSec} deliv/s, p50 ${s.p50?.toFixed(1)} ms p99 ${s.p99?.toFixed(1)} ms, ` +
        `missing ${s.missing}, kept up ${keptUp(s) ? 'yes' : 'NO'}, cpu A ${Math.round(s.cpuPct.A ?? 0)}% B ${Math.round(s.cpuPct.B ?? 0)}% bench ${Math.round(s.cpuPct.bench)}%${err}${gone}`,
    );
    // The next step starts on an idle server: a step that fell behind leaves work queued.
    const waited = await waitQuiet(state.conn, DB_NAME);
    if (waited === null) log('  (the database was still busy after 120 s; the next step is disturbed)');
    else if (waited > 3000) log(`  (waited ${(waited / 1000).toFixed(1)} s for the servers to finish the step's work)`);
    await sleep(1000);
  }
  const after = instances.map((p) => procInfo(p.pid));
  await closeAll(sockets);
  state.sockets = [];
  const count = (upTo, i) => Array.from({ length: upTo }, (_, k) => k).filter((k) => k % instances.length === i).length;
  const rss = instances.map((p, i) => {
    const n = count(seed.users.length, i);
    const added = n - count(first, i);
    return {
      label: p.label,
      sockets: n,
      added,
      idleKiB: idle[i],
      firstTenthKiB: base[i],
      connectedKiB: connected[i],
      perThousandKiB: base[i] !== null && connected[i] !== null && added > 0 ? ((connected[i] - base[i]) / added) * 1000 : null,
      afterLoadKiB: after[i]?.rssKiB ?? null,
      peakKiB: after[i]?.hwmKiB ?? null,
    };
  });
  return { steps, rss, stray: recorder.stray, connectErrors: stats.connectErrors };
}

async function stopAll(list) {
  for (const p of list) {
    await p.stop(8000);
    state.procs = state.procs.filter((x) => x !== p);
  }
}

// ---------------------------------------------------------------- main

async function main() {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first (npm run bench:chat does).`);
  if (!existsSync(REDIS_BIN)) throw new Error(`${REDIS_BIN} is missing (set REDIS_SERVER_BIN)`);
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const cores = availableParallelism?.() ?? cpus().length;
  log(`COSMAC AI chat benchmark: ${JSON.stringify(CFG)}; ${cores} cores shared by everything`);

  const admin = await mysql.createConnection(DB_CONN);
  const [[ver]] = await admin.query('SELECT VERSION() AS v');
  await admin.query(`DROP DATABASE IF EXISTS \`${DB_NAME}\``);
  await admin.query(`CREATE DATABASE \`${DB_NAME}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  state.dbCreated = true;
  await admin.end();
  state.conn = await mysql.createConnection({ ...DB_CONN, database: DB_NAME, dateStrings: true });
  state.tmp = mkdtempSync(join(tmpdir(), 'cosmac-chatbench-'));
  state.redis = await startRedis(state.tmp);
  log(`database ${DB_NAME}, redis-server on :${state.redis.port}, temp ${state.tmp}`);

  let t = performance.now();
  const shared = { DATABASE_URL, REDIS_URL: state.redis.url, JWT_SECRET, ADMIN_PASSWORD };
  const ours = [];
  // A first: its first start creates the schema and the seed; B then finds them in place.
  for (const name of ['A', 'B']) {
    const p = await startOurs({ name, root: ROOT, entry: ENTRY, tmp: state.tmp, shared });
    state.procs.push(p);
    ours.push(p);
  }
  log(`our instances up on :${ours[0].port} and :${ours[1].port} (${Math.round(performance.now() - t)} ms)`);

  t = performance.now();
  const seed = await seedChat({
    conn: state.conn,
    base: ours[0].url,
    adminPassword: ADMIN_PASSWORD,
    clients: CFG.clients,
    groupSize: CFG.groupSize,
    prefix: `cb${process.pid}`,
  });
  log(`${seed.users.length} users in ${seed.groups.length} groups made (${Math.round(performance.now() - t)} ms); signing them in (scrypt each)…`);
  const signIn = await signInAll({ users: seed.users, password: seed.password, bases: ours.map((p) => p.url), concurrency: CFG.signinConcurrency });
  log(`signed in ${signIn.count} users in ${(signIn.ms / 1000).toFixed(1)} s`);

  const dbPid = findDbPid();
  const results = { ours: null, bare: null };
  for (const kind of CFG.servers) {
    log(`\n== ${kind}`);
    if (kind === 'ours') {
      if (!ours.length) continue;
      results.ours = await runKind('ours', ours, seed, (u) => ({ auth: { token: u.token } }), dbPid);
      // Stopped before the bare servers start: the two never share the machine.
      await stopAll(ours.splice(0));
    } else {
      const bare = [];
      for (const name of ['A', 'B']) {
        const p = await startBare({
          name,
          here: HERE,
          root: ROOT,
          databaseUrl: DATABASE_URL,
          redisUrl: state.redis.url,
          table: 'bench_bare_message',
          redisKey: `chatbench-bare-${process.pid}`,
        });
        state.procs.push(p);
        bare.push(p);
      }
      log(`bare servers up on :${bare[0].port} and :${bare[1].port}`);
      const groupOf = new Map(seed.groups.flatMap((g) => g.memberIds.map((id) => [id, g.id])));
      results.bare = await runKind('bare', bare, seed, (u) => ({ query: { userId: String(u.id), groups: String(groupOf.get(u.id)) } }), dbPid);
      await stopAll(bare);
    }
  }

  const oursSteps = results.ours?.steps ?? [];
  const bareSteps = results.bare?.steps ?? [];
  const verdict = verdicts(oursSteps, bareSteps);
  const notes = [
    `each person sends rate / ${CFG.clients} messages/s (senders rotate through every group's members); our per-sender limit is CHAT_SEND_LIMIT (default 20 per 10 s)`,
    'the load generator shares the cores: its own CPU (column bench) bounds what any server can show here',
    `load average (1 min) at start ${loadAtStart[0].toFixed(1)}, at end ${loadavg()[0].toFixed(1)} on ${cores} cores${loadAtStart[0] > cores ? ': other work was running, the numbers are disturbed' : ''}`,
  ];
  for (const [k, r] of Object.entries(results)) {
    if (r?.stray) notes.push(`${k}: ${r.stray} notices came after their step had ended (a step that fell behind) and were not counted`);
    const gone = r?.steps.reduce((n, s) => n + s.disconnects, 0);
    if (gone) notes.push(`${k}: ${gone} sockets disconnected during the steps (not reconnected)`);
  }
  const rss = [...(results.ours?.rss ?? []), ...(results.bare?.rss ?? [])];
  if (rss.some((r) => r.added < 300))
    notes.push('fewer than 300 sockets per instance were added after the first tenth: the per-1,000 RSS figure is mostly noise (heap growth, GC timing)');
  const text = report({ cfg: CFG, ours: oursSteps, bare: bareSteps, rss, verdict, cores, notes });
  process.stdout.write(text + '\n');

  const outDir = join(HERE, 'results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `chat-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const payload = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    config: CFG,
    environment: { node: process.version, database: ver.v, cores, loadavgAtStart: loadAtStart, loadavgAtEnd: loadavg() },
    targets: TARGETS,
    signIn,
    ours: results.ours,
    bare: results.bare,
    verdict,
    text,
  };
  writeFileSync(file, JSON.stringify(payload, null, 2));
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
