/**
 * Two server processes sharing one MariaDB database and one Redis (a redis-server of their own on a
 * free port), for the tests of work that spans instances: their urls, the administrator's token, a
 * JSON call, a SQL query on the shared database and members made through the API.
 *
 *   const w = await startTwoInstances({ ...llm.env() });     // in beforeAll
 *   const ann = await w.person({ tokens: 100 });
 *   await w.call(w.urls[1], '/admin/base/message/add', body, ann.token);
 *   await w.close();                                         // in afterAll
 */
import type { ChildProcess } from 'node:child_process';
import mysql from 'mysql2/promise';
import { expect } from 'vitest';
import { startServerProcess } from './build';
import { freePort, startRedis, stop } from './cluster';
import { createTestDb, type TestDb } from './databases';

export const CLUSTER_ADMIN_PASSWORD = 'Cluster-Admin-1';
const MEMBER_PASSWORD = 'Member-Pass-1';

export type Answer = { status: number; code: number; message: string; data: any };

export interface TwoInstances {
  db: TestDb;
  /** Instance A, then instance B. */
  urls: [string, string];
  adminToken: string;
  /** A JSON call (POST with a body, or GET) to one instance; answers the envelope and the HTTP status. */
  call(base: string, path: string, body?: unknown, token?: string, method?: 'POST' | 'GET'): Promise<Answer>;
  /** A query on the shared database (its rows, or the result of a write). */
  sql(text: string, params?: unknown[]): Promise<any>;
  login(username: string, password: string): Promise<string>;
  /** A member (the seeded member role) made through instance A, with `tokens` written into the database. */
  person(o?: { tokens?: number; prefix?: string }): Promise<{ id: number; username: string; token: string }>;
  close(): Promise<void>;
}

/** Starts them (give the hook 240 s: two processes on a busy machine); `env` is added to both. */
export async function startTwoInstances(env: Record<string, string | undefined> = {}): Promise<TwoInstances> {
  const db = await createTestDb('mysql');
  const redisPort = await freePort();
  const redis: ChildProcess = await startRedis(redisPort);
  const servers: ChildProcess[] = [];
  const urls: string[] = [];
  const base = {
    DATABASE_URL: db.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    ADMIN_PASSWORD: CLUSTER_ADMIN_PASSWORD,
    LOG_CONSOLE_LEVEL: 'error',
    ...env,
  };
  for (const id of ['A', 'B']) {
    const s = await startServerProcess({ ...base, INSTANCE_ID: id });
    servers.push(s.proc);
    urls.push(`http://127.0.0.1:${s.port}`);
  }
  const call: TwoInstances['call'] = async (at, path, body, token, method = 'POST') => {
    const res = await fetch(`${at}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
  };
  const sql: TwoInstances['sql'] = async (text, params = []) => {
    const c = await mysql.createConnection({ uri: db.url, dateStrings: true });
    try {
      return (await c.query(text, params))[0];
    } finally {
      await c.end();
    }
  };
  const login: TwoInstances['login'] = async (username, password) => {
    const res = await call(urls[0], '/admin/base/open/login', { username, password });
    expect(res.code, JSON.stringify(res)).toBe(1000);
    return res.data.token as string;
  };
  const adminToken = await login('admin', CLUSTER_ADMIN_PASSWORD);
  const [role] = await sql("SELECT `id` FROM `base_sys_role` WHERE `label` = 'member'");
  let seq = 0;
  return {
    db,
    urls: urls as [string, string],
    adminToken,
    call,
    sql,
    login,
    async person(o = {}) {
      const username = `${o.prefix ?? 'cluster'}_${++seq}`;
      const added = await call(
        urls[0],
        '/admin/base/sys/user/add',
        { username, password: MEMBER_PASSWORD, nickName: username, roleIdList: [Number(role.id)] },
        adminToken,
      );
      expect(added.code, JSON.stringify(added)).toBe(1000);
      if (o.tokens !== undefined) await sql('UPDATE `base_sys_user` SET `tokens` = ? WHERE `id` = ?', [o.tokens, added.data.id]);
      return { id: Number(added.data.id), username, token: await login(username, MEMBER_PASSWORD) };
    },
    async close() {
      for (const s of servers) await stop(s);
      await stop(redis);
      await db.drop();
    },
  };
}
