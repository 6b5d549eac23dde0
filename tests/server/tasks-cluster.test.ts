/**
 * Scheduled tasks on two server processes that share one MariaDB and one Redis (issue 19): a task
 * every second for ten seconds runs 9 to 11 times in all, never twice for one tick, and when one
 * instance is killed half-way the runs go on on the other. Prints the runs per tick.
 * Skipped without MariaDB or redis-server, unless CI=true (then their absence fails the run).
 */
import type { ChildProcess } from 'node:child_process';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { freePort, hasRedisServer, sleep, startRedis, stop } from '../helpers/cluster';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const hasMysql = (await databaseKinds()).includes('mysql');
const hasRedis = hasRedisServer;
const ADMIN_PASSWORD = 'Cluster-Admin-1';

describe.skipIf(!(hasMysql && hasRedis))('scheduled tasks across two instances with Redis', () => {
  let db: TestDb;
  let redis: ChildProcess | null = null;
  const servers: Record<'A' | 'B', ChildProcess | null> = { A: null, B: null };
  let urlA = '';

  const call = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${urlA}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; data: any };
  };
  const sql = async (text: string, params: unknown[] = []) => {
    const c = await mysql.createConnection({ uri: db.url, dateStrings: true });
    try {
      return (await c.query(text, params))[0] as any[];
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDb('mysql');
    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    const env = { DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, ADMIN_PASSWORD, LOG_CONSOLE_LEVEL: 'error' };
    const a = await startServerProcess({ ...env, INSTANCE_ID: 'A' });
    servers.A = a.proc;
    servers.B = (await startServerProcess({ ...env, INSTANCE_ID: 'B' })).proc;
    urlA = `http://127.0.0.1:${a.port}`;
  }, 240_000);

  afterAll(async () => {
    await stop(servers.A);
    await stop(servers.B);
    await stop(redis);
    await db?.drop();
  });

  it('runs a task every second 9 to 11 times in ten seconds, once per tick, and goes on when an instance dies', async () => {
    const login = await call('/admin/base/open/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.code, JSON.stringify(login)).toBe(1000);
    const token = login.data.token as string;
    // Ticks on whole seconds from 3 s ahead, the last one 9 s later: ten ticks.
    const start = Math.ceil(Date.now() / 1000) * 1000 + 3000;
    const end = start + 9500;
    const added = await call(
      '/admin/task/info/add',
      {
        name: 'cluster tick',
        service: 'requestLog.purge',
        taskType: 1,
        every: 1000,
        startDate: new Date(start).toISOString(),
        endDate: new Date(end).toISOString(),
      },
      token,
    );
    expect(added.code, JSON.stringify(added)).toBe(1000);
    const id = added.data.id as number;

    await sleep(start + 4600 - Date.now());
    await stop(servers.B, 'SIGKILL');
    const killedAt = Date.now();
    await sleep(end + 3000 - Date.now());

    const ms = (stored: unknown) => Date.parse(`${String(stored).replace(' ', 'T')}Z`);
    const rows = await sql('SELECT `tick`, `instance`, `status`, `startTime`, `detail` FROM `task_log` WHERE `taskId` = ? ORDER BY `tick`', [id]);
    const perTick = new Map<string, string[]>();
    for (const r of rows) perTick.set(String(r.tick), [...(perTick.get(String(r.tick)) ?? []), String(r.instance)]);
    const lines = [...perTick].map(([tick, who]) => {
      const late = ms(rows.find((r) => String(r.tick) === tick).startTime) - ms(tick);
      return `  ${tick}  runs ${who.length}  on ${who.join(',')}  started +${late} ms`;
    });
    console.log(
      [
        `two instances, task every 1000 ms from ${new Date(start).toISOString()} to ${new Date(end).toISOString()}; B killed (SIGKILL) at +${killedAt - start} ms`,
        ...lines,
        `runs in all: ${rows.length}; ticks: ${perTick.size}; most runs of one tick: ${Math.max(...[...perTick.values()].map((w) => w.length))}; on A: ${rows.filter((r) => r.instance === 'A').length}, on B: ${rows.filter((r) => r.instance === 'B').length}`,
      ].join('\n'),
    );

    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(rows.length).toBeLessThanOrEqual(11);
    for (const who of perTick.values()) expect(who).toHaveLength(1);
    // After the kill every tick ran, on A.
    const afterKill = rows.filter((r) => ms(r.tick) > killedAt + 1000);
    expect(afterKill.length).toBeGreaterThanOrEqual(4);
    expect(afterKill.every((r) => r.instance === 'A' && Number(r.status) === 1)).toBe(true);
    const [task] = await sql('SELECT `status`, `runCount`, `nextRunTime` FROM `task_info` WHERE `id` = ?', [id]);
    expect(Number(task.status)).toBe(0);
    expect(task.nextRunTime).toBeNull();
    expect(Number(task.runCount)).toBe(rows.length);
  });
});
