/**
 * A proposed write of an AI member confirmed on two server processes that share one MariaDB and one
 * Redis: ten confirms at once, half through each instance, run it exactly once (one desktop added),
 * the other nine are told it is no longer waiting; the asker may confirm through either instance.
 * The confirm is one conditional update in the database, so the instances need nothing else to agree.
 * Skipped without MariaDB or redis-server, unless CI=true (then their absence fails the run).
 */
import type { ChildProcess } from 'node:child_process';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { freePort, hasRedisServer, startRedis, stop } from '../helpers/cluster';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const hasMysql = (await databaseKinds()).includes('mysql');
const ADMIN_PASSWORD = 'Cluster-Admin-1';

type Answer = { status: number; code: number; message: string; data: any };

describe.skipIf(!(hasMysql && hasRedisServer))("an AI member's proposal confirmed across two instances", () => {
  let db: TestDb;
  let redis: ChildProcess | null = null;
  const servers: ChildProcess[] = [];
  const urls: string[] = [];
  let admin = '';

  const call = async (base: string, path: string, body: unknown, token?: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
  };
  const sql = async (text: string, params: unknown[] = []) => {
    const c = await mysql.createConnection({ uri: db.url, dateStrings: true });
    try {
      return (await c.query(text, params))[0] as any;
    } finally {
      await c.end();
    }
  };
  const login = async (username: string, password: string) => {
    const res = await call(urls[1], '/admin/base/open/login', { username, password });
    expect(res.code, JSON.stringify(res)).toBe(1000);
    return res.data.token as string;
  };

  beforeAll(async () => {
    db = await createTestDb('mysql');
    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    const env = { DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, ADMIN_PASSWORD, LOG_CONSOLE_LEVEL: 'error' };
    for (const id of ['A', 'B']) {
      const s = await startServerProcess({ ...env, INSTANCE_ID: id });
      servers.push(s.proc);
      urls.push(`http://127.0.0.1:${s.port}`);
    }
    admin = await login('admin', ADMIN_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) await stop(s);
    await stop(redis);
    await db?.drop();
  });

  it('runs a proposal once of ten confirms at once through both instances', async () => {
    const [role] = await sql("SELECT `id` FROM `base_sys_role` WHERE `label` = 'member'");
    const added = await call(
      urls[0],
      '/admin/base/sys/user/add',
      { username: 'asker', password: 'Member-Pass-1', nickName: 'Asker', roleIdList: [Number(role.id)] },
      admin,
    );
    expect(added.code, JSON.stringify(added)).toBe(1000);
    const askerId = Number(added.data.id);
    const token = await login('asker', 'Member-Pass-1');
    // The proposal as the loop stores it (run-with-tools.ts): the AI member's write, pending.
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const inserted = await sql(
      'INSERT INTO `ai_tool_call` (`askerId`, `aiUserId`, `tool`, `input`, `effect`, `state`, `createTime`, `updateTime`) VALUES (?, 1, ?, ?, ?, 0, ?, ?)',
      [askerId, 'base_desktop_add', JSON.stringify({ name: 'Desk from a proposal' }), 'write', now, now],
    );
    const id = Number(inserted.insertId);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(urls[i % 2], '/admin/ai/tool/confirm', { id }, token)));
    expect(answers.filter((a) => a.code === 1000)).toHaveLength(1);
    const refused = answers.filter((a) => a.code !== 1000);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.status).toBe(409);
    const desks = await sql('SELECT `name` FROM `base_desktop` WHERE `userId` = ? AND `delete` = 0', [askerId]);
    expect(desks.map((d: { name: string }) => d.name)).toEqual(['Desk from a proposal']);
    const [row] = await sql('SELECT `state` FROM `ai_tool_call` WHERE `id` = ?', [id]);
    expect(Number(row.state)).toBe(2);
  });
});
