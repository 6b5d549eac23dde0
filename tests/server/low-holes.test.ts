/**
 * The low-severity findings of the security review: deeply nested JSON, mail without SMTP, secret
 * parameters in answers and in the request log, the OpenAPI document shown to each caller, and
 * runtime versions in public answers. Each is a clean answer now, on every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { AppError } from '../../server/core/errors';
import { paramByKey } from '../../server/modules/system/param.service';

const kinds = await databaseKinds();

type Res = { status: number; text: string; headers: Record<string, string>; body: any };

/** JSON text of an object nested `levels` deep (`{}` is one level), built without recursion. */
function deepObjectText(levels: number): string {
  return `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
}

/** The same value as a JavaScript object. */
function deepObject(levels: number): Record<string, unknown> {
  let v: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) v = { a: v };
  return v;
}

describe.each(kinds)('low-severity holes on %s', (kind) => {
  let t: TestApp;
  let memberToken: string;
  const q = (name: string) => t.core.db.q(name);

  beforeAll(async () => {
    t = await startApp(kind, {
      // No SMTP server; the request log writes only when the test flushes it.
      env: { ...process.env, SMTP_HOST: '', REQUEST_LOG_FLUSH_MS: '3600000' },
    });
    const [role] = await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('base_sys_role')} WHERE ${q('label')} = ?`, ['member']);
    const username = `low_member_${kind}`;
    const added = await post('/admin/base/sys/user/add', { username, password: 'Member-Pw-123', nickName: username, roleIdList: [Number(role.id)] });
    expect(added.body.code, added.text).toBe(1000);
    memberToken = await t.login(username, 'Member-Pw-123');
  });
  afterAll(async () => {
    await t?.close();
  });

  function post(path: string, body: unknown, token: string | null = t.adminToken): Promise<Res> {
    const r = t.http().post(path);
    if (token) r.set('Authorization', token);
    return (typeof body === 'string' ? r.set('Content-Type', 'application/json').send(body) : r.send(body as object)) as unknown as Promise<Res>;
  }
  function get(path: string, token: string | null = t.adminToken, lang?: string): Promise<Res> {
    const r = t.http().get(path);
    if (token) r.set('Authorization', token);
    if (lang) r.set('language', lang);
    return r as unknown as Promise<Res>;
  }

  describe('deeply nested JSON', () => {
    // An entity with a JSON object field and the generic add (plugin/info's add is the install call now).
    const plugin = (key: string, config: string) => `{"name":"Deep","type":"${key}_${kind}","config":${config}}`;

    it('refuses a JSON field nested 4,500 levels deep with 1002 naming the field, not a 500', async () => {
      const res = await post('/admin/base/auth/add', plugin('deep4500', deepObjectText(4500)));
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'config', rule: 'depth' })]);
      expect(res.body.data[0].message).toMatch(/32/);
    });

    it('names the row of a batch whose JSON field is too deep', async () => {
      const res = await post('/admin/base/auth/add', `[${plugin('deepBatch', deepObjectText(4500))}]`);
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(res.body.data).toEqual([expect.objectContaining({ field: '[0].config', rule: 'depth' })]);
    });

    it('keeps a JSON field of 32 levels and refuses one of 33', async () => {
      const ok = await post('/admin/base/auth/add', plugin('deep32', deepObjectText(32)));
      expect(ok.body.code, ok.text).toBe(1000);
      const info = await post('/admin/base/auth/info', { id: ok.body.data.id });
      expect(JSON.stringify(info.body.data.config)).toBe(deepObjectText(32));
      const refused = await post('/admin/base/auth/add', plugin('deep33', deepObjectText(33)));
      expect(refused.status).toBe(400);
      expect(refused.body.data).toEqual([expect.objectContaining({ field: 'config', rule: 'depth' })]);
    });

    it('refuses a too-deep JSON field in validation, for code that calls the operations directly', async () => {
      const plugins = t.core.model.byKey.get('plugin/info')!;
      const admin = { id: 1, username: 'admin', roleIds: [1], departmentId: null, isAdmin: true };
      const err = await t.core.ops.add(plugins, { name: 'Deep', keyName: `deepOps_${kind}`, config: deepObject(4500) }, admin).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).kind).toBe('validation');
      expect((err as AppError).data).toEqual([expect.objectContaining({ field: 'config', rule: 'depth', params: { max: 32 } })]);
    });

    it('refuses deep JSON on a hand-written route with 1002, not a 500', async () => {
      const res = await post('/admin/base/sys/user/saveApp', `{"appId":1,"config":${deepObjectText(4500)}}`, memberToken);
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'config', rule: 'depth' })]);
    });

    it('refuses a body nested 900,000 levels deep on a public route with 1002, not a 500', async () => {
      const res = await post('/admin/base/open/login', `{"username":${'['.repeat(900_000)}${']'.repeat(900_000)},"password":"x"}`, null);
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'username', rule: 'depth' })]);
    });
  });

  describe('mail without an SMTP server', () => {
    it.each([
      ['en', /e-mail is not configured/i],
      ['zh-cn', /邮件/],
      ['zh-tw', /郵件/],
    ])('answers sendCode with 503 and a clear message in %s', async (lang, message) => {
      const res = (await t
        .http()
        .post('/admin/base/open/sendCode')
        .set('language', lang)
        .send({ email: `nobody-${lang}@example.com` })) as unknown as Res;
      expect(res.status, res.text).toBe(503);
      expect(res.body).toEqual({ code: 1003, message: expect.stringMatching(message), data: null });
    });

    it('answers sendResetPasswordCode with 503 whether or not the address has an account', async () => {
      await t.core.db.run(`UPDATE ${q('base_sys_user')} SET ${q('email')} = ? WHERE ${q('username')} = ?`, [`known-${kind}@example.com`, 'admin']);
      for (const email of [`known-${kind}@example.com`, `unknown-${kind}@example.com`]) {
        const res = await post('/admin/base/sys/user/sendResetPasswordCode', { email }, null);
        expect(res.status, `${email}: ${res.text}`).toBe(503);
        expect(res.body.message).toMatch(/e-mail is not configured/i);
      }
    });
  });

  describe('secret parameters', () => {
    const SECRET = `S3cret-Value-${kind}-1`;
    const NEW_SECRET = `S3cret-Value-${kind}-2`;
    const PLAIN = `plain-value-${kind}`;
    let secretId: number;
    let plainId: number;

    beforeAll(async () => {
      const a = await post('/admin/base/sys/param/add', { keyName: `smtpPass_${kind}`, name: 'SMTP password', data: SECRET, secret: true });
      expect(a.body.code, a.text).toBe(1000);
      secretId = a.body.data.id;
      const b = await post('/admin/base/sys/param/add', { keyName: `siteTitle_${kind}`, data: PLAIN });
      expect(b.body.code, b.text).toBe(1000);
      plainId = b.body.data.id;
    });

    it('answers info, list and page of a secret parameter without its data, even to the administrator', async () => {
      const info = await get(`/admin/base/sys/param/info?id=${secretId}`);
      expect(info.body.data).toMatchObject({ keyName: `smtpPass_${kind}`, secret: true, data: '[redacted]' });
      const list = await post('/admin/base/sys/param/list', {});
      const page = await post('/admin/base/sys/param/page', { size: 100 });
      for (const rows of [list.body.data, page.body.data.list]) {
        expect(rows.find((r: any) => r.id === secretId)).toMatchObject({ secret: true, data: '[redacted]' });
        expect(rows.find((r: any) => r.id === plainId)).toMatchObject({ secret: false, data: PLAIN });
      }
      for (const res of [info, list, page]) expect(res.text).not.toContain(SECRET);
    });

    it('gives the real value to the server code that reads the parameter', async () => {
      expect((await paramByKey(t.core, `smtpPass_${kind}`))!.data).toBe(SECRET);
    });

    it('does not show a secret parameter as a page, even to the administrator', async () => {
      const res = await get(`/admin/base/open/html?key=smtpPass_${kind}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(SECRET);
    });

    it('lets the administrator overwrite a secret, and keeps it when the redacted placeholder is sent back', async () => {
      const kept = await post('/admin/base/sys/param/update', { id: secretId, name: 'SMTP password', data: '[redacted]' });
      expect(kept.body.code, kept.text).toBe(1000);
      expect((await paramByKey(t.core, `smtpPass_${kind}`))!.data).toBe(SECRET);
      const changed = await post('/admin/base/sys/param/update', { id: secretId, data: NEW_SECRET });
      expect(changed.body.code, changed.text).toBe(1000);
      expect((await paramByKey(t.core, `smtpPass_${kind}`))!.data).toBe(NEW_SECRET);
      expect((await get(`/admin/base/sys/param/info?id=${secretId}`)).body.data.data).toBe('[redacted]');
    });

    it('refuses to unflag a secret without a new value, so the old one is never read back', async () => {
      const res = await post('/admin/base/sys/param/update', { id: secretId, secret: false });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'data' })]);
      expect((await get(`/admin/base/sys/param/info?id=${secretId}`)).body.data).toMatchObject({ secret: true, data: '[redacted]' });
    });

    it('shows a deleted secret parameter in the recycle bin without its data, and restores the real value', async () => {
      const keyName = `binPass_${kind}`;
      const added = await post('/admin/base/sys/param/add', { keyName, data: SECRET, secret: true });
      expect((await post('/admin/base/sys/param/delete', { ids: [added.body.data.id] })).body.code).toBe(1000);
      const bin = await post('/admin/recycle/data/page', { size: 100 });
      const record = bin.body.data.list.find((r: any) => JSON.stringify(r.data).includes(keyName));
      expect(record.data).toEqual([expect.objectContaining({ keyName, data: '[redacted]' })]);
      const one = await get(`/admin/recycle/data/info?id=${record.id}`);
      for (const res of [bin, one]) expect(res.text).not.toContain(SECRET);
      expect((await post('/admin/recycle/data/restore', { ids: [record.id] })).body.code).toBe(1000);
      expect((await paramByKey(t.core, keyName))!.data).toBe(SECRET);
    });

    it('keeps the data of every parameter write out of the request log', async () => {
      await t.core.requestLog.flush();
      const rows = await t.core.db.query<{ action: string; params: string | null }>(
        `SELECT ${q('action')}, ${q('params')} FROM ${q('base_sys_log')} WHERE ${q('action')} LIKE ?`,
        ['/admin/base/sys/param/%'],
      );
      const writes = rows.filter((r) => /\/(add|update)$/.test(r.action));
      expect(writes.length).toBeGreaterThanOrEqual(4);
      const text = JSON.stringify(rows);
      for (const s of [SECRET, NEW_SECRET, PLAIN]) expect(text).not.toContain(s);
      expect(writes.find((r) => r.action.endsWith('/add') && r.params?.includes(`smtpPass_${kind}`))!.params).toContain('"data":"[redacted]"');
    });
  });

  describe('OpenAPI document per caller', () => {
    type Doc = { info: Record<string, unknown>; paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    const ops = (doc: Doc) =>
      Object.entries(doc.paths)
        .flatMap(([p, m]) => Object.keys(m).map((k) => `${k.toUpperCase()} ${p}`))
        .sort();
    const epsOps = (eps: Record<string, Array<{ prefix: string; api: Array<{ method: string; path: string }> }>>) =>
      Object.values(eps)
        .flat()
        .flatMap((e) => e.api.map((a) => `${a.method} ${a.path.startsWith('/admin/') ? a.path : e.prefix + a.path}`))
        .sort();

    it('shows an anonymous caller exactly the routes /eps shows them', async () => {
      const doc = (await get('/admin/base/open/openapi.json', null)).body as Doc;
      const eps = (await get('/admin/base/open/eps', null)).body.data;
      expect(ops(doc).filter((o) => o.includes(' /admin/'))).toEqual(epsOps(eps));
      expect(ops(doc)).not.toContain('POST /admin/base/sys/user/page');
      const publicPaths = new Set(t.core.routes.all.filter((r) => r.guard === 'public').map((r) => `${r.method} ${r.path}`));
      for (const o of ops(doc)) expect(publicPaths.has(o), o).toBe(true);
      expect(doc.components.schemas.DemoGoods).toBeUndefined();
    });

    it('shows a member what they may use, and the administrator every route', async () => {
      const member = (await get('/admin/base/open/openapi.json', memberToken)).body as Doc;
      const memberEps = (await get('/admin/base/open/eps', memberToken)).body.data;
      expect(ops(member).filter((o) => o.includes(' /admin/'))).toEqual(epsOps(memberEps));
      expect(ops(member)).not.toContain('POST /admin/base/sys/param/page');
      const admin = (await get('/admin/base/open/openapi.json')).body as Doc;
      expect(ops(admin)).toHaveLength(t.core.routes.all.length);
      expect(ops(admin)).toContain('POST /admin/base/sys/param/page');
    });
  });

  describe('runtime versions', () => {
    const runtime = [process.version, process.versions.v8, /\bnode\b/i, /\bkoa\b/i, /midway/i];
    const expectNoRuntime = (where: string, res: Res) => {
      const text = `${JSON.stringify(res.headers)}\n${res.text}`;
      for (const r of runtime) {
        if (typeof r === 'string') expect(text, where).not.toContain(r);
        else expect(text, where).not.toMatch(r);
      }
      expect(res.headers['x-powered-by'], where).toBeUndefined();
      expect(res.headers.server, where).toBeUndefined();
    };

    it('tells the program without the Node version', async () => {
      const res = await get('/admin/base/comm/program', null);
      expect(res.body.data).toMatchObject({ name: 'COSMAC AI', version: expect.any(String) });
      expect(res.body.data).not.toHaveProperty('node');
      expectNoRuntime('program', res);
    });

    it('tells no runtime version in health, eps, OpenAPI, error answers or headers', async () => {
      expectNoRuntime('health', await get('/health', null));
      expectNoRuntime('eps', await get('/admin/base/open/eps', null));
      expectNoRuntime('openapi', await get('/admin/base/open/openapi.json', null));
      expectNoRuntime('404', await get('/admin/nothing/here', null));
      expectNoRuntime('401', await get('/admin/base/sys/user/info?id=1', null));
      expectNoRuntime('malformed', await post('/admin/base/open/login', '{"username":', null));
      expectNoRuntime('web page', (await t.http().get('/').set('Accept', 'text/html')) as unknown as Res);
    });
  });
});
