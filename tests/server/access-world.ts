/**
 * What the access tests share: the app on a database kind, calls with an optional token, users made
 * through the administrator's API and signed in, the member role's menus, and tokens made to look
 * real (claims read without checking, a changed signature).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';

export type Res = { status: number; body: { code: number; message: string; data: any }; text: string };

export interface Pair {
  token: string;
  refreshToken: string;
}

/** The claims of a token, read without checking it (to build look-alike tokens). */
export function claimsOf(token: string): { uid: number; pv: number; typ: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** A token whose signature differs from the real one in its first byte. */
export function withChangedSignature(token: string): string {
  const [h, p, s] = token.split('.');
  const sig = Buffer.from(s, 'base64url');
  sig[0] ^= 0xff;
  return `${h}.${p}.${sig.toString('base64url')}`;
}

export function expectRefused(res: Res, status: number): void {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(1001);
  expect(JSON.stringify(res.body.data ?? null)).not.toMatch(/token/i);
}

export interface AccessWorld {
  t: TestApp;
  get(path: string, token?: string): Promise<Res>;
  post(path: string, body: unknown, token?: string): Promise<Res>;
  asAdmin: { get(path: string): Promise<Res>; post(path: string, body: unknown): Promise<Res> };
  /** Creates a user through the admin API, in the member role unless told otherwise. */
  createUser(extra?: Record<string, unknown>): Promise<{ id: number; username: string; password: string }>;
  /** Signs in through /admin/base/open/login and returns both tokens. */
  signIn(username: string, password: string): Promise<Pair>;
  linkMemberMenus(menuIds: number[]): Promise<void>;
  /** A button menu holding 'demo:goods:page', created once through the API. */
  goodsPageMenu(): Promise<number>;
  passwordVOf(id: number): Promise<number>;
}

/** Starts the app for the describe block it is called in (beforeAll) and closes it after (afterAll). */
export function accessWorld(kind: 'sqlite' | 'mysql'): AccessWorld {
  let t: TestApp;
  let memberRoleId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await startApp(kind);
    const [role] = await t.core.db.query<{ id: number }>(`SELECT ${t.core.db.q('id')} FROM ${t.core.db.q('base_sys_role')} WHERE ${t.core.db.q('label')} = ?`, [
      'member',
    ]);
    memberRoleId = Number(role.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, token?: string) => {
    const r = t.http().get(path);
    return (token ? r.set('Authorization', token) : r) as unknown as Promise<Res>;
  };
  const post = (path: string, body: unknown, token?: string) => {
    const r = t
      .http()
      .post(path)
      .send(body as object);
    return (token ? r.set('Authorization', token) : r) as unknown as Promise<Res>;
  };
  const asAdmin = {
    get: (path: string) => get(path, t.adminToken),
    post: (path: string, body: unknown) => post(path, body, t.adminToken),
  };

  /** Creates a user through the admin API, in the member role unless told otherwise. */
  async function createUser(extra: Record<string, unknown> = {}): Promise<{ id: number; username: string; password: string }> {
    const username = `user_${kind}_${++seq}`;
    const password = `Pw-${seq}-secret`;
    const res = await asAdmin.post('/admin/base/sys/user/add', { username, password, nickName: username, roleIdList: [memberRoleId], ...extra });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return { id: res.body.data.id as number, username, password };
  }

  /** Signs in through /admin/base/open/login and returns both tokens. */
  async function signIn(username: string, password: string): Promise<Pair> {
    const res = await post('/admin/base/open/login', { username, password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { token: res.body.data.token, refreshToken: res.body.data.refreshToken };
  }

  async function linkMemberMenus(menuIds: number[]): Promise<void> {
    const res = await asAdmin.post('/admin/base/sys/role/update', { id: memberRoleId, menuIdList: menuIds });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
  }

  let pageMenuId: number | null = null;
  /** A button menu holding 'demo:goods:page', created once through the API. */
  async function goodsPageMenu(): Promise<number> {
    if (pageMenuId !== null) return pageMenuId;
    const res = await asAdmin.post('/admin/base/sys/menu/add', { name: 'Demo goods page (test)', type: 2, perms: 'demo:goods:page' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    pageMenuId = res.body.data.id as number;
    return pageMenuId;
  }

  async function passwordVOf(id: number): Promise<number> {
    const q = t.core.db.q.bind(t.core.db);
    const [row] = await t.core.db.query<{ passwordV: number }>(`SELECT ${q('passwordV')} FROM ${q('base_sys_user')} WHERE ${q('id')} = ?`, [id]);
    return Number(row.passwordV);
  }

  return {
    get t() {
      return t;
    },
    get,
    post,
    asAdmin,
    createUser,
    signIn,
    linkMemberMenus,
    goodsPageMenu,
    passwordVOf,
  };
}
