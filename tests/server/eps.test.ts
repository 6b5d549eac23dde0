/** /eps and the OpenAPI document come from the same metadata and describe every route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';

describe('eps and OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every module and entity for the administrator, in the cool-admin shape', async () => {
    const res = await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken);
    const eps = res.body.data as Record<
      string,
      Array<{
        name: string;
        prefix: string;
        api: Array<{ method: string; path: string; permission: string | null }>;
        columns: Array<{ propertyName: string }>;
        schema: unknown;
      }>
    >;
    expect(Object.keys(eps).sort()).toEqual(['ai', 'base', 'demo', 'dict', 'goods', 'plugin', 'recycle', 'space', 'task', 'user']);
    // The model registry (ai/provider, ai/model): a provider's key is a sealed, write-only field the
    // form asks for (a password input), answered only as whether it is set.
    const provider = eps.ai.find((e) => e.name === 'provider')!;
    expect(provider.columns.find((c) => c.propertyName === 'apiKey')).toMatchObject({ writeOnly: true, sealed: true });
    expect(provider.columns.find((c) => c.propertyName === 'apiKeySet')).toMatchObject({ readOnly: true });
    const user = eps.base.find((e) => e.name === 'sys/user')!;
    expect(user.prefix).toBe('/admin/base/sys/user');
    expect(user.api.map((a) => `${a.method} ${a.path}`)).toEqual(
      expect.arrayContaining(['GET /info', 'POST /add', 'POST /delete', 'POST /list', 'POST /page', 'POST /update', 'POST /move']),
    );
    expect(user.api.find((a) => a.path === '/page')!.permission).toBe('base:sys:user:page');
    const cols = user.columns.map((c) => c.propertyName);
    expect(cols).toEqual(expect.arrayContaining(['id', 'username', 'nickName', 'status', 'createTime', 'roleIdList']));
    expect(cols).not.toContain('password');
    expect(user.schema).toMatchObject({ add: { required: ['username'] } });
    const restore = eps.recycle.find((e) => e.name === 'data')!.api.map((a) => a.path);
    expect(restore).toEqual(expect.arrayContaining(['/page', '/info', '/restore']));
    expect(eps.goods.find((e) => e.name === 'type')!.api.find((a) => a.path === '/list')!.method).toBe('GET');
  });

  it("shows an entity's declared description in /eps and as its OpenAPI tag", async () => {
    const declared = t.core.model.byKey.get('goods/order')!.description!;
    expect(declared).toMatch(/orderNo is required/);
    const eps = (await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken)).body.data;
    expect(eps.goods.find((e: { name: string }) => e.name === 'order').description).toBe(declared);
    const doc = (await t.http().get('/admin/base/open/openapi.json').set('Authorization', t.adminToken)).body as {
      tags: Array<{ name: string; description: string }>;
    };
    expect(doc.tags.find((tag) => tag.name === 'goods/order')?.description).toBe(declared);
  });

  it('labels follow the language header', async () => {
    const zh = await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken).set('language', 'zh-tw');
    const user = zh.body.data.base.find((e: { name: string }) => e.name === 'sys/user');
    expect(user.label).toBe('使用者');
    expect(user.columns.find((c: { propertyName: string }) => c.propertyName === 'username').comment).toBe('使用者名稱');
  });

  it('describes every route to the administrator in an OpenAPI 3.1 document', async () => {
    const res = await t.http().get('/admin/base/open/openapi.json').set('Authorization', t.adminToken);
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths).flatMap(([p, m]) => Object.keys(m).map((k) => `${k.toUpperCase()} ${p}`));
    expect(ops.length).toBe(t.core.routes.all.length);
    const page = doc.paths['/admin/demo/goods/page'].post;
    expect(page.requestBody.content['application/json'].schema.properties.order.enum).toContain('title');
    expect(page.security).toEqual([{ bearerAuth: [] }]);
    expect(page['x-permission']).toBe('demo:goods:page');
    expect(doc.paths['/admin/base/open/login'].post.security).toEqual([]);
    expect(doc.components.schemas.BaseSysUser).toBeDefined();
    expect(JSON.stringify(doc.components.schemas.BaseSysUser)).not.toContain('"password"');
  });

  it('serves the web page at / and index.html for console routes, never HTML under /api', async () => {
    const home = await t.http().get('/').set('Accept', 'text/html');
    expect(home.status).toBe(200);
    expect(home.text).toContain('COSMAC AI');
    const deep = await t.http().get('/admin/base/sys/user').set('Accept', 'text/html,application/xhtml+xml');
    expect(deep.status).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    const api = await t.http().get('/api/admin/base/sys/nothing').set('Accept', 'text/html');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(1001);
    const traversal = await t.http().get('/..%2f..%2fpackage.json');
    expect(traversal.status).toBe(404);
  });
});
