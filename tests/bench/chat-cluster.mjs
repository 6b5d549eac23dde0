/**
 * The processes of the chat benchmark: one redis-server on a free port, two instances of our server
 * and two bare servers on it. Each start waits until the process answers, or fails with the tail of
 * its output. Stopping is the caller's job (every handle has `stop()`), so the harness's cleanup
 * finds everything it started in one place. Also a probe of what the bench database is doing.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import Redis from 'ioredis';
import { SERVE_NODE_ARGS, freePort, sleep, startChild, waitFor200 } from './lib.mjs';

export const REDIS_BIN = process.env.REDIS_SERVER_BIN || '/usr/bin/redis-server';

/** redis-server on a free port, nothing kept on disk; resolves once it answers PING. */
export async function startRedis(dir) {
  const port = await freePort();
  const p = startChild('redis-server', REDIS_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    cwd: dir,
  });
  const url = `redis://127.0.0.1:${port}`;
  const end = Date.now() + 15_000;
  for (;;) {
    if (p.exitInfo) throw new Error(`redis-server exited (${JSON.stringify(p.exitInfo)}):\n${p.output()}`);
    const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    c.on('error', () => {});
    try {
      await c.connect();
      if ((await c.ping()) === 'PONG') {
        c.disconnect();
        return Object.assign(p, { url, port });
      }
    } catch {
      /* not yet */
    }
    c.disconnect();
    if (Date.now() > end) throw new Error(`redis-server on :${port} did not answer within 15 s:\n${p.output()}`);
    await sleep(100);
  }
}

/**
 * One instance of our server (`node dist/server/bootstrap.js`) with its own DATA_DIR and LOG_DIR.
 * `shared` holds what both instances must agree on: DATABASE_URL, REDIS_URL, JWT_SECRET,
 * ADMIN_PASSWORD.
 */
export async function startOurs({ name, root, entry, tmp, shared }) {
  const port = await freePort();
  const data = join(tmp, `${name}-data`);
  const logs = join(tmp, `${name}-logs`);
  mkdirSync(data, { recursive: true });
  mkdirSync(logs, { recursive: true });
  const env = {
    ...process.env,
    ...shared,
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    DATA_DIR: data,
    LOG_DIR: logs,
    NODE_ENV: process.env.NODE_ENV || 'production',
    // One sign-in per member lasts the whole run.
    ACCESS_TOKEN_TTL: '86400',
    // As `npm start` launches the server (docs/operations/memory.md).
    MALLOC_MMAP_THRESHOLD_: '131072',
    LOG_CONSOLE_LEVEL: process.env.LOG_CONSOLE_LEVEL || 'error',
  };
  delete env.MIDWAY_HTTP_PORT;
  const p = startChild(`our server ${name}`, process.execPath, [...SERVE_NODE_ARGS, entry], { env, cwd: root });
  await waitFor200(`http://127.0.0.1:${port}/health`, { proc: p, timeoutMs: 120_000 });
  return Object.assign(p, { url: `http://127.0.0.1:${port}`, port, label: `ours ${name}` });
}

/** One bare server (chat-bare-server.mjs) on the same database and Redis, under its own adapter key. */
export async function startBare({ name, here, root, databaseUrl, redisUrl, table, redisKey }) {
  const port = await freePort();
  const p = startChild(`bare server ${name}`, process.execPath, [join(here, 'chat-bare-server.mjs')], {
    env: { ...process.env, BARE_PORT: String(port), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, BARE_TABLE: table, BARE_REDIS_KEY: redisKey },
    cwd: root,
    keepStdin: true,
  });
  await waitFor200(`http://127.0.0.1:${port}/health`, { proc: p, timeoutMs: 30_000 });
  return Object.assign(p, { url: `http://127.0.0.1:${port}`, port, label: `bare ${name}` });
}

/**
 * What the bench database is doing now: statements running, connections open, transactions open
 * and transactions waiting for a lock (only those of the bench database's connections).
 */
export async function dbProbe(conn, dbName) {
  const [[r]] = await conn.query(
    "SELECT SUM(p.COMMAND IN ('Query', 'Execute')) AS running, COUNT(*) AS connections, COUNT(t.trx_id) AS transactions, SUM(t.trx_state = 'LOCK WAIT') AS lockWaits " +
      'FROM information_schema.PROCESSLIST p LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID WHERE p.DB = ? AND p.ID <> CONNECTION_ID()',
    [dbName],
  );
  return { running: Number(r.running ?? 0), connections: Number(r.connections), transactions: Number(r.transactions), lockWaits: Number(r.lockWaits ?? 0) };
}

/** Waits until the bench database has no open transaction and runs no statement (two readings in a row). */
export async function waitQuiet(conn, dbName, maxMs = 120_000) {
  const t0 = Date.now();
  let quiet = 0;
  while (Date.now() - t0 < maxMs) {
    const p = await dbProbe(conn, dbName);
    if (p.running === 0 && p.transactions === 0) {
      if (++quiet >= 2) return Date.now() - t0;
    } else quiet = 0;
    await sleep(250);
  }
  return null;
}
