/**
 * What the log, site, short-link and dashboard tests share: the app on a database kind (its request
 * log written only when flushed, a small short-link limit, no SITE_URL), a member, the administrator's
 * id, calls with an optional token and host, and request log rows written straight into the table.
 */
import { beforeAll, afterAll, expect } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';

export const DAY = 86400_000;
export const SHORTLINK_LIMIT = 6;

export type Res = { status: number; headers: Record<string, string>; body: any; text: string };

/** A time as the database stores it (UTC, milliseconds). */
export const stored = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

export interface LogsSiteWorld {
  t: TestApp;
  memberToken: string;
  adminId: number;
  get(path: string, token?: string, host?: string): Promise<Res>;
  post(path: string, body: unknown, token?: string, host?: string): Promise<Res>;
  q(name: string): string;
  /** The data of a 200 / 1000 answer. */
  ok(res: Res): any;
  /** Inserts request log rows with the given times and IPs. */
  logRows(rows: Array<{ time: number; ip?: string; userId?: number | null; action?: string }>): Promise<void>;
  countLogs(where?: string, params?: unknown[]): Promise<number>;
}

/** Starts the app for the describe block it is called in (beforeAll) and closes it after (afterAll). */
export function logsSiteWorld(kind: 'sqlite' | 'mysql'): LogsSiteWorld {
  let t: TestApp;
  let memberToken = '';
  let adminId = 0;
  const get = (path: string, token?: string, host?: string) => {
    let r = t.http().get(path);
    if (token) r = r.set('Authorization', token);
    if (host) r = r.set('Host', host);
    return r as unknown as Promise<Res>;
  };
  const post = (path: string, body: unknown, token?: string, host?: string) => {
    let r = t
      .http()
      .post(path)
      .send(body as object);
    if (token) r = r.set('Authorization', token);
    if (host) r = r.set('Host', host);
    return r as unknown as Promise<Res>;
  };
  const q = (n: string) => t.core.db.q(n);
  const ok = (res: Res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe(1000);
    return res.body.data;
  };

  /** Inserts request log rows with the given times and IPs. */
  async function logRows(rows: Array<{ time: number; ip?: string; userId?: number | null; action?: string }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await t.core.db.run(
        `INSERT INTO ${q('base_sys_log')} (${['userId', 'action', 'ip', 'params', 'createTime', 'updateTime'].map(q).join(', ')}) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((r) => [r.userId ?? null, r.action ?? '/test', r.ip ?? '203.0.113.1', null, stored(r.time), stored(r.time)]),
      );
    }
  }
  const countLogs = async (where = '1 = 1', params: unknown[] = []) =>
    Number((await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q('base_sys_log')} WHERE ${where}`, params))[0].n);

  beforeAll(async () => {
    t = await startApp(kind, {
      // The request log writes only when asked (flush) or when a batch fills, so the test's own calls
      // never land in base_sys_log in the middle of an assertion about it.
      env: { ...process.env, SHORTLINK_ADD_PER_HOUR: String(SHORTLINK_LIMIT), SITE_URL: undefined, REQUEST_LOG_FLUSH_MS: '3600000' },
    });
    const [role] = await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('base_sys_role')} WHERE ${q('label')} = ?`, ['member']);
    const username = `member_${kind}`;
    const password = 'Member-Pw-123';
    ok(await post('/admin/base/sys/user/add', { username, password, nickName: username, roleIdList: [Number(role.id)] }, t.adminToken));
    memberToken = await t.login(username, password);
    const [admin] = await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('base_sys_user')} WHERE ${q('username')} = ?`, ['admin']);
    adminId = Number(admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return t;
    },
    get memberToken() {
      return memberToken;
    },
    get adminId() {
      return adminId;
    },
    get,
    post,
    q,
    ok,
    logRows,
    countLogs,
  };
}
