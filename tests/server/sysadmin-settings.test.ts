/**
 * Params and dictionaries through the real HTTP stack, on every database kind: params as HTML by
 * key, dictionary data and types; and access: each guarded system call is refused (403) to a
 * signed-in user whose roles lack its key, each public one answers without a token (shared set-up
 * in sysadmin-world.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { sysadminWorld } from './sysadmin-world';

const kinds = await databaseKinds();

describe.each(kinds)('system administration on %s', (kind) => {
  const w = sysadminWorld(kind);
  const { get, post, admin, ok, menuCount, roleWith, createUser, signedIn } = w;

  describe('params by key', () => {
    it('shows a rich-text param as an HTML page without a token, under a sandboxing policy', async () => {
      await ok(
        admin.post('/admin/base/sys/param/add', { keyName: 'terms', name: 'Terms & rules', data: '<h1>Terms</h1><script>alert(1)</script>', dataType: 1 }),
      );
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
      const res = await get('/admin/base/open/html?key=internalSetting', w.t.adminToken);
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
            id: blue,
            name: 'Blue',
            label: 'Blue',
            value: 'b',
            orderNum: 1,
            parentId: null,
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
