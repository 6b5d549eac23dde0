/**
 * Departments and users through the real HTTP stack, on every database kind: department order and
 * tree; user move, enable/disable, delete, invitedList and openDetail (shared set-up in
 * sysadmin-world.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { sysadminWorld } from './sysadmin-world';

const kinds = await databaseKinds();

describe.each(kinds)('system administration on %s', (kind) => {
  const w = sysadminWorld(kind);
  const { get, post, admin, ok, fieldsOf, roleWith, createUser, signedIn, next } = w;

  describe('departments', () => {
    const deps = async (): Promise<Map<number, any>> => new Map((await ok(admin.post('/admin/base/sys/department/list', {}))).map((d: any) => [d.id, d]));
    const addDep = async (name: string, parentId: number | null = null) =>
      (await ok(admin.post('/admin/base/sys/department/add', { name, parentId }))).id as number;

    it('order moves and reorders departments in one call; list returns the rows the console makes a tree of', async () => {
      const a = await addDep('Order A');
      const b = await addDep('Order B');
      const c = await addDep('Order C');
      await ok(
        admin.post('/admin/base/sys/department/order', {
          list: [
            { id: c, parentId: a, orderNum: 1 },
            { id: b, parentId: null, orderNum: 5 },
          ],
        }),
      );
      let rows = await deps();
      expect(rows.get(c)).toMatchObject({ parentId: a, orderNum: 1 });
      expect(rows.get(b)).toMatchObject({ parentId: null, orderNum: 5 });
      // The bare list, as cool-admin's console sends it, works too.
      await ok(admin.post('/admin/base/sys/department/order', [{ id: b, parentId: a, orderNum: 0 }]));
      rows = await deps();
      expect(rows.get(b)).toMatchObject({ parentId: a, orderNum: 0 });
      const listed = [...rows.values()].filter((d) => d.parentId === a).map((d) => d.id);
      expect(listed).toEqual([b, c]);
    });

    it('order refuses to put a department under itself or its own descendants, and changes nothing', async () => {
      const a = await addDep('Cycle A');
      const b = await addDep('Cycle B', a);
      const c = await addDep('Cycle C', b);
      const before = await deps();
      for (const list of [
        [{ id: a, parentId: a }],
        [{ id: a, parentId: c }],
        [
          { id: c, parentId: null, orderNum: 9 },
          { id: a, parentId: b },
        ],
      ]) {
        const res = await admin.post('/admin/base/sys/department/order', { list });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('A department cannot be placed under itself or one of its own sub-departments');
      }
      const after = await deps();
      for (const id of [a, b, c]) expect(after.get(id)).toEqual(before.get(id));
      // Moving the whole branch elsewhere is fine.
      const d = await addDep('Cycle D');
      await ok(admin.post('/admin/base/sys/department/order', { list: [{ id: a, parentId: d }] }));
      expect((await deps()).get(a).parentId).toBe(d);
    });

    it('order refuses unknown departments, duplicates and malformed entries', async () => {
      const a = await addDep('Bad order A');
      expect((await admin.post('/admin/base/sys/department/order', { list: [{ id: 99999999, parentId: null }] })).status).toBe(404);
      const missingParent = await admin.post('/admin/base/sys/department/order', { list: [{ id: a, parentId: 99999999 }] });
      expect(missingParent.status).toBe(400);
      expect(missingParent.body.message).toBe('The department does not exist');
      expect((await admin.post('/admin/base/sys/department/order', { list: [{ id: a }, { id: a }] })).body.message).toBe(
        `Department ${a} appears twice in the list`,
      );
      expect(fieldsOf(await admin.post('/admin/base/sys/department/order', { list: [{ id: 'x', orderNum: 1.5, extra: 1 }] })).sort()).toEqual([
        'list[0].extra',
        'list[0].id',
        'list[0].orderNum',
      ]);
      expect((await admin.post('/admin/base/sys/department/order', { list: [] })).status).toBe(400);
    });
  });

  describe('users', () => {
    it('move transfers users to another department', async () => {
      const dep = (await ok(admin.post('/admin/base/sys/department/add', { name: 'Move target' }))).id;
      const u1 = await createUser();
      const u2 = await createUser();
      await ok(admin.post('/admin/base/sys/user/move', { userIds: [u1.id, u2.id], departmentId: dep }));
      for (const u of [u1, u2]) expect((await ok(admin.get(`/admin/base/sys/user/info?id=${u.id}`))).departmentId).toBe(dep);
      expect((await admin.post('/admin/base/sys/user/move', { userIds: [u1.id], departmentId: 99999999 })).body.message).toBe('The department does not exist');
      expect((await admin.post('/admin/base/sys/user/move', { userIds: [u1.id, 99999999], departmentId: dep })).status).toBe(404);
      expect(fieldsOf(await admin.post('/admin/base/sys/user/move', { userIds: [u1.id] }))).toEqual(['departmentId']);
      expect((await admin.post('/admin/base/sys/user/move', { departmentId: dep })).status).toBe(400);
    });

    it("keeps a department manager's move inside their data scope, and a department order widens that scope at once", async () => {
      const dep = async (name: string, parentId: number | null = null) =>
        (await ok(admin.post('/admin/base/sys/department/add', { name, parentId }))).id as number;
      const root = await dep('Scope root');
      const child = await dep('Scope child', root);
      const other = await dep('Scope other');
      const menu = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Mover', type: 2, perms: 'base:sys:user:move,base:sys:user:page' }));
      const n = next();
      const role = await ok(
        admin.post('/admin/base/sys/role/add', {
          name: `Mover ${n}`,
          label: `mover_${kind}_${n}`,
          relevance: true,
          menuIdList: [menu.id],
          departmentIdList: [root],
        }),
      );
      const manager = await signedIn([role.id], { departmentId: root });
      const inside = await createUser({ departmentId: child });
      const outside = await createUser({ departmentId: other });
      const departmentOf = async (id: number) => (await ok(admin.get(`/admin/base/sys/user/info?id=${id}`))).departmentId;

      await ok(post('/admin/base/sys/user/move', { userIds: [inside.id], departmentId: root }, manager.token));
      expect(await departmentOf(inside.id)).toBe(root);
      // Someone outside the scope cannot be moved, and a refused move changes nobody.
      expect((await post('/admin/base/sys/user/move', { userIds: [inside.id, outside.id], departmentId: child }, manager.token)).status).toBe(404);
      expect(await departmentOf(inside.id)).toBe(root);
      expect((await post('/admin/base/sys/user/move', { userIds: [inside.id], departmentId: other }, manager.token)).status).toBe(403);
      expect(await departmentOf(inside.id)).toBe(root);

      // Once 'other' hangs under the manager's root, its people are in scope.
      const seen = async () => ((await ok(post('/admin/base/sys/user/page', { size: 100 }, manager.token))).list as Array<{ id: number }>).map((u) => u.id);
      expect(await seen()).not.toContain(outside.id);
      await ok(admin.post('/admin/base/sys/department/order', { list: [{ id: other, parentId: root }] }));
      expect(await seen()).toContain(outside.id);
      await ok(post('/admin/base/sys/user/move', { userIds: [outside.id], departmentId: child }, manager.token));
      expect(await departmentOf(outside.id)).toBe(child);
    });

    it('disabling a user through update refuses their token at once; enabling lets them back in', async () => {
      const role = await roleWith([]);
      const u = await signedIn([role]);
      expect((await get('/admin/base/comm/person', u.token)).status).toBe(200);
      await ok(admin.post('/admin/base/sys/user/update', { id: u.id, status: 0 }));
      expect((await get('/admin/base/comm/person', u.token)).status).toBe(401);
      await ok(admin.post('/admin/base/sys/user/update', { id: u.id, status: 1 }));
      expect((await get('/admin/base/comm/person', u.token)).status).toBe(200);
    });

    it('the last enabled administrator cannot be disabled, deleted or lose role 1 (409); another one can', async () => {
      for (const res of [
        await admin.post('/admin/base/sys/user/update', { id: w.adminId, status: 0 }),
        await admin.post('/admin/base/sys/user/delete', { ids: [w.adminId] }),
        await admin.post('/admin/base/sys/user/update', { id: w.adminId, roleIdList: [] }),
      ]) {
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.message).toBe('The last enabled administrator cannot be removed or disabled');
      }
      const second = await createUser({ roleIdList: [1] });
      await ok(admin.post('/admin/base/sys/user/update', { id: second.id, status: 0 }));
      await ok(admin.post('/admin/base/sys/user/update', { id: second.id, status: 1 }));
      await ok(admin.post('/admin/base/sys/user/delete', { ids: [second.id] }));
      expect((await get('/admin/base/comm/person', w.t.adminToken)).status).toBe(200);
    });

    it('an administrator deletes an account with the generic delete, and its token stops working', async () => {
      const u = await signedIn([await roleWith([])]);
      expect((await get('/admin/base/comm/person', u.token)).status).toBe(200);
      await ok(admin.post('/admin/base/sys/user/delete', { ids: [u.id] }));
      expect((await get('/admin/base/comm/person', u.token)).status).toBe(401);
      expect((await admin.get(`/admin/base/sys/user/info?id=${u.id}`)).status).toBe(404);
    });

    it("invitedList pages the caller's invitees with public fields only", async () => {
      const inviter = await signedIn([await roleWith(['base:sys:user:invitedList'])]);
      const other = await createUser();
      const invited = [];
      for (let i = 0; i < 3; i++) {
        invited.push(await createUser({ inviteId: inviter.id, nickName: `Invitee-${i}`, email: `inv${i}_${kind}@example.com`, phone: '5550100' }));
      }
      await createUser({ inviteId: other.id });
      const page1 = await ok(post('/admin/base/sys/user/invitedList', { page: 1, size: 2 }, inviter.token));
      expect(page1.pagination).toEqual({ page: 1, size: 2, total: 3 });
      expect(page1.list.map((u: any) => u.id)).toEqual([invited[2].id, invited[1].id]);
      const page2 = await ok(post('/admin/base/sys/user/invitedList', { page: 2, size: 2 }, inviter.token));
      expect(page2.list.map((u: any) => u.id)).toEqual([invited[0].id]);
      for (const u of [...page1.list, ...page2.list]) {
        expect(u.nickName).toMatch(/^Invitee-/);
        for (const secret of ['email', 'phone', 'username', 'password', 'inviteId', 'tokens', 'googleId']) expect(u).not.toHaveProperty(secret);
      }
      const byName = await ok(post('/admin/base/sys/user/invitedList', { keyWord: 'Invitee-1' }, inviter.token));
      expect(byName.list.map((u: any) => u.id)).toEqual([invited[1].id]);
      // Someone who invited nobody gets an empty page, not an error.
      const nobody = await ok(post('/admin/base/sys/user/invitedList', {}, w.t.adminToken));
      expect(nobody).toEqual({ list: [], pagination: { page: 1, size: 20, total: 0 } });
      expect((await post('/admin/base/sys/user/invitedList', { size: 5000 }, inviter.token)).status).toBe(400);
    });

    it('openDetail shows only the public profile of a user, without a token', async () => {
      const u = await createUser({
        email: `open_${kind}@example.com`,
        phone: '5550199',
        googleId: 'g-123',
        discordId: 'd-456',
        tags: ['ai', 'art'],
        shareLink: { twitter: 'https://x.example/me' },
        headImg: '/head.png',
        cover: '/cover.png',
        starWalletAddress: 'wallet-1',
        remark: 'internal note',
      });
      const res = await post('/admin/base/sys/user/openDetail', { id: u.id });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: u.id,
        nickName: expect.stringMatching(/^Nick /),
        tags: ['ai', 'art'],
        headImg: '/head.png',
        cover: '/cover.png',
        followCount: 0,
        fansCount: 0,
        shareLink: { twitter: 'https://x.example/me' },
      });
      for (const secret of [
        'email',
        'phone',
        'googleId',
        'discordId',
        'username',
        'password',
        'passwordV',
        'tokens',
        'withdrawableTokens',
        'inviteCode',
        'starWalletAddress',
        'remark',
        'key',
        'roleIdList',
      ]) {
        expect(res.body.data).not.toHaveProperty(secret);
      }
      expect(res.text).not.toContain('example.com');
      await ok(admin.post('/admin/base/sys/user/update', { id: u.id, status: 0 }));
      expect((await post('/admin/base/sys/user/openDetail', { id: u.id })).status).toBe(404);
      expect((await post('/admin/base/sys/user/openDetail', { id: 99999999 })).status).toBe(404);
      expect((await post('/admin/base/sys/user/openDetail', { id: 'abc' })).status).toBe(400);
    });
  });
});

describe.each(await databaseKinds())('department tree through the generic update on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to put a department under its own sub-department', async () => {
    const add = async (body: object) =>
      (await t.http().post('/admin/base/sys/department/add').set('Authorization', t.adminToken).send(body)).body.data.id as number;
    const a = await add({ name: 'A' });
    const b = await add({ name: 'B', parentId: a });
    const c = await add({ name: 'C', parentId: b });
    const loop = await t.http().post('/admin/base/sys/department/update').set('Authorization', t.adminToken).send({ id: a, parentId: c });
    expect(loop.status).toBe(400);
    const self = await t.http().post('/admin/base/sys/department/update').set('Authorization', t.adminToken).send({ id: b, parentId: b });
    expect(self.status).toBe(400);
    const fine = await t.http().post('/admin/base/sys/department/update').set('Authorization', t.adminToken).send({ id: c, parentId: a });
    expect(fine.body.code).toBe(1000);
  });
});
