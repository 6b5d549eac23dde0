/**
 * Access control through the real HTTP stack, on every database kind: tokens (missing, forged,
 * expired, wrong type, outdated by a passwordV bump, refreshed), permission keys granted through
 * role menus, public actions and what they show, /eps per caller, disabled accounts, password
 * secrecy and the captcha.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import { close, createApp, createHttpRequest } from '@midwayjs/mock';
import type { Framework } from '@midwayjs/koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MainConfiguration, getStarted, setAppConfig } from '../../server/configuration';
import type { AppConfig, Core } from '../../server/core/core';
import { JwtCodec } from '../../server/core/auth/jwt';
import { SYSTEM } from '../../server/core/entity/access';
import { ADMIN_PASSWORD, startApp, type TestApp } from '../helpers/app';
import { createTestDb, databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

type Res = { status: number; body: { code: number; message: string; data: any }; text: string };

interface Pair {
  token: string;
  refreshToken: string;
}

/** The claims of a token, read without checking it (to build look-alike tokens). */
function claimsOf(token: string): { uid: number; pv: number; typ: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** A token whose signature differs from the real one in its first byte. */
function withChangedSignature(token: string): string {
  const [h, p, s] = token.split('.');
  const sig = Buffer.from(s, 'base64url');
  sig[0] ^= 0xff;
  return `${h}.${p}.${sig.toString('base64url')}`;
}

function expectRefused(res: Res, status: number): void {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(1001);
  expect(JSON.stringify(res.body.data ?? null)).not.toMatch(/token/i);
}

/** Every `api` entry of an /eps answer, with its module and entity name. */
function epsApis(eps: Record<string, Array<{ name: string; api: Array<{ method: string; path: string; public: boolean; permission: string | null }> }>>) {
  return Object.entries(eps).flatMap(([module, entries]) =>
    entries.flatMap((e) => e.api.map((a) => ({ module, name: e.name, ...a }))),
  );
}

function hasApi(apis: ReturnType<typeof epsApis>, module: string, name: string, path: string): boolean {
  return apis.some((a) => a.module === module && a.name === name && a.path === path);
}

describe.each(kinds)('access control on %s', (kind) => {
  let t: TestApp;
  let memberRoleId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await startApp(kind);
    const [role] = await t.core.db.query<{ id: number }>(
      `SELECT ${t.core.db.q('id')} FROM ${t.core.db.q('base_sys_role')} WHERE ${t.core.db.q('label')} = ?`,
      ['member'],
    );
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
    const r = t.http().post(path).send(body as object);
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

  describe('tokens', () => {
    it('refuses a call without a token with 401 and code 1001', async () => {
      for (const res of [await get('/admin/base/comm/person'), await post('/admin/base/sys/user/page', {})]) {
        expectRefused(res, 401);
      }
    });

    it('accepts the access token raw and with the Bearer prefix', async () => {
      const raw = await get('/admin/base/comm/person', t.adminToken);
      expect(raw.status).toBe(200);
      expect(raw.body.data.username).toBe('admin');
      const bearer = await get('/admin/base/comm/person', `Bearer ${t.adminToken}`);
      expect(bearer.status).toBe(200);
      expect(bearer.body.data.username).toBe('admin');
    });

    it('refuses a token whose signature was changed, whose claims were changed, or signed with another secret', async () => {
      const forged = withChangedSignature(t.adminToken);
      expect(forged).not.toBe(t.adminToken);
      expectRefused(await get('/admin/base/comm/person', forged), 401);
      expectRefused(await get('/admin/base/comm/person', `Bearer ${forged}`), 401);

      const [h, , s] = t.adminToken.split('.');
      const otherClaims = { ...claimsOf(t.adminToken), uid: 999 };
      const tampered = `${h}.${Buffer.from(JSON.stringify(otherClaims)).toString('base64url')}.${s}`;
      expectRefused(await get('/admin/base/comm/person', tampered), 401);

      const { uid, pv } = claimsOf(t.adminToken);
      const foreign = new JwtCodec('some-other-secret').sign({ uid, pv, typ: 'access', sid: 'test-session' }, 3600).token;
      expectRefused(await get('/admin/base/comm/person', foreign), 401);

      // The original token is still good: only the changes were refused.
      expect((await get('/admin/base/comm/person', t.adminToken)).status).toBe(200);
    });

    it('refuses an expired access token', async () => {
      const codec = new JwtCodec(process.env.JWT_SECRET!);
      const { uid, pv } = claimsOf(t.adminToken);
      const expired = codec.sign({ uid, pv, typ: 'access', sid: 'test-session' }, 60, Date.now() - 3600_000).token;
      expectRefused(await get('/admin/base/comm/person', expired), 401);
      // The same claims, signed now, are accepted: the expiry is what was refused.
      const fresh = codec.sign({ uid, pv, typ: 'access', sid: 'test-session' }, 60).token;
      expect((await get('/admin/base/comm/person', fresh)).status).toBe(200);
    });

    it('refuses a refresh token used as an access token', async () => {
      const pair = await signIn('admin', ADMIN_PASSWORD);
      expectRefused(await get('/admin/base/comm/person', pair.refreshToken), 401);
      expectRefused(await get('/admin/base/comm/person', `Bearer ${pair.refreshToken}`), 401);
      expectRefused(await post('/admin/base/sys/user/page', {}, pair.refreshToken), 401);
    });

    it('refuses an access token used as a refresh token, and a missing or expired refresh token', async () => {
      const pair = await signIn('admin', ADMIN_PASSWORD);
      expectRefused(await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(pair.token)}`), 401);
      expectRefused(await get('/admin/base/open/refreshToken'), 401);
      const { uid, pv } = claimsOf(pair.token);
      const expired = new JwtCodec(process.env.JWT_SECRET!).sign({ uid, pv, typ: 'refresh', sid: 'test-session' }, 60, Date.now() - 3600_000).token;
      expectRefused(await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(expired)}`), 401);
    });

    it('refreshes a pair: the new access token is accepted by comm/person', async () => {
      const u = await createUser();
      const pair = await signIn(u.username, u.password);
      const res = await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(pair.refreshToken)}`);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1000);
      const { token, refreshToken, expire, refreshExpire } = res.body.data;
      expect(typeof token).toBe('string');
      expect(token).not.toBe(pair.token);
      expect(typeof refreshToken).toBe('string');
      expect(expire).toBeGreaterThan(0);
      expect(refreshExpire).toBeGreaterThan(expire);
      expect(claimsOf(token)).toMatchObject({ uid: u.id, typ: 'access', sid: claimsOf(pair.token).sid });
      const person = await get('/admin/base/comm/person', `Bearer ${token}`);
      expect(person.status).toBe(200);
      expect(person.body.data).toMatchObject({ id: u.id, username: u.username });
      // The new refresh token refreshes in turn.
      const again = await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(refreshToken)}`);
      expect(again.status).toBe(200);
    });

    it('rejects the old access and refresh tokens after a passwordV bump; a new login works', async () => {
      const u = await createUser();
      const old = await signIn(u.username, u.password);
      expect((await get('/admin/base/comm/person', old.token)).status).toBe(200);
      const before = await passwordVOf(u.id);

      await t.core.db.run(`UPDATE base_sys_user SET passwordV = passwordV + 1 WHERE id = ?`, [u.id]);
      await t.core.auth.invalidate();
      expect(await passwordVOf(u.id)).toBe(before + 1);

      expectRefused(await get('/admin/base/comm/person', old.token), 401);
      expectRefused(await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(old.refreshToken)}`), 401);

      const fresh = await signIn(u.username, u.password);
      expect(claimsOf(fresh.token).pv).toBe(before + 1);
      const person = await get('/admin/base/comm/person', fresh.token);
      expect(person.status).toBe(200);
      expect(person.body.data.username).toBe(u.username);
      const refreshed = await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(fresh.refreshToken)}`);
      expect(refreshed.status).toBe(200);
      // The admin's tokens are untouched by another user's bump.
      expect((await get('/admin/base/comm/person', t.adminToken)).status).toBe(200);
    });

    it('refuses a disabled user: the old token gets 401 and a new sign-in is refused', async () => {
      const u = await createUser();
      const pair = await signIn(u.username, u.password);
      expect((await get('/admin/base/comm/person', pair.token)).status).toBe(200);

      const upd = await asAdmin.post('/admin/base/sys/user/update', { id: u.id, status: 0 });
      expect(upd.body.code, JSON.stringify(upd.body)).toBe(1000);

      expectRefused(await get('/admin/base/comm/person', pair.token), 401);
      expectRefused(await get(`/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(pair.refreshToken)}`), 401);
      const login = await post('/admin/base/open/login', { username: u.username, password: u.password });
      expect(login.status).toBeGreaterThanOrEqual(400);
      expect(login.status).toBeLessThan(500);
      expect(login.body.code).toBe(1001);
      expect(login.body.data?.token).toBeUndefined();
      expect(login.text).not.toMatch(/refreshToken/);

      // Enabled again, the same password signs in.
      await asAdmin.post('/admin/base/sys/user/update', { id: u.id, status: 1 });
      expect((await post('/admin/base/open/login', { username: u.username, password: u.password })).status).toBe(200);
    });
  });

  describe('permissions', () => {
    it('gives a member the rights of the menus linked to the member role, without a new sign-in', async () => {
      await linkMemberMenus([]);
      const u = await createUser();
      const member = await signIn(u.username, u.password);

      const before = await post('/admin/demo/goods/page', {}, member.token);
      expectRefused(before, 403);
      expect((await get('/admin/base/comm/permmenu', member.token)).body.data.perms).toEqual([]);

      const menuId = await goodsPageMenu();
      await linkMemberMenus([menuId]);

      const page = await post('/admin/demo/goods/page', {}, member.token);
      expect(page.status).toBe(200);
      expect(page.body.code).toBe(1000);
      expect(page.body.data.pagination).toMatchObject({ page: 1 });
      expectRefused(await post('/admin/demo/goods/add', { title: 'Not mine to add' }, member.token), 403);
      expectRefused(await post('/admin/base/sys/user/page', {}, member.token), 403);

      const pm = await get('/admin/base/comm/permmenu', member.token);
      expect(pm.status).toBe(200);
      expect(pm.body.data.perms).toEqual(['demo:goods:page']);
      expect(pm.body.data.menus.map((m: { id: number }) => m.id)).toEqual([menuId]);

      // Unlinking takes the right away again.
      await linkMemberMenus([]);
      expectRefused(await post('/admin/demo/goods/page', {}, member.token), 403);
    });

    it('answers public actions without a token, and cuts anonymous friend rows to id, userId, friendId, avatar, nickName', async () => {
      const friend = await createUser({ headImg: 'https://example.com/face.png' });
      const add = await asAdmin.post('/admin/base/friend/add', { friendId: friend.id, remark: 'private note', type: 2 });
      expect(add.body.code, JSON.stringify(add.body)).toBe(1000);
      const friendRowId = add.body.data.id as number;
      // Public lists show accepted friendships only (the member role's keys are cut in this file,
      // so the acceptance is written through the operations; friends.test.ts covers the call).
      await t.core.ops.update(t.core.model.byKey.get('base/friend')!, { id: friendRowId, status: 1 }, SYSTEM);

      // Anonymous reads must name whose friends they want.
      const unnamed = await post('/admin/base/friend/page', {});
      expect(unnamed.status).toBe(400);
      expect(unnamed.body.code).toBe(1001);
      const anon = await post('/admin/base/friend/page', { userId: 1 });
      expect(anon.status).toBe(200);
      expect(anon.body.code).toBe(1000);
      const rows = anon.body.data.list as Array<Record<string, unknown>>;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['avatar', 'friendId', 'id', 'nickName', 'userId']);
      const mine = rows.find((r) => r.id === friendRowId);
      expect(mine).toEqual({ id: friendRowId, userId: expect.any(Number), friendId: friend.id, avatar: 'https://example.com/face.png', nickName: friend.username });
      expect(anon.text).not.toContain('private note');

      // The administrator sees the whole row.
      const full = await asAdmin.post('/admin/base/friend/page', {});
      const fullRow = (full.body.data.list as Array<Record<string, unknown>>).find((r) => r.id === friendRowId);
      expect(fullRow).toMatchObject({ remark: 'private note', status: 1, type: 2 });

      const types = await get('/admin/goods/type/list');
      expect(types.status).toBe(200);
      expect(types.body.code).toBe(1000);
      expect(Array.isArray(types.body.data)).toBe(true);

      const eps = await get('/admin/base/open/eps');
      expect(eps.status).toBe(200);
      expect(eps.body.code).toBe(1000);

      // A bad token on a public action is treated as no token, not refused.
      expect((await post('/admin/base/friend/page', { userId: 1 }, withChangedSignature(t.adminToken))).status).toBe(200);
    });

    it('lists in /eps only public routes without a token, the granted ones for a member, everything for the admin', async () => {
      const anon = await get('/admin/base/open/eps');
      expect(anon.status).toBe(200);
      const anonApis = epsApis(anon.body.data);
      expect(anonApis.length).toBeGreaterThan(0);
      expect(anonApis.filter((a) => a.public !== true)).toEqual([]);
      expect(hasApi(anonApis, 'base', 'friend', '/page')).toBe(true);
      expect(hasApi(anonApis, 'base', 'sys/user', '/add')).toBe(false);
      expect(hasApi(anonApis, 'demo', 'goods', '/page')).toBe(false);

      await linkMemberMenus([await goodsPageMenu()]);
      const u = await createUser();
      const member = await signIn(u.username, u.password);
      const memberApis = epsApis((await get('/admin/base/open/eps', member.token)).body.data);
      expect(hasApi(memberApis, 'demo', 'goods', '/page')).toBe(true);
      expect(hasApi(memberApis, 'demo', 'goods', '/add')).toBe(false);
      expect(hasApi(memberApis, 'base', 'sys/user', '/add')).toBe(false);
      expect(hasApi(memberApis, 'base', 'comm', '/person')).toBe(true);

      const adminApis = epsApis((await get('/admin/base/open/eps', t.adminToken)).body.data);
      expect(hasApi(adminApis, 'base', 'sys/user', '/add')).toBe(true);
      expect(hasApi(adminApis, 'demo', 'goods', '/add')).toBe(true);
      expect(hasApi(adminApis, 'demo', 'goods', '/page')).toBe(true);
      const everyApiRoute = t.core.routes.all.filter((r) => r.path.startsWith('/admin/')).length;
      expect(adminApis.length).toBe(everyApiRoute);
      await linkMemberMenus([]);
    });
  });

  describe('sign-in and password secrecy', () => {
    it('refuses a wrong password with 400, code 1001 and no token', async () => {
      for (const body of [
        { username: 'admin', password: 'wrong-password' },
        { username: 'nobody_here', password: ADMIN_PASSWORD },
      ]) {
        const res = await post('/admin/base/open/login', body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(1001);
        expect(res.body.data?.token).toBeUndefined();
        expect(res.text).not.toMatch(/"(refresh)?[tT]oken"/);
      }
    });

    it('never returns the password hash from sys/user page, info or comm/person', async () => {
      const u = await createUser();
      const q = t.core.db.q.bind(t.core.db);
      const [stored] = await t.core.db.query<{ password: string }>(`SELECT ${q('password')} FROM ${q('base_sys_user')} WHERE ${q('id')} = ?`, [u.id]);
      expect(stored.password.startsWith('scrypt$')).toBe(true);

      const member = await signIn(u.username, u.password);
      const answers = [
        await asAdmin.post('/admin/base/sys/user/page', { size: 1000 }),
        await asAdmin.get(`/admin/base/sys/user/info?id=${u.id}`),
        await get('/admin/base/comm/person', t.adminToken),
        await get('/admin/base/comm/person', member.token),
      ];
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.text).not.toContain('scrypt$');
        expect(res.text).not.toContain(stored.password);
      }
      const [page, info, adminPerson, memberPerson] = answers.map((r) => r.body.data);
      expect(page.list.length).toBeGreaterThanOrEqual(2);
      for (const row of page.list) expect(row).not.toHaveProperty('password');
      expect(page.list.some((r: { id: number }) => r.id === u.id)).toBe(true);
      expect(info).toMatchObject({ id: u.id, username: u.username });
      expect(info).not.toHaveProperty('password');
      expect(adminPerson).not.toHaveProperty('password');
      expect(memberPerson).toMatchObject({ id: u.id });
      expect(memberPerson).not.toHaveProperty('password');
    });
  });
});

