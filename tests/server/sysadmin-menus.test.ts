/**
 * Menus through the real HTTP stack, on every database kind: create, export, import and parse, and
 * the menu route rule (shared set-up in sysadmin-world.ts).
 */
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { sysadminWorld } from './sysadmin-world';

const kinds = await databaseKinds();

describe.each(kinds)('system administration on %s', (kind) => {
  const w = sysadminWorld(kind);
  const { post, admin, ok, fieldsOf, menuCount, menuList, signedIn, next } = w;

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
      expect(parsed).toMatchObject({
        key: 'base/sys/user',
        module: 'base',
        name: 'sys/user',
        router: '/base/sys/user',
        viewPath: 'crud:base/sys/user',
        prefix: '/admin/base/sys/user',
      });
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
      const made = await ok(
        admin.post('/admin/base/sys/menu/create', {
          entity: 'demo/goods',
          name: 'Goods (created)',
          parentId: dir.id,
          icon: 'icon-goods',
          perms: ['demo:goods:page', 'demo:goods:info'],
        }),
      );
      expect(made.buttonIds).toHaveLength(2);
      const rows = await menuList();
      const menu = rows.find((r) => r.id === made.id);
      expect(menu).toMatchObject({
        name: 'Goods (created)',
        type: 1,
        parentId: dir.id,
        router: '/demo/goods',
        viewPath: 'crud:demo/goods',
        icon: 'icon-goods',
      });
      const buttons = rows.filter((r) => r.parentId === made.id);
      expect(buttons.map((b) => b.type)).toEqual([2, 2]);
      expect(buttons.map((b) => b.perms).sort()).toEqual(['demo:goods:info', 'demo:goods:page']);

      const n = next();
      const role = await ok(
        admin.post('/admin/base/sys/role/add', { name: `Goods viewer ${n}`, label: `goods_viewer_${kind}_${n}`, menuIdList: [made.id, ...made.buttonIds] }),
      );
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
      expect(
        fieldsOf(await admin.post('/admin/base/sys/menu/create', { entity: 'demo/goods', name: 'X', router: 'no-slash', perms: ['demo:goods:page'] })),
      ).toEqual(['router']);
      const button = await ok(admin.post('/admin/base/sys/menu/add', { name: 'A button', type: 2, perms: 'demo:goods:page' }));
      const under = await admin.post('/admin/base/sys/menu/create', { entity: 'demo/goods', name: 'X', parentId: button.id, perms: ['demo:goods:page'] });
      expect(under.status).toBe(400);
      expect(under.body.message).toBe('A button cannot hold other menus');
      expect(await menuCount()).toBe(before + 1);
    });

    it('export gives the chosen menus with their descendants, without ids, parents by position; import rebuilds them under a parent', async () => {
      const a = await ok(admin.post('/admin/base/sys/menu/add', { name: 'Export dir', type: 0, router: '/export-dir', orderNum: 3 }));
      const b = await ok(
        admin.post('/admin/base/sys/menu/add', {
          name: 'Export menu',
          type: 1,
          router: '/export-dir/menu',
          parentId: a.id,
          viewPath: 'crud:demo/goods',
          keepAlive: false,
        }),
      );
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
});
