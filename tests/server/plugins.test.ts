/**
 * Plugins through the real HTTP stack on every database (issue 19 item 4): a package made here
 * (tests/helpers/plugin-packages.ts) is uploaded, installed, configured (secrets never answered),
 * enabled, receives a catalogue event of a real write, and stops receiving them once disabled; one
 * plugin per hook; a plugin that throws at load is marked failed while the API keeps answering;
 * an upgrade keeps the config; delete runs disable and remove and takes everything away; only the
 * administrator reaches the calls. Refused packages are in plugins-packages.test.ts, the second
 * instance in plugins-cluster.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { eventsIn, notifyPackage, refusingPackage, sha256, throwingPackage, uploadPackage, until } from '../helpers/plugin-packages';

const kinds = await databaseKinds();

type Res = { status: number; body: { code: number; message: string; data: any } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(kinds)('plugins on %s', (kind) => {
  let t: TestApp;
  const pluginDir = join(process.env.DATA_DIR!, `plugins-${kind}-${randomBytes(3).toString('hex')}`);
  const eventsFile = join(process.env.DATA_DIR!, `events-${kind}-${randomBytes(3).toString('hex')}.ndjson`);
  let memberToken = '';
  let pluginId = 0;

  const post = (path: string, body: unknown, token: string | null = t.adminToken) => {
    const r = t.http().post(path);
    if (token) r.set('Authorization', token);
    return r.send(body as object) as unknown as Promise<Res>;
  };
  const get = (path: string, query: Record<string, unknown> = {}, token: string | null = t.adminToken) => {
    const r = t.http().get(path).query(query);
    if (token) r.set('Authorization', token);
    return r as unknown as Promise<Res>;
  };
  const upload = (zip: Buffer, token: string | null = t.adminToken) => {
    const r = t.http().post('/admin/plugin/info/upload');
    if (token) r.set('Authorization', token);
    return r.attach('file', zip, { filename: 'plugin.zip', contentType: 'application/zip' }) as unknown as Promise<Res>;
  };
  const ok = (res: Res) => {
    expect(res.body, JSON.stringify(res.body).slice(0, 500)).toMatchObject({ code: 1000 });
    return res.body.data;
  };
  const info = async (id: number) => ok(await get('/admin/plugin/info/info', { id }));
  const install = async (zip: Buffer) => ok(await post('/admin/plugin/info/install', { uploadId: ok(await upload(zip)).uploadId }));
  let users = 0;
  const addUser = async () =>
    ok(await post('/admin/base/sys/user/add', { username: `plugin_${kind}_${++users}`, password: 'Member-Pass-1', nickName: `P${users}`, roleIdList: [] }))
      .id as number;
  const lifecycle = (keyName: string) => {
    const file = join(pluginDir, keyName, 'data', 'lifecycle.log');
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
  };

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, PLUGIN_DIR: pluginDir, PLUGIN_SYNC_SECONDS: '0.5' } });
    ok(await post('/admin/base/sys/user/add', { username: `member_${kind}`, password: 'Member-Pass-1', nickName: 'M', roleIdList: [] }));
    memberToken = await t.login(`member_${kind}`, 'Member-Pass-1');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the plugin calls to anonymous callers (401) and to members (403)', async () => {
    const zip = await notifyPackage();
    expect((await upload(zip, null)).status).toBe(401);
    expect((await upload(zip, memberToken)).status).toBe(403);
    for (const [path, body] of [
      ['install', { uploadId: 'x' }],
      ['add', { uploadId: 'x' }],
      ['update', { id: 1, status: 1 }],
      ['delete', { ids: [1] }],
    ] as const) {
      expect((await post(`/admin/plugin/info/${path}`, body, null)).status, path).toBe(401);
      expect((await post(`/admin/plugin/info/${path}`, body, memberToken)).status, path).toBe(403);
    }
    for (const path of ['shipped', 'events']) {
      expect((await get(`/admin/plugin/info/${path}`, {}, null)).status).toBe(401);
      expect((await get(`/admin/plugin/info/${path}`, {}, memberToken)).status).toBe(403);
    }
    expect(ok(await post('/admin/plugin/package/page', {})).list).toEqual([]);
  });

  it('uploads, then installs on confirmation: the row shows the manifest, starts disabled, and install ran before load', async () => {
    const zip = await notifyPackage();
    const up = ok(await upload(zip));
    expect(up).toMatchObject({ sha256: sha256(zip), size: zip.length, upgrade: null, manifest: { keyName: 'test-notify', version: '1.0.0', hook: 'notify' } });
    expect(up.uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(up.readme).toContain('# Test notifier');
    // Nothing of the package ran, nothing unpacked yet.
    expect(existsSync(join(pluginDir, 'test-notify'))).toBe(false);
    const row = ok(await post('/admin/plugin/info/install', { uploadId: up.uploadId }));
    pluginId = row.id;
    expect(row).toMatchObject({
      keyName: 'test-notify',
      name: 'Test notifier',
      hook: 'notify',
      version: '1.0.0',
      status: 0,
      error: null,
      sha256: sha256(zip),
      secretsSet: [],
    });
    expect(row.pluginJson.config).toEqual(expect.objectContaining({ required: ['file'] }));
    expect(lifecycle('test-notify')).toEqual(['install 1.0.0', 'load 1.0.0']);
    expect(t.core.plugins.state('test-notify')).toEqual({ loaded: true, active: false, error: null });
    // The upload is used up.
    const again = await post('/admin/plugin/info/install', { uploadId: up.uploadId });
    expect(again.body.code).toBe(1001);
    const pkgs = ok(await post('/admin/plugin/package/page', { keyName: 'test-notify' })).list;
    expect(pkgs).toHaveLength(1);
    expect(pkgs[0]).toMatchObject({ status: 1, sha256: sha256(zip), uploadId: up.uploadId });
    expect(pkgs[0]).not.toHaveProperty('data');
  });

  it('refuses an install whose install() throws, and saves nothing', async () => {
    const res = await post('/admin/plugin/info/install', { uploadId: ok(await upload(await refusingPackage())).uploadId });
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toContain('not on this server');
    expect(ok(await post('/admin/plugin/info/page', { keyWord: 'test-refuses' })).list).toEqual([]);
    expect(existsSync(join(pluginDir, 'test-refuses'))).toBe(false);
  });

  it('checks the config against the schema (1002 naming the fields), keeps secrets out of answers and keeps them when left empty', async () => {
    const bad = await post('/admin/plugin/info/update', { id: pluginId, config: { level: 9, extra: true } });
    expect(bad.body.code).toBe(1002);
    const fields = bad.body.data.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['config.extra', 'config.file', 'config.level']);
    const notObject = await post('/admin/plugin/info/update', { id: pluginId, config: 'file=x' });
    expect(notObject.body.code).toBe(1002);
    ok(await post('/admin/plugin/info/update', { id: pluginId, config: { file: eventsFile, token: 'tok-secret-value' } }));
    let row = await info(pluginId);
    expect(row.config).toEqual({ file: eventsFile, level: 3 });
    expect(row.secretsSet).toEqual(['token']);
    expect(JSON.stringify(row)).not.toContain('tok-secret-value');
    const listed = ok(await post('/admin/plugin/info/list', {}));
    expect(JSON.stringify(listed)).not.toContain('tok-secret-value');
    // The form sends the secret back empty: the stored one stays.
    ok(await post('/admin/plugin/info/update', { id: pluginId, config: { file: eventsFile, token: '', level: 4 } }));
    row = await info(pluginId);
    expect(row.config).toEqual({ file: eventsFile, level: 4 });
    expect(row.secretsSet).toEqual(['token']);
    // The request log keeps no config either.
    await t.core.requestLog.flush();
    const logged = await t.core.db.query(`SELECT * FROM \`${t.core.model.system('requestLog').table}\``);
    expect(JSON.stringify(logged)).not.toContain('tok-secret-value');
  });

  it('enables the notifier: a user added through the API reaches it as user.registered, without secrets', async () => {
    ok(await post('/admin/plugin/info/update', { id: pluginId, status: 1 }));
    expect(t.core.plugins.state('test-notify')).toMatchObject({ active: true });
    expect(lifecycle('test-notify')).toContain('enable 1.0.0');
    const userId = await addUser();
    const events = await until(
      () => eventsIn(eventsFile),
      (e) => e.length > 0,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: 'user.registered',
      level: 4,
      token: 'set',
      data: { id: userId, username: `plugin_${kind}_${users}`, nickName: `P${users}` },
    });
    expect(events[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(events[0].time).toISOString()).toBe(events[0].time);
    expect(Object.keys(events[0].data).sort()).toEqual(['createTime', 'id', 'nickName', 'username']);
    // The notifier's own log rows.
    const logs = await until(
      async () => ok(await post('/admin/plugin/log/page', { keyName: 'test-notify', size: 50 })).list,
      (l) => l.some((r: any) => r.message === 'sent user.registered'),
    );
    expect(logs.some((r: any) => r.message === 'sent user.registered' && r.level === 'info')).toBe(true);
  });

  it('refuses to enable a second plugin of the same hook, naming the enabled one', async () => {
    const other = await install(await notifyPackage({ keyName: 'test-notify-two' }));
    ok(await post('/admin/plugin/info/update', { id: other.id, config: { file: eventsFile } }));
    const res = await post('/admin/plugin/info/update', { id: other.id, status: 1 });
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toContain('Test notifier');
    expect((await info(other.id)).status).toBe(0);
    ok(await post('/admin/plugin/info/delete', { ids: [other.id] }));
  });

  it('marks a plugin that throws at load as failed, keeps answering, and refuses to enable it', async () => {
    const row = await install(await throwingPackage());
    expect(row.error).toContain('boom at load');
    expect(row.status).toBe(0);
    expect(t.core.plugins.state('test-throws')).toMatchObject({ loaded: false, error: expect.stringContaining('boom at load') });
    const health = await t.http().get('/health');
    expect(health.status).toBe(200);
    expect(ok(await post('/admin/plugin/info/page', {})).pagination.total).toBeGreaterThanOrEqual(2);
    const enable = await post('/admin/plugin/info/update', { id: row.id, status: 1 });
    expect(enable.body.code).toBe(1001);
    expect(enable.body.message).toContain('boom at load');
    const logs = ok(await post('/admin/plugin/log/page', { keyName: 'test-throws', level: 'error' })).list;
    expect(logs.length).toBeGreaterThan(0);
    ok(await post('/admin/plugin/info/delete', { ids: [row.id] }));
  });

  it('upgrades in place: the upload names the installed version, config and status are kept, the new version serves', async () => {
    const zip = await notifyPackage({ version: '1.1.0' });
    const up = ok(await upload(zip));
    expect(up.upgrade).toEqual({ id: pluginId, version: '1.0.0' });
    const row = ok(await post('/admin/plugin/info/install', { uploadId: up.uploadId }));
    expect(row).toMatchObject({
      id: pluginId,
      version: '1.1.0',
      status: 1,
      sha256: sha256(zip),
      config: { file: eventsFile, level: 4 },
      secretsSet: ['token'],
    });
    // The notifier of 1.0.0 served until 1.1.0 had loaded, and was closed then.
    expect(lifecycle('test-notify').slice(-3)).toEqual(['install 1.1.0', 'load 1.1.0', 'close 1.0.0']);
    const before = eventsIn(eventsFile).length;
    await addUser();
    const events = await until(
      () => eventsIn(eventsFile),
      (e) => e.length > before,
    );
    expect(events).toHaveLength(before + 1);
    const pkgs = ok(await post('/admin/plugin/package/page', { keyName: 'test-notify', order: 'id', sort: 'asc' })).list;
    expect(pkgs.map((p: any) => p.status)).toEqual([2, 1]);
  });

  it('disables the notifier: no more events', async () => {
    ok(await post('/admin/plugin/info/update', { id: pluginId, status: 0 }));
    expect(lifecycle('test-notify').slice(-2)).toEqual(['disable 1.1.0', 'close 1.1.0']);
    const before = eventsIn(eventsFile).length;
    await addUser();
    await sleep(300);
    expect(eventsIn(eventsFile)).toHaveLength(before);
    expect(t.core.plugins.state('test-notify')).toMatchObject({ active: false, loaded: true });
  });

  it('sends uploads to the enabled upload plugin, while the file route keeps serving local files, and back once disabled', async () => {
    const store = join(process.env.DATA_DIR!, `folder-store-${kind}-${randomBytes(3).toString('hex')}`);
    const send = (name: string) =>
      t
        .http()
        .post('/admin/base/comm/upload')
        .set('Authorization', memberToken)
        .attach('files', Buffer.from(`content of ${name}`), { filename: name, contentType: 'text/plain' }) as unknown as Promise<Res>;
    const mode = async () => ok(await get('/admin/base/comm/uploadMode', {}, memberToken)).mode;
    expect(await mode()).toBe('local');
    const local = ok(await send('before.txt'))[0];
    expect(local.url).toMatch(/^\/upload\/app\/base\//);
    const plugin = await install(await uploadPackage());
    // Another hook: the enabled notifier does not stand in its way.
    ok(await post('/admin/plugin/info/update', { id: pluginId, status: 1 }));
    ok(await post('/admin/plugin/info/update', { id: plugin.id, config: { root: store }, status: 1 }));
    expect(await mode()).toBe('folder');
    const remote = ok(await send('during.txt'))[0];
    expect(remote.url).toBe(`https://files.example.test/${remote.key}`);
    expect(readFileSync(join(store, remote.key.split('/').join('_')), 'utf8')).toBe('content of during.txt');
    const served = await t.http().get(local.url);
    expect(served.status).toBe(200);
    expect(served.text ?? served.body.toString()).toBe('content of before.txt');
    ok(await post('/admin/plugin/info/update', { id: plugin.id, status: 0 }));
    expect(await mode()).toBe('local');
    expect(ok(await send('after.txt'))[0].url).toMatch(/^\/upload\//);
    ok(await post('/admin/plugin/info/delete', { ids: [plugin.id] }));
  });

  it('deletes a plugin: remove runs, rows, packages and files go', async () => {
    ok(await post('/admin/plugin/info/update', { id: pluginId, name: 'Renamed notifier', status: 1 }));
    expect((await info(pluginId)).name).toBe('Renamed notifier');
    const res = ok(await post('/admin/plugin/info/delete', { ids: [pluginId] }));
    expect(res).toEqual({ count: 1 });
    expect((await get('/admin/plugin/info/info', { id: pluginId })).status).toBe(404);
    expect(ok(await post('/admin/plugin/package/page', { keyName: 'test-notify' })).list).toEqual([]);
    expect(existsSync(join(pluginDir, 'test-notify'))).toBe(false);
    expect(t.core.plugins.state('test-notify')).toBeNull();
    const logs = ok(await post('/admin/plugin/log/page', { keyName: 'test-notify' })).list;
    expect(logs[0].message).toBe('deleted');
    expect((await post('/admin/plugin/info/delete', { ids: [pluginId] })).status).toBe(404);
  });
});
