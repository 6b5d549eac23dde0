/**
 * System administration calls through the real HTTP stack, on every database kind: menu create,
 * export, import and parse and the menu route rule; department order; user move, enable/disable,
 * delete, invitedList and openDetail; params as HTML by key; dictionary data and types. Each
 * guarded call is refused (403) to a signed-in user whose roles lack its key, and each public one
 * answers without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

type Res = { status: number; headers: Record<string, string>; body: { code: number; message: string; data: any }; text: string };

describe.each(kinds)('system administration on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  let adminId: number;

  beforeAll(async () => {
    t = await startApp(kind);
    const [admin] = await t.core.db.query<{ id: number }>(`SELECT ${t.core.db.q('id')} FROM ${t.core.db.q('base_sys_user')} WHERE ${t.core.db.q('username')} = ?`, ['admin']);
    adminId = Number(admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

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
  const menuCount = async () => Number((await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${t.core.db.q('n')} FROM ${t.core.db.q('base_sys_menu')}`))[0].n);
  const menuList = async (): Promise<any[]> => ok(admin.post('/admin/base/sys/menu/list', {}));

  /** A role holding exactly the given permission keys (one button menu each, none when empty). */
  async function roleWith(keys: string[]): Promise<number> {
    const menuIds: number[] = [];
    for (const key of keys) menuIds.push((await ok(admin.post('/admin/base/sys/menu/add', { name: `grant ${key}`, type: 2, perms: key }))).id);
    const n = ++seq;
    return (await ok(admin.post('/admin/base/sys/role/add', { name: `Role ${n}`, label: `role_${kind}_${n}`, menuIdList: menuIds }))).id;
  }
  async function createUser(extra: Record<string, unknown> = {}): Promise<{ id: number; username: string; password: string }> {
    const n = ++seq;
    const username = `sys_${kind}_${n}`;
    const password = `Pw-${n}-secret`;
    const data = await ok(admin.post('/admin/base/sys/user/add', { username, password, nickName: `Nick ${n}`, ...extra }));
    return { id: data.id, username, password };
  }
  async function signedIn(roleIds: number[], extra: Record<string, unknown> = {}) {
    const u = await createUser({ roleIdList: roleIds, ...extra });
    return { ...u, token: await t.login(u.username, u.password) };
  }

  describe('menus', () => {
    it('refuses a menu route that does not begin with / on add and on update', async () => {
      expect(fieldsOf(await admin.post('/admin/base/sys/menu/add', { name: 'No slash', type: 1, router: 'sys/x' }))).toEqual(['router']);
      expect(fieldsOf(await admin.post('/admin/base/sys/menu/add', { name: 'Two slashes', type: 1, router: '//evil.example' }))).toEqual(['router']);
      const { id } = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Slash', type: 1, router: '/ok/route' }));
      const bad = await admin.post('/admin/base/sys/menu/update', { id, router: 'relative' });
      expect(fieldsOf(bad)).toEqual(['router']);
      expect(bad.body.data[0].message).toMatch(/must begin with a single \//);
      const zh = await admin.post('/admin/base/sys/menu/update', { id, router: 'relative' }, { language: 'zh-cn' });
      expect(zh.body.data[0].message).toContain('必须以单个 / 开头');
      await ok(admin.post('/admin/base/sys/menu/update', { id, router: '/fine' }));
      expect((await ok(admin.get(`/admin/base/sys/menu/info?id=${id}`))).router).toBe('/fine');
      // A button has no route at all.
      await ok(admin.post('/admin/base/sys/menu/add', { name: 'Button', type: 2, perms: 'demo:goods:page' }));
    });

    it("parse lists an entity's permission keys and routes, hand-written calls included, public ones not", async () => {
      const parsed = await ok(admin.post('/admin/base/sys/menu/parse', { entity: 'base/sys/user' }));
      expect(parsed).toMatchObject({ key: 'base/sys/user', module: 'base', name: 'sys/user', router: '/base/sys/user', viewPath: 'crud:base/sys/user', prefix: '/admin/base/sys/user' });
      const keys = parsed.perms.map((p: { key: string }) => p.key);
      expect(keys).toEqual(expect.arrayContaining(['base:sys:user:page', 'base:sys:user:add', 'base:sys:user:move', 'base:sys:user:invitedList']));
      expect(keys).not.toContain('base:sys:user:openDetail');
      expect(parsed.perms.find((p: { key: string }) => p.key === 'base:sys:user:move')).toMatchObject({ method: 'POST', path: '/admin/base/sys/user/move' });
      // The same entity named by module and name, or by its prefix.
      expect(await ok(admin.post('/admin/base/sys/menu/parse', { module: 'base', entity: 'sys/user' }))).toEqual(parsed);
      expect(await ok(admin.post('/admin/base/sys/menu/parse', { entity: '/admin/base/sys/user' }))).toEqual(parsed);
      expect(fieldsOf(await admin.post('/admin/base/sys/menu/parse', { entity: 'base/nothing' }))).toEqual(['entity']);
      expect(fieldsOf(await admin.post('/admin/base/sys/menu/parse', {}))).toEqual(['entity']);
    });

    it('create adds a menu and one button per chosen permission, and those buttons grant exactly those keys', async () => {
      const dir = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Created here', type: 0, router: '/created' }));
      const made = await ok(admin.post('/admin/base/sys/menu/create', {
        entity: 'demo/goods', name: 'Goods (created)', parentId: dir.id, icon: 'icon-goods', perms: ['demo:goods:page', 'demo:goods:info'],
      }));
      expect(made.buttonIds).toHaveLength(2);
      const rows = await menuList();
      const menu = rows.find((r) => r.id === made.id);
      expect(menu).toMatchObject({ name: 'Goods (created)', type: 1, parentId: dir.id, router: '/demo/goods', viewPath: 'crud:demo/goods', icon: 'icon-goods' });
      const buttons = rows.filter((r) => r.parentId === made.id);
      expect(buttons.map((b) => b.type)).toEqual([2, 2]);
      expect(buttons.map((b) => b.perms).sort()).toEqual(['demo:goods:info', 'demo:goods:page']);

      const n = ++seq;
      const role = await ok(admin.post('/admin/base/sys/role/add', { name: `Goods viewer ${n}`, label: `goods_viewer_${kind}_${n}`, menuIdList: [made.id, ...made.buttonIds] }));
      const viewer = await signedIn([role.id]);
      expect((await post('/admin/demo/goods/page', {}, viewer.token)).status).toBe(200);
      expect((await post('/admin/demo/goods/add', { title: 'x', price: 1 }, viewer.token)).status).toBe(403);
    });

    it('create refuses without a name, entity data or at least one permission, and writes nothing', async () => {
      const before = await menuCount();
      expect(fieldsOf(await admin.post('/admin/base/sys/menu/create', {})).sort()).toEqual(['entity', 'name', 'perms']);
      const foreign = await admin.post('/admin/base/sys/menu/create', { entity: 'demo/goods', name: 'X', perms: ['demo:goods:page', 'base:sys:user:delete'] });
      expect(fieldsOf(foreign)).toEqual(['perms']);
      expect(foreign.body.data[0].message).toContain('base:sys:user:delete');
      expect(fieldsOf(await admin.post('/admin/base/sys/menu/create', { entity: 'demo/goods', name: 'X', perms: [] }))).toEqual(['perms']);
      expect(fieldsOf(await admin.post('/admin/base/sys/menu/create', { entity: 'demo/goods', name: 'X', router: 'no-slash', perms: ['demo:goods:page'] }))).toEqual(['router']);
      const button = await ok(admin.post('/admin/base/sys/menu/add', { name: 'A button', type: 2, perms: 'demo:goods:page' }));
      const under = await admin.post('/admin/base/sys/menu/create', { entity: 'demo/goods', name: 'X', parentId: button.id, perms: ['demo:goods:page'] });
      expect(under.status).toBe(400);
      expect(under.body.message).toBe('A button cannot hold other menus');
      expect(await menuCount()).toBe(before + 1);
    });

    it('export gives the chosen menus with their descendants, without ids, parents by position; import rebuilds them under a parent', async () => {
      const a = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Export dir', type: 0, router: '/export-dir', orderNum: 3 }));
      const b = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Export menu', type: 1, router: '/export-dir/menu', parentId: a.id, viewPath: 'crud:demo/goods', keepAlive: false }));
      const c1 = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Export page', type: 2, parentId: b.id, perms: 'demo:goods:page', orderNum: 1 }));
      await ok(admin.post('/admin/base/sys/menu/add', { name: 'Export info', type: 2, parentId: b.id, perms: 'demo:goods:info', orderNum: 2 }));
      // c1 is chosen as well as its ancestor: it is exported once.
      const exported = await ok(admin.post('/admin/base/sys/menu/export', { ids: [c1.id, a.id] }));
      expect(exported.version).toBe(1);
      expect(exported.menus.map((m: any) => m.name)).toEqual(['Export dir', 'Export menu', 'Export page', 'Export info']);
      expect(exported.menus.map((m: any) => m.parentIndex)).toEqual([null, 0, 1, 1]);
      for (const m of exported.menus) {
        expect(m).not.toHaveProperty('id');
        expect(m).not.toHaveProperty('parentId');
        expect(m).not.toHaveProperty('createTime');
      }
      expect(exported.menus[1]).toMatchObject({ type: 1, router: '/export-dir/menu', viewPath: 'crud:demo/goods', keepAlive: false, isShow: true });

      const target = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Import target', type: 0, router: '/import-target' }));
      const imported = await ok(admin.post('/admin/base/sys/menu/import', { ...JSON.parse(JSON.stringify(exported)), parentId: target.id }));
      expect(imported.ids).toHaveLength(4);
      const rows = await menuList();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const [na, nb, nc1, nc2] = imported.ids.map((id: number) => byId.get(id));
      expect(na).toMatchObject({ name: 'Export dir', parentId: target.id, type: 0, orderNum: 3 });
      expect(nb).toMatchObject({ name: 'Export menu', parentId: na.id, keepAlive: false });
      expect(nc1).toMatchObject({ name: 'Export page', parentId: nb.id, perms: 'demo:goods:page' });
      expect(nc2).toMatchObject({ name: 'Export info', parentId: nb.id, perms: 'demo:goods:info' });
      // Without a parent the tops land at the top level.
      const top = await ok(admin.post('/admin/base/sys/menu/import', { menus: exported.menus.slice(0, 1) }));
      expect(byId.has(top.ids[0])).toBe(false);
      expect((await ok(admin.get(`/admin/base/sys/menu/info?id=${top.ids[0]}`))).parentId).toBeNull();
    });

    it('export refuses when no menu is chosen, in the request language', async () => {
      for (const body of [{}, { ids: [] }]) {
        const res = await admin.post('/admin/base/sys/menu/export', body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('A menu must be chosen before export');
      }
      expect((await admin.post('/admin/base/sys/menu/export', {}, { language: 'zh-cn' })).body.message).toBe('请先选择要导出的菜单');
      expect((await admin.post('/admin/base/sys/menu/export', { ids: [99999999] })).status).toBe(404);
    });

    it('import checks every entry before writing and writes nothing when one is bad', async () => {
      const before = await menuCount();
      const res = await admin.post('/admin/base/sys/menu/import', {
        menus: [
          { name: 'Good', type: 0, router: '/good' },
          { name: 'Bad route', type: 1, router: 'bad', parentIndex: 0 },
          { name: 'Bad parent', type: 2, parentIndex: 5 },
          { type: 2, parentIndex: 0 },
          { name: 'Unknown field', colour: 'red' },
        ],
      });
      expect(fieldsOf(res).sort()).toEqual(['menus[1].router', 'menus[2].parentIndex', 'menus[3].name', 'menus[4].colour'].sort());
      expect(await menuCount()).toBe(before);
      expect((await admin.post('/admin/base/sys/menu/import', { menus: [] })).status).toBe(400);
      const missingParent = await admin.post('/admin/base/sys/menu/import', { parentId: 99999999, menus: [{ name: 'Orphan' }] });
      expect(missingParent.status).toBe(400);
      expect(missingParent.body.message).toBe('The parent menu does not exist');
      expect(await menuCount()).toBe(before);
    });
  });

  describe('departments', () => {
    const deps = async (): Promise<Map<number, any>> => new Map((await ok(admin.post('/admin/base/sys/department/list', {}))).map((d: any) => [d.id, d]));
    const addDep = async (name: string, parentId: number | null = null) => (await ok(admin.post('/admin/base/sys/department/add', { name, parentId }))).id as number;

    it('order moves and reorders departments in one call; list returns the rows the console makes a tree of', async () => {
      const a = await addDep('Order A');
      const b = await addDep('Order B');
      const c = await addDep('Order C');
      await ok(admin.post('/admin/base/sys/department/order', { list: [{ id: c, parentId: a, orderNum: 1 }, { id: b, parentId: null, orderNum: 5 }] }));
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
        [{ id: c, parentId: null, orderNum: 9 }, { id: a, parentId: b }],
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
      expect((await admin.post('/admin/base/sys/department/order', { list: [{ id: a }, { id: a }] })).body.message).toBe(`Department ${a} appears twice in the list`);
      expect(fieldsOf(await admin.post('/admin/base/sys/department/order', { list: [{ id: 'x', orderNum: 1.5, extra: 1 }] })).sort()).toEqual(['list[0].extra', 'list[0].id', 'list[0].orderNum']);
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
      const dep = async (name: string, parentId: number | null = null) => (await ok(admin.post('/admin/base/sys/department/add', { name, parentId }))).id as number;
      const root = await dep('Scope root');
      const child = await dep('Scope child', root);
      const other = await dep('Scope other');
      const menu = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Mover', type: 2, perms: 'base:sys:user:move,base:sys:user:page' }));
      const n = ++seq;
      const role = await ok(admin.post('/admin/base/sys/role/add', { name: `Mover ${n}`, label: `mover_${kind}_${n}`, relevance: true, menuIdList: [menu.id], departmentIdList: [root] }));
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
        await admin.post('/admin/base/sys/user/update', { id: adminId, status: 0 }),
        await admin.post('/admin/base/sys/user/delete', { ids: [adminId] }),
        await admin.post('/admin/base/sys/user/update', { id: adminId, roleIdList: [] }),
      ]) {
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.message).toBe('The last enabled administrator cannot be removed or disabled');
      }
      const second = await createUser({ roleIdList: [1] });
      await ok(admin.post('/admin/base/sys/user/update', { id: second.id, status: 0 }));
      await ok(admin.post('/admin/base/sys/user/update', { id: second.id, status: 1 }));
      await ok(admin.post('/admin/base/sys/user/delete', { ids: [second.id] }));
      expect((await get('/admin/base/comm/person', t.adminToken)).status).toBe(200);
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
      const nobody = await ok(post('/admin/base/sys/user/invitedList', {}, t.adminToken));
      expect(nobody).toEqual({ list: [], pagination: { page: 1, size: 20, total: 0 } });
      expect((await post('/admin/base/sys/user/invitedList', { size: 5000 }, inviter.token)).status).toBe(400);
    });

    it('openDetail shows only the public profile of a user, without a token', async () => {
      const u = await createUser({
        email: `open_${kind}@example.com`, phone: '5550199', googleId: 'g-123', discordId: 'd-456', tags: ['ai', 'art'],
        shareLink: { twitter: 'https://x.example/me' }, headImg: '/head.png', cover: '/cover.png', starWalletAddress: 'wallet-1', remark: 'internal note',
      });
      const res = await post('/admin/base/sys/user/openDetail', { id: u.id });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: u.id, nickName: expect.stringMatching(/^Nick /), tags: ['ai', 'art'], headImg: '/head.png', cover: '/cover.png', followCount: 0, fansCount: 0, shareLink: { twitter: 'https://x.example/me' } });
      for (const secret of ['email', 'phone', 'googleId', 'discordId', 'username', 'password', 'passwordV', 'tokens', 'withdrawableTokens', 'inviteCode', 'starWalletAddress', 'remark', 'key', 'roleIdList']) {
        expect(res.body.data).not.toHaveProperty(secret);
      }
      expect(res.text).not.toContain('example.com');
      await ok(admin.post('/admin/base/sys/user/update', { id: u.id, status: 0 }));
      expect((await post('/admin/base/sys/user/openDetail', { id: u.id })).status).toBe(404);
      expect((await post('/admin/base/sys/user/openDetail', { id: 99999999 })).status).toBe(404);
      expect((await post('/admin/base/sys/user/openDetail', { id: 'abc' })).status).toBe(400);
    });
  });

  describe('params by key', () => {
    it('shows a rich-text param as an HTML page without a token, under a sandboxing policy', async () => {
      await ok(admin.post('/admin/base/sys/param/add', { keyName: 'terms', name: 'Terms & rules', data: '<h1>Terms</h1><script>alert(1)</script>', dataType: 1 }));
      const res = await get('/admin/base/open/html?key=terms');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.text).toContain('<title>Terms &amp; rules</title>');
      expect(res.text).toContain('<h1>Terms</h1>');
      // The same page under the web client's /api prefix.
      expect((await get('/api/admin/base/open/html?key=terms')).text).toContain('<h1>Terms</h1>');
    });

    it('shows a file param as an image or a link, and an unsafe address as text', async () => {
      await ok(admin.post('/admin/base/sys/param/add', { keyName: 'logo', name: 'Logo', data: 'https://cdn.example/logo.png', dataType: 2 }));
      await ok(admin.post('/admin/base/sys/param/add', { keyName: 'manual', data: '/files/manual.pdf', dataType: 2 }));
      await ok(admin.post('/admin/base/sys/param/add', { keyName: 'trick', data: 'javascript:alert(1)', dataType: 2 }));
      expect((await get('/admin/base/open/html?key=logo')).text).toContain('<img src="https://cdn.example/logo.png"');
      expect((await get('/admin/base/open/html?key=manual')).text).toContain('<a href="/files/manual.pdf"');
      const trick = (await get('/admin/base/open/html?key=trick')).text;
      expect(trick).not.toMatch(/href=|src=/);
      expect(trick).toContain('<p>javascript:alert(1)</p>');
    });

    it('keeps a string param (configuration) from the public and shows it escaped to the administrator', async () => {
      await ok(admin.post('/admin/base/sys/param/add', { keyName: 'internalSetting', data: '<b>secret</b>', dataType: 0 }));
      const anon = await get('/admin/base/open/html?key=internalSetting');
      expect(anon.status).toBe(404);
      expect(anon.text).not.toContain('secret');
      const res = await get('/admin/base/open/html?key=internalSetting', t.adminToken);
      expect(res.status).toBe(200);
      expect(res.text).toContain('&lt;b&gt;secret&lt;/b&gt;');
      expect(res.text).not.toContain('<b>secret</b>');
      const plain = await signedIn([await roleWith([])]);
      expect((await get('/admin/base/open/html?key=internalSetting', plain.token)).status).toBe(404);
    });

    it('answers 404 for an unknown key and 400 without one', async () => {
      const unknown = await get('/admin/base/open/html?key=nope');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('No parameter with this key');
      expect((await get('/admin/base/open/html')).status).toBe(400);
    });
  });

  describe('dictionaries', () => {
    let colorType: number;
    let blue: number;
    let red: number;
    let dark: number;
    beforeAll(async () => {
      colorType = (await ok(admin.post('/admin/dict/type/add', { name: 'Colour', key: 'colour' }))).id;
      await ok(admin.post('/admin/dict/type/add', { name: 'Empty', key: 'emptyOne' }));
      red = (await ok(admin.post('/admin/dict/info/add', { typeId: colorType, name: 'Red', orderNum: 2 }))).id;
      blue = (await ok(admin.post('/admin/dict/info/add', { typeId: colorType, name: 'Blue', value: 'b', orderNum: 1 }))).id;
      dark = (await ok(admin.post('/admin/dict/info/add', { typeId: colorType, name: 'Dark blue', value: '7', orderNum: 1, parentId: blue }))).id;
    });

    it('data maps type keys to entries sorted by orderNum, labelled, valued and nested, without a token', async () => {
      const res = await post('/admin/dict/info/data', { types: ['colour', 'emptyOne', 'noSuchType'] });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        colour: [
          {
            id: blue, name: 'Blue', label: 'Blue', value: 'b', orderNum: 1, parentId: null,
            children: [{ id: dark, name: 'Dark blue', label: 'Dark blue', value: 7, orderNum: 1, parentId: blue }],
          },
          { id: red, name: 'Red', label: 'Red', value: red, orderNum: 2, parentId: null },
        ],
        emptyOne: [],
        noSuchType: [],
      });
    });

    it('data without types gives every type, the seeded ones included; types lists them without a token', async () => {
      const all = await ok(post('/admin/dict/info/data', {}));
      expect(Object.keys(all)).toEqual(expect.arrayContaining(['colour', 'emptyOne', 'industry']));
      expect(all.industry).toEqual([]);
      const types = await ok(get('/admin/dict/info/types'));
      expect(types).toEqual(expect.arrayContaining([{ id: colorType, name: 'Colour', key: 'colour' }]));
      expect(types.every((x: any) => Object.keys(x).sort().join() === 'id,key,name')).toBe(true);
    });

    it('data survives a loop of parents and shows each entry once', async () => {
      const loopType = (await ok(admin.post('/admin/dict/type/add', { name: 'Loop', key: 'loop' }))).id;
      const x = (await ok(admin.post('/admin/dict/info/add', { typeId: loopType, name: 'X' }))).id;
      const y = (await ok(admin.post('/admin/dict/info/add', { typeId: loopType, name: 'Y', parentId: x }))).id;
      await ok(admin.post('/admin/dict/info/update', { id: x, parentId: y }));
      const data = await ok(post('/admin/dict/info/data', { types: ['loop'] }));
      const ids = JSON.stringify(data.loop).match(/"id":\d+/g);
      expect(ids?.sort()).toEqual([`"id":${x}`, `"id":${y}`].sort());
    });

    it('data refuses types that are not a list of keys', async () => {
      for (const types of [[1, 2], { a: 1 }, Array.from({ length: 201 }, (_, i) => `k${i}`)]) {
        const res = await post('/admin/dict/info/data', { types });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('types must be a list of dictionary type keys');
      }
    });
  });

  describe('access', () => {
    const guarded: Array<[string, unknown]> = [
      ['/admin/base/sys/menu/create', { entity: 'demo/goods', name: 'X', perms: ['demo:goods:page'] }],
      ['/admin/base/sys/menu/export', { ids: [1] }],
      ['/admin/base/sys/menu/import', { menus: [{ name: 'X' }] }],
      ['/admin/base/sys/menu/parse', { entity: 'demo/goods' }],
      ['/admin/base/sys/department/order', { list: [{ id: 1, orderNum: 1 }] }],
      ['/admin/base/sys/user/move', { userIds: [1], departmentId: 1 }],
      ['/admin/base/sys/user/invitedList', {}],
    ];

    it('refuses each guarded call with 403 to a signed-in user whose roles lack its key, and with 401 without a token', async () => {
      const before = await menuCount();
      const plain = await signedIn([await roleWith(['demo:goods:page'])]);
      for (const [path, body] of guarded) {
        const res = await post(path, body, plain.token);
        expect(res.status, path).toBe(403);
        expect(res.body.code).toBe(1001);
        expect((await post(path, body)).status, path).toBe(401);
      }
      expect(await menuCount()).toBe(before + 1);
    });

    it('lets a role holding a key through to that call only', async () => {
      const parser = await signedIn([await roleWith(['base:sys:menu:parse'])]);
      expect((await post('/admin/base/sys/menu/parse', { entity: 'demo/goods' }, parser.token)).status).toBe(200);
      expect((await post('/admin/base/sys/menu/export', { ids: [1] }, parser.token)).status).toBe(403);
    });

    it('answers the public calls without a token', async () => {
      const u = await createUser();
      await ok(admin.post('/admin/base/sys/param/add', { keyName: 'about', data: '<p>About</p>', dataType: 1 }));
      expect((await post('/admin/base/sys/user/openDetail', { id: u.id })).status).toBe(200);
      expect((await post('/admin/dict/info/data', {})).status).toBe(200);
      expect((await get('/admin/dict/info/types')).status).toBe(200);
      expect((await get('/admin/base/open/html?key=about')).status).toBe(200);
      // Public routes show in /eps without a token; the guarded ones do not.
      const eps = JSON.stringify((await get('/admin/base/open/eps')).body.data);
      expect(eps).toContain('/openDetail');
      expect(eps).toContain('/types');
      expect(eps).not.toContain('/invitedList');
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
    const add = async (body: object) => (await t.http().post('/admin/base/sys/department/add').set('Authorization', t.adminToken).send(body)).body.data.id as number;
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