/**
 * Boots the app like startApp, but without signing the administrator in: startApp's own login sends
 * no captcha, so with the captcha on it cannot start.
 */
async function startCaptchaApp(kind: 'sqlite' | 'mysql', config: Partial<AppConfig>) {
  const db = await createTestDb(kind);
  setAppConfig({ databaseUrl: db.url, adminPassword: ADMIN_PASSWORD, captcha: false, redisUrl: undefined, ...config });
  const app = await createApp<Framework>({
    baseDir: join(__dirname, '../helpers'),
    imports: [{ Configuration: MainConfiguration }],
    moduleDetector: false,
    globalConfig: { koa: { port: 0 } },
  } as never);
  const core: Core = getStarted().core;
  return {
    core,
    http: () => createHttpRequest(app),
    async close() {
      await close(app);
      await db.drop();
    },
  };
}

describe.each(kinds)('captcha on %s', (kind) => {
  let t: Awaited<ReturnType<typeof startCaptchaApp>>;
  beforeAll(async () => {
    t = await startCaptchaApp(kind, { captcha: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (body: Record<string, unknown>) => t.http().post('/admin/base/open/login').send(body) as unknown as Promise<Res>;
  async function newCaptcha(): Promise<{ captchaId: string; answer: string }> {
    const res = (await t.http().get('/admin/base/open/captcha')) as unknown as Res;
    expect(res.status).toBe(200);
    const { captchaId, data } = res.body.data;
    expect(typeof captchaId).toBe('string');
    expect(data).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = await t.core.cache.get(`captcha:${captchaId}`);
    expect(answer).toMatch(/^\S{4}$/);
    return { captchaId, answer: answer! };
  }
  const wrong = (answer: string) => answer.split('').map((c) => (c === 'a' ? 'b' : 'a')).join('');

  it('refuses a sign-in without a captcha with 400', async () => {
    const res = await login({ username: 'admin', password: ADMIN_PASSWORD });
    expectRefused(res, 400);
    const { captchaId } = await newCaptcha();
    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId }), 400);
  });

  it('refuses a wrong answer, and the captcha is spent by the attempt', async () => {
    const c = await newCaptcha();
    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: wrong(c.answer) }), 400);
    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: c.answer }), 400);
    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: 'no-such-captcha', verifyCode: 'abcd' }), 400);
  });

  it('accepts the right answer once', async () => {
    const c = await newCaptcha();
    const ok = await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: c.answer.toUpperCase() });
    expect(ok.status).toBe(200);
    expect(ok.body.code).toBe(1000);
    const person = (await t.http().get('/admin/base/comm/person').set('Authorization', ok.body.data.token)) as unknown as Res;
    expect(person.body.data.username).toBe('admin');

    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: c.answer }), 400);
    expect(await t.core.cache.get(`captcha:${c.captchaId}`)).toBeNull();
  });
});
