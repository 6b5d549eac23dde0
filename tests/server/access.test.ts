/**
 * Access control through the real HTTP stack, on every database kind: permission keys granted
 * through role menus, public actions and what they show, /eps per caller, and password secrecy.
 * Tokens: access-tokens.test.ts; the captcha: captcha.test.ts.
 */
import { describe, beforeAll, expect, it } from 'vitest';
import { SYSTEM } from '../../server/core/entity/access';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { accessWorld, expectRefused, withChangedSignature } from './access-world';

const kinds = await databaseKinds();

/** Every `api` entry of an /eps answer, with its module and entity name. */
function epsApis(eps: Record<string, Array<{ name: string; api: Array<{ method: string; path: string; public: boolean; permission: string | null }> }>>) {
  return Object.entries(eps).flatMap(([module, entries]) => entries.flatMap((e) => e.api.map((a) => ({ module, name: e.name, ...a }))));
}

function hasApi(apis: ReturnType<typeof epsApis>, module: string, name: string, path: string): boolean {
  return apis.some((a) => a.module === module && a.name === name && a.path === path);
}

describe.each(kinds)('access control on %s', (kind) => {
  const w = accessWorld(kind);
  const { get, post, asAdmin, createUser, signIn, linkMemberMenus, goodsPageMenu } = w;
  let t: TestApp;
  beforeAll(() => {
    t = w.t;
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
      expect(mine).toEqual({
        id: friendRowId,
        userId: expect.any(Number),
        friendId: friend.id,
        avatar: 'https://example.com/face.png',
        nickName: friend.username,
      });
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
