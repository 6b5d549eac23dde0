/**
 * Declared calls of the system area (issue 36): departments' order, menus, wallet linking and NFT
 * staking, params as pages, the request log's keep, the dashboard, uploads and stored files, short
 * links, the site, the sitemap, base/open's test calls, the X monitor, plugins, dictionaries and the
 * recycle bin. Each says its input, effect, answer and rule in /eps and OpenAPI; a bad input is one
 * 1002 naming the field, before anything is written; the rules that left the handlers (guards now
 * declared as access, the short link's delete key waived for the administrator only) refuse whom
 * they should and let the right caller through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

/** Every call of the area, as `module group path` in /eps. */
const AREA: Record<string, Record<string, string[]>> = {
  base: {
    'sys/department': ['/order'],
    'sys/menu': ['/create', '/export', '/import', '/parse'],
    'sys/user': ['/walletChallenge', '/bindWallet', '/unbindWallet', '/isNftStacked'],
    open: ['/chainSettings', '/html', '/testN', '/importBaseData'],
    'sys/log': ['/setKeep', '/getKeep', '/clear'],
    dashboard: ['/summary'],
    comm: ['/upload', '/uploadMode'],
    shortLink: ['/add', '/delete', '/s/{shortKey}'],
    site: ['/info', '/save'],
    sitemap: ['/google'],
    monitor: ['/saveSetting', '/getSetting', '/twitterData', '/sendTwitterToUser'],
  },
  plugin: { info: ['/shipped', '/upload', '/install', '/add', '/update', '/delete', '/events'] },
  dict: { info: ['/data', '/types'] },
  recycle: { data: ['/restore'] },
};

interface EpsApi {
  path: string;
  input?: { type?: string; properties?: Record<string, unknown>; required?: string[] };
  effect?: string;
  access?: string;
  answer?: unknown;
}

