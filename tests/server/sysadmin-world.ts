/**
 * What the system administration tests share: the app booted on one database kind (started before
 * and closed after the describe block that calls `sysadminWorld`), the administrator's id, and
 * helpers for calls with or without a token, roles holding given permission keys, and users.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';

export type Res = { status: number; headers: Record<string, string>; body: { code: number; message: string; data: any }; text: string };

export function sysadminWorld(kind: 'sqlite' | 'mysql') {
  let t: TestApp;
  let seq = 0;
  let adminId = 0;

  beforeAll(async () => {
    t = await startApp(kind);
    const [admin] = await t.core.db.query<{ id: number }>(
      `SELECT ${t.core.db.q('id')} FROM ${t.core.db.q('base_sys_user')} WHERE ${t.core.db.q('username')} = ?`,
      ['admin'],
    );
    adminId = Number(admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The next number for names this world makes unique. */
  const next = () => ++seq;
  const get = (path: string, token?: string, headers: Record<string, string> = {}) => {
    let r = t.http().get(path);
    for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
    return (token ? r.set('Authorization', token) : r) as unknown as Promise<Res>;
  };
  const post = (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) => {
    let r = t.http().post(path);
    for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
    r = r.send(body as object);
    return (token ? r.set('Authorization', token) : r) as unknown as Promise<Res>;
  };
  const admin = {
    get: (path: string) => get(path, t.adminToken),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) => post(path, body, t.adminToken, headers),
  };
  async function ok(res: Promise<Res>): Promise<any> {
    const r = await res;
    expect(r.body.code, JSON.stringify(r.body)).toBe(1000);
    return r.body.data;
  }
  function fieldsOf(res: Res): string[] {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(1002);
    return (res.body.data as Array<{ field: string }>).map((e) => e.field);
  }
  const menuCount = async () =>
    Number((await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${t.core.db.q('n')} FROM ${t.core.db.q('base_sys_menu')}`))[0].n);
  const menuList = async (): Promise<any[]> => ok(admin.post('/admin/base/sys/menu/list', {}));

  /** A role holding exactly the given permission keys (one button menu each, none when empty). */
  async function roleWith(keys: string[]): Promise<number> {
    const menuIds: number[] = [];
    for (const key of keys) menuIds.push((await ok(admin.post('/admin/base/sys/menu/add', { name: `grant ${key}`, type: 2, perms: key }))).id);
    const n = next();
    return (await ok(admin.post('/admin/base/sys/role/add', { name: `Role ${n}`, label: `role_${kind}_${n}`, menuIdList: menuIds }))).id;
  }
  async function createUser(extra: Record<string, unknown> = {}): Promise<{ id: number; username: string; password: string }> {
    const n = next();
    const username = `sys_${kind}_${n}`;
    const password = `Pw-${n}-secret`;
    const data = await ok(admin.post('/admin/base/sys/user/add', { username, password, nickName: `Nick ${n}`, ...extra }));
    return { id: data.id, username, password };
  }
  async function signedIn(roleIds: number[], extra: Record<string, unknown> = {}) {
    const u = await createUser({ roleIdList: roleIds, ...extra });
    return { ...u, token: await t.login(u.username, u.password) };
  }

  return {
    get t() {
      return t;
    },
    get adminId() {
      return adminId;
    },
    next,
    get,
    post,
    admin,
    ok,
    fieldsOf,
    menuCount,
    menuList,
    roleWith,
    createUser,
    signedIn,
  };
}
