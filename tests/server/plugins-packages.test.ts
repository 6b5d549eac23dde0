/**
 * Plugin packages refused or made by the server (issue 19 item 4), on every database: not a zip,
 * no index.js or plugin.json, a bad manifest naming its field, a hook outside the closed list,
 * zip-slip entries (`../`, an absolute path, a backslash) and symlinks (nothing written anywhere),
 * too many entries, a zip bomb, a zip over PLUGIN_MAX_ZIP_BYTES (413, cut off while streaming);
 * the shipped plugins listed and packed (`{shipped: 'webhook'}`), the packer on a fixture folder
 * of its own, and the event catalogue call.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { badPackages, sha256, zipOf } from '../helpers/plugin-packages';
import { readPackage } from '../../server/core/plugins/package-reader';
import { unpack } from '../../server/core/plugins/unpack';
import { packShipped } from '../../server/core/plugins/shipped';
import { requireFresh } from '../../server/core/plugins/loader';
import { AppError } from '../../server/core/errors';

const kinds = await databaseKinds();
const MAX_ZIP = 200_000;

type Res = { status: number; body: { code: number; message: string; data: any } };

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)]));
}

describe.each(kinds)('plugin packages on %s', (kind) => {
  let t: TestApp;
  const pluginDir = join(process.env.DATA_DIR!, `plugins-pk-${kind}-${randomBytes(3).toString('hex')}`);

  const upload = (zip: Buffer) =>
    t
      .http()
      .post('/admin/plugin/info/upload')
      .set('Authorization', t.adminToken)
      .attach('file', zip, { filename: 'p.zip', contentType: 'application/zip' }) as unknown as Promise<Res>;
  const post = (path: string, body: unknown) =>
    t
      .http()
      .post(path)
      .set('Authorization', t.adminToken)
      .send(body as object) as unknown as Promise<Res>;
  const get = (path: string) => t.http().get(path).set('Authorization', t.adminToken) as unknown as Promise<Res>;
  const ok = (res: Res) => {
    expect(res.body, JSON.stringify(res.body).slice(0, 500)).toMatchObject({ code: 1000 });
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, PLUGIN_DIR: pluginDir, PLUGIN_MAX_ZIP_BYTES: String(MAX_ZIP) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses broken and hostile packages with a clear 1001, keeping nothing and writing nothing', async () => {
    const bad = await badPackages();
    const expected: Record<string, RegExp> = {
      notZip: /not a zip/,
      dotDot: /"\.\.\/evil\.js" would be written outside/,
      absolute: /"\/tmp\/evil\.js" would be written outside/,
      backslash: /would be written outside/,
      symlink: /"passwd" is a symbolic link/,
      noIndex: /no index\.js/,
      noManifest: /no plugin\.json/,
      badKey: /"keyName"/,
      badVersion: /"version"/,
      noName: /"name"/,
      badHook: /hook "email" is not one/,
      badJson: /not valid JSON/,
    };
    const before = filesUnder(process.env.DATA_DIR!).length;
    for (const [name, zip] of Object.entries(bad)) {
      const res = await upload(zip);
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe(1001);
      expect(res.body.message, name).toMatch(expected[name]);
    }
    expect(ok(await post('/admin/plugin/package/page', {})).list).toEqual([]);
    expect(existsSync(pluginDir)).toBe(false);
    expect(existsSync('/tmp/evil.js')).toBe(false);
    expect(filesUnder(process.env.DATA_DIR!).filter((f) => f.endsWith('evil.js'))).toEqual([]);
    // The sqlite database file of this run may have grown, but no file appeared.
    expect(filesUnder(process.env.DATA_DIR!).length).toBeLessThanOrEqual(before + 2);
  });

  it('refuses a package of more than 200 entries, and a zip bomb, counting bytes as they inflate', async () => {
    const files: Record<string, string> = {
      'plugin.json': JSON.stringify({ keyName: 'test-many', name: 'Many', version: '1.0.0', hook: 'notify' }),
      'index.js': '',
    };
    for (let i = 0; i < 200; i++) files[`f${i}.txt`] = 'x';
    const many = await upload(await zipOf(files));
    expect(many.body.message).toMatch(/more than 200 entries/);
    const bomb = new JSZip();
    bomb.file('plugin.json', JSON.stringify({ keyName: 'test-bomb', name: 'Bomb', version: '1.0.0', hook: 'notify' }));
    bomb.file('index.js', '');
    bomb.file('zeros.bin', Buffer.alloc(21 * 1024 * 1024));
    const zip = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(zip.length).toBeLessThan(MAX_ZIP);
    const res = await upload(zip);
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toMatch(/unpacks to more than 20 MiB/);
  });

  it('answers 413 for a zip over PLUGIN_MAX_ZIP_BYTES, by its Content-Length or while it streams', async () => {
    const big = await upload(randomBytes(MAX_ZIP * 2));
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/at most/);
    // Within the framing allowance of the Content-Length check: cut off while reading.
    const over = await upload(randomBytes(MAX_ZIP + 10_000));
    expect(over.status).toBe(413);
    const health = await t.http().get('/health');
    expect(health.status).toBe(200);
  });

  it('refuses a body with neither a file nor {shipped}, and an unknown shipped plugin', async () => {
    expect((await post('/admin/plugin/info/upload', {})).body.code).toBe(1002);
    expect((await post('/admin/plugin/info/upload', { shipped: 'no-such-plugin' })).body.message).toMatch(/No shipped plugin/);
    expect((await post('/admin/plugin/info/upload', { shipped: '../../etc' })).body.code).toBe(1001);
    const form = await t.http().post('/admin/plugin/info/upload').set('Authorization', t.adminToken).field('note', 'no file');
    expect(form.body.code).toBe(1001);
  });

  it('lists the shipped plugins and packs one: {shipped: "webhook"} answers its manifest and a stable sha256', async () => {
    const shipped = ok(await get('/admin/plugin/info/shipped')) as Array<Record<string, any>>;
    const webhook = shipped.find((p) => p.keyName === 'webhook');
    expect(webhook).toMatchObject({ hook: 'notify', installed: null });
    expect(webhook!.logo).toMatch(/^data:image\//);
    const a = ok(await post('/admin/plugin/info/upload', { shipped: 'webhook' }));
    const b = ok(await post('/admin/plugin/info/upload', { shipped: 'webhook' }));
    expect(a.manifest.keyName).toBe('webhook');
    expect(a.sha256).toMatch(/^[a-f0-9]{64}$/);
    expect(b.sha256).toBe(a.sha256);
    expect(a.uploadId).not.toBe(b.uploadId);
    expect(a.readme.length).toBeGreaterThan(0);
    const row = ok(await post('/admin/plugin/info/install', { uploadId: a.uploadId }));
    expect(row).toMatchObject({ keyName: 'webhook', hook: 'notify', status: 0, error: null, sha256: a.sha256 });
    const listed = (ok(await get('/admin/plugin/info/shipped')) as Array<Record<string, any>>).find((p) => p.keyName === 'webhook');
    expect(listed!.installed).toEqual({ id: row.id, version: row.version, status: 0 });
    ok(await post('/admin/plugin/info/delete', { ids: [row.id] }));
  });

  it("answers the event catalogue with each event's entity, summary and fields", async () => {
    const events = ok(await get('/admin/plugin/info/events')) as Array<Record<string, any>>;
    const names = events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['user.registered', 'order.paid', 'order.refunded', 'message.group']));
    const user = events.find((e) => e.name === 'user.registered')!;
    expect(user).toMatchObject({ entity: 'base/sys/user', fields: ['id', 'username', 'nickName', 'createTime'] });
    expect(user.summary).toEqual({ en: expect.any(String), 'zh-cn': expect.any(String), 'zh-tw': expect.any(String) });
    for (const e of events) expect(e.fields.join(',')).not.toMatch(/password|token|secret|email|phone/i);
  });
});

describe('the package reader, the unpacker and the packer', () => {
  const root = join(process.env.DATA_DIR!, `unpack-${randomBytes(3).toString('hex')}`);

  it('never writes outside the version folder, whatever it is given', async () => {
    const sha = 'a'.repeat(64);
    await expect(
      unpack(
        root,
        'test-slip',
        sha,
        new Map([
          ['index.js', Buffer.from('')],
          ['../evil.js', Buffer.from('pwned')],
        ]),
      ),
    ).rejects.toThrow(/unsafe/);
    await expect(unpack(root, '../escape', sha, new Map([['index.js', Buffer.from('')]]))).rejects.toThrow(/not a plugin key/);
    await expect(unpack(root, 'test-slip', '../x', new Map([['index.js', Buffer.from('')]]))).rejects.toThrow(/not a sha256/);
    expect(filesUnder(root)).toEqual([]);
    const dir = await unpack(
      root,
      'test-fine',
      sha,
      new Map([
        ['index.js', Buffer.from('exports.load = () => {};')],
        ['lib/util.js', Buffer.from('')],
      ]),
    );
    expect(
      filesUnder(root)
        .map((f) => f.slice(dir.length + 1))
        .sort(),
    ).toEqual(['index.js', 'lib/util.js']);
  });

  it('refuses a zip-slip entry with AppError before anything is unpacked', async () => {
    const bad = await badPackages();
    for (const name of ['dotDot', 'absolute', 'backslash', 'symlink'] as const) await expect(readPackage(bad[name])).rejects.toBeInstanceOf(AppError);
  });

  it('stops inflating an entry that lies about its size at the 20 MiB limit', async () => {
    const bomb = new JSZip();
    bomb.file('plugin.json', JSON.stringify({ keyName: 'test-bomb', name: 'Bomb', version: '1.0.0', hook: 'notify' }));
    bomb.file('index.js', '');
    const real = 21 * 1024 * 1024;
    bomb.file('zeros.bin', Buffer.alloc(real));
    const zip = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    // The local and central headers now declare 100 bytes for it.
    let patched = 0;
    for (let i = 0; i + 4 <= zip.length; i++) if (zip.readUInt32LE(i) === real) (zip.writeUInt32LE(100, i), patched++);
    expect(patched).toBe(2);
    await expect(readPackage(zip)).rejects.toMatchObject({ key: 'plugin_too_large_unpacked' });
  });

  it('packs a shipped plugin from its TypeScript source, or refuses when its compiled entry is missing', async () => {
    const sources = join(process.env.DATA_DIR!, `shipped-${randomBytes(3).toString('hex')}`);
    const dir = join(sources, 'fixture-echo');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'plugin.json'), JSON.stringify({ keyName: 'fixture-echo', name: 'Echo', version: '0.1.0', hook: 'notify', readme: 'README.md' }));
    writeFileSync(join(dir, 'README.md'), '# Echo');
    writeFileSync(
      join(dir, 'index.ts'),
      [
        "import type { PluginHost, Notifier } from '../../server/core/plugins/contract';",
        'const seen: string[] = [];',
        'export function notify(host: PluginHost): Notifier {',
        '  return { send: (e) => { seen.push(`${host.keyName}:${e.name}`); } };',
        '}',
        'export const sent = (): string[] => seen;',
      ].join('\n'),
    );
    const zip = await packShipped('fixture-echo', { sources, compiled: null });
    expect(sha256(await packShipped('fixture-echo', { sources, compiled: null }))).toBe(sha256(zip));
    const pkg = await readPackage(zip);
    expect([...pkg.files.keys()].sort()).toEqual(['README.md', 'index.js', 'plugin.json']);
    expect(pkg.readme).toBe('# Echo');
    const out = await unpack(root, 'fixture-echo', pkg.sha256, pkg.files);
    const mod = requireFresh(out) as unknown as { notify(h: unknown): { send(e: unknown): void }; sent(): string[] };
    mod.notify({ keyName: 'fixture-echo' }).send({ name: 'user.registered' });
    expect(mod.sent()).toEqual(['fixture-echo:user.registered']);
    await expect(packShipped('fixture-echo', { sources, compiled: join(sources, 'dist') })).rejects.toThrow(AppError);
  });
});