describe.each(kinds)('declared system calls on %s', (kind) => {
  let t: TestApp;
  let member: Person;

  beforeAll(async () => {
    t = await startApp(kind);
    member = await person(t, 'sysdecl');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every call of the area in /eps (as the administrator) with its input, effect and rule', async () => {
    const eps = (await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken)).body.data as Record<
      string,
      Array<{ name: string; api: EpsApi[] }>
    >;
    let count = 0;
    for (const [module, groups] of Object.entries(AREA)) {
      for (const [group, paths] of Object.entries(groups)) {
        const api = eps[module]?.find((e) => e.name === group)?.api ?? [];
        for (const path of paths) {
          const a = api.find((x) => x.path === path);
          const at = `${module}/${group}${path}`;
          expect(a, at).toBeDefined();
          expect(a!.input, at).toBeTypeOf('object');
          expect(['read', 'write'], at).toContain(a!.effect);
          expect(a!.access, at).toBeTruthy();
          expect(a!.answer, at).toBeTruthy();
          count++;
        }
      }
    }
    expect(count).toBe(39);
    const at = (module: string, group: string, path: string) => eps[module].find((e) => e.name === group)!.api.find((x) => x.path === path)!;
    expect(at('base', 'monitor', '/sendTwitterToUser')).toMatchObject({ effect: 'write', input: { required: ['userId', 'postId'] } });
    expect(at('base', 'monitor', '/twitterData')).toMatchObject({ effect: 'read', access: 'anyone' });
    expect(at('base', 'sys/user', '/bindWallet').input).toMatchObject({
      properties: { pubKey: { properties: { type: { maxLength: 64 } } } },
      additionalProperties: false,
    });
    expect(at('plugin', 'info', '/delete')).toMatchObject({ effect: 'write', access: 'the administrator' });
    expect(at('base', 'comm', '/uploadMode').access).toBe('any signed-in account');
    expect(at('base', 'dashboard', '/summary')).toMatchObject({ effect: 'read', input: { properties: { days: { maximum: 90 } } } });
  });

  it('describes the stored files (/upload/...) in OpenAPI by their path segments', async () => {
    const doc = (await t.http().get('/admin/base/open/openapi.json').set('Authorization', t.adminToken)).body;
    const file = doc.paths['/upload/app/base/{day}/{file}'].get;
    expect(file['x-effect']).toBe('read');
    expect(file.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['path:day', 'path:file']);
    expect(doc.paths['/admin/base/shortLink/s/{shortKey}'].get.parameters).toEqual([expect.objectContaining({ name: 'shortKey', in: 'path' })]);
    expect(doc.paths['/admin/base/monitor/saveSetting'].post.requestBody.content['application/json'].schema).toMatchObject({ additionalProperties: false });
  });

  it("describes an upload as a multipart form, and a body of two forms under each one's type", async () => {
    const doc = (await t.http().get('/admin/base/open/openapi.json').set('Authorization', t.adminToken)).body;
    expect(Object.keys(doc.paths['/admin/base/comm/upload'].post.requestBody.content)).toEqual(['multipart/form-data']);
    const plugin = doc.paths['/admin/plugin/info/upload'].post.requestBody.content;
    expect(Object.keys(plugin).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(plugin['application/json'].schema).toMatchObject({ properties: { shipped: expect.any(Object) } });
  });

  it('refuses a bad input with 1002 naming the field, and writes nothing', async () => {
    const cases: Array<[string, object, string[]]> = [
      ['/admin/base/monitor/sendTwitterToUser', { userId: 'me', postId: 'x' }, ['postId', 'userId']],
      ['/admin/base/monitor/saveSetting', { maxResults: 5, colour: 'red' }, ['colour', 'maxResults']],
      ['/admin/plugin/info/update', { id: 0, status: 3 }, ['id', 'status']],
      ['/admin/plugin/info/install', {}, ['uploadId']],
      ['/admin/base/sys/log/setKeep', { value: 0 }, ['value']],
      ['/admin/base/sys/menu/parse', { entity: 'base/sys/user', colour: 'red' }, ['colour']],
      ['/admin/recycle/data/restore', {}, ['ids']],
      ['/admin/base/shortLink/add', { url: 'ftp://example.com/x' }, ['url']],
    ];
    const before = [await rows(t, 'base_monitor_setting'), await rows(t, 'base_sys_param'), await rows(t, 'base_short_link')];
    for (const [path, body, fields] of cases) {
      const res = await post(t, t.adminToken, path, body);
      expect([res.status, res.body.code], path).toEqual([400, 1002]);
      expect((res.body.data as Array<{ field: string }>).map((e) => e.field).sort(), path).toEqual(fields);
    }
    const bind = await post(t, member, '/admin/base/sys/user/bindWallet', { address: 'stars1x', pubKey: { type: 'x' }, signature: 's', nonce: 'n', extra: 1 });
    expect(bind.body.code).toBe(1002);
    expect(bind.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['extra', 'pubKey.value']);
    const summary = await t.http().get('/admin/base/dashboard/summary?days=91&tzOffset=x').set('Authorization', t.adminToken);
    expect(summary.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['days', 'tzOffset']);
    expect([await rows(t, 'base_monitor_setting'), await rows(t, 'base_sys_param'), await rows(t, 'base_short_link')]).toEqual(before);
  });

  it("keeps a client's cache buster on twitterData, and reads an empty query parameter as absent", async () => {
    expect((await t.http().get('/admin/base/monitor/twitterData?_t=123&page=')).body.code).toBe(1000);
    expect((await t.http().get('/admin/base/monitor/twitterData?colour=red')).body.code).toBe(1002);
    expect((await t.http().get('/admin/base/dashboard/summary?days=').set('Authorization', t.adminToken)).body.data.dates).toHaveLength(7);
  });

  it('checks the declared access: the administrator alone for plugins and base data, a token for uploads', async () => {
    for (const [method, path] of [
      ['get', '/admin/plugin/info/shipped'],
      ['get', '/admin/plugin/info/events'],
      ['get', '/admin/base/open/importBaseData'],
    ] as const) {
      expect((await t.http()[method](path).set('Authorization', member.token)).status, path).toBe(403);
      expect((await t.http()[method](path)).status, path).toBe(401);
    }
    expect((await post(t, member, '/admin/plugin/info/delete', { ids: [1] })).status).toBe(403);
    expect(ok((await t.http().get('/admin/plugin/info/events').set('Authorization', t.adminToken)) as never)).toBeInstanceOf(Array);
    expect((await t.http().get('/admin/base/comm/uploadMode')).status).toBe(401);
    expect(ok((await t.http().get('/admin/base/comm/uploadMode').set('Authorization', member.token)) as never)).toMatchObject({ mode: 'local' });
    expect((await post(t, member, '/admin/base/monitor/getSetting', {})).status).toBe(403);
    expect(ok(await post(t, null, '/admin/dict/info/data', { types: ['noSuchType'] }))).toEqual({ noSuchType: [] });
  });

  it("waives a short link's delete key for the administrator only", async () => {
    const { shortKey } = ok(await post(t, null, '/admin/base/shortLink/add', { url: 'https://example.com/declared' }));
    const refused = await post(t, member, '/admin/base/shortLink/delete', { shortKey });
    expect([refused.status, refused.body.code, refused.body.data[0].field]).toEqual([400, 1002, 'deleteKey']);
    expect((await post(t, null, '/admin/base/shortLink/delete', { shortKey, deleteKey: 'not-it' })).status).toBe(403);
    expect(await rows(t, 'base_short_link', '`shortKey` = ?', [shortKey])).toHaveLength(1);
    ok(await post(t, t.adminToken, '/admin/base/shortLink/delete', { shortKey }));
    expect((await t.http().get(`/admin/base/shortLink/s/${shortKey}`)).status).toBe(404);
  });
});
