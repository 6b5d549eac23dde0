/**
 * Private files (issue 37, first slice) through the real HTTP stack on every database: an upload
 * with `private` or a group `scope` is stored under app/private, its row holds a placeholder url,
 * space/info/fileUrl answers a short-lived signed url to its uploader, an administrator and the
 * members of the group it is shared with (403 to anyone else), and the private file route serves it
 * only with a valid, unexpired signature; the public /upload route never serves it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSignature } from '../../server/adapters/storage.adapter';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4000)]);

interface Fetched {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function filesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((d) => d.isFile()).length;
}

describe.each(kinds)('private files on %s', (kind) => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let groupId: number;
  const root = resolve(process.env.DATA_DIR!, `private-${kind}-${randomBytes(3).toString('hex')}`);

  /** Uploads one file as `who` with the form fields before it (or after it, when `fieldsLast`). */
  const upload = (who: Person, fields: Record<string, string>, fieldsLast = false) => {
    const r = t.http().post('/admin/base/comm/upload').set('Authorization', who.token).set('language', 'en');
    const attach = () => r.attach('files', PDF, { filename: 'Guide.pdf', contentType: 'application/pdf' });
    if (fieldsLast) attach();
    for (const [k, v] of Object.entries(fields)) r.field(k, v);
    if (!fieldsLast) attach();
    return r;
  };
  const fileUrl = (who: Person | string, id: number) =>
    t
      .http()
      .get('/admin/space/info/fileUrl')
      .query({ id })
      .set('Authorization', typeof who === 'string' ? who : who.token);
  /** GETs a path of our origin and keeps the bytes whatever the type. */
  const fetchRaw = async (path: string, headers: Record<string, string> = {}): Promise<Fetched> => {
    const r = t
      .http()
      .get(path)
      .set(headers)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const res = await r;
    return { status: res.status, headers: res.headers as Record<string, string>, body: res.body as Buffer };
  };
  const privateUpload = async (who: Person, fields: Record<string, string>) => {
    const res = await upload(who, fields);
    expect(res.body.code).toBe(1000);
    return res.body.data[0] as { id: number; url: string; key: string; isPrivate: boolean | number; scope: string | null; scopeId: number | null };
  };

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, STORAGE_ROOT: root } });
    alice = await person(t, 'alice');
    bob = await person(t, 'bob');
    carol = await person(t, 'carol');
    groupId = ok(await post(t, alice, '/admin/base/group/add', { name: 'Readers' })).id;
    ok(await post(t, alice, '/admin/base/groupMember/add', { groupId, userId: carol.id }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a private upload under app/private with a placeholder url, and /upload never serves it', async () => {
    const row = await privateUpload(alice, { private: '1' });
    expect(row.key).toMatch(/^app\/private\/\d{8}\/[a-f0-9]{32}\.pdf$/);
    expect(row.url).toBe(`private:${row.key}`);
    expect(Boolean(row.isPrivate)).toBe(true);
    const [, , day, file] = row.key.split('/');
    expect((await fetchRaw(`/upload/app/base/${day}/${file}`)).status).toBe(404);
    expect((await fetchRaw(`/upload/app/private/${day}/${file}`)).status).toBe(404);
    expect((await fetchRaw(`/private/app/private/${day}/${file}`)).status).toBe(403);
    const page = await t.http().post('/admin/space/info/page').set('Authorization', alice.token).send({});
    const listed = (page.body.data.list as Array<{ id: number; url: string }>).find((r) => r.id === row.id)!;
    expect(listed.url).toBe(`private:${row.key}`);
  });

  it('answers the owner a signed url of our origin that serves the bytes, ranges included, never cached', async () => {
    const row = await privateUpload(alice, { private: 'true' });
    const before = Date.now();
    const res = await fileUrl(alice, row.id);
    expect(res.body.code).toBe(1000);
    const { url, expiresAt } = res.body.data as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^/private/${row.key}\\?exp=\\d+&name=Guide\\.pdf&sig=[a-f0-9]{64}$`));
    const lives = Date.parse(expiresAt) - before;
    expect(lives).toBeGreaterThan(290_000);
    expect(lives).toBeLessThanOrEqual(301_000);

    const whole = await fetchRaw(url);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(PDF)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    // A download under the file's own name, not its key.
    expect(whole.headers['content-disposition']).toBe('attachment; filename="Guide.pdf"');
    const part = await fetchRaw(url, { range: 'bytes=100-199' });
    expect([part.status, part.headers['content-range']]).toEqual([206, `bytes 100-199/${PDF.length}`]);
    expect(part.body.equals(PDF.subarray(100, 200))).toBe(true);
    expect((await fetchRaw(url, { range: `bytes=${PDF.length}-` })).status).toBe(416);

    const admin = await fileUrl(t.adminToken, row.id);
    expect(admin.body.code).toBe(1000);
    expect((await fetchRaw(admin.body.data.url)).body.equals(PDF)).toBe(true);
  });

  it('refuses another member the url of a private file and of a public one (403), and answers 404 for no row', async () => {
    const priv = await privateUpload(alice, { private: '1' });
    const res = await fileUrl(bob, priv.id);
    expect([res.status, res.body.code]).toEqual([403, 1001]);
    const pub = await privateUpload(alice, {});
    expect(pub.key).toMatch(/^app\/base\//);
    expect((await fileUrl(bob, pub.id)).status).toBe(403);
    const own = await fileUrl(alice, pub.id);
    expect(own.body.data.url).toBe(pub.url);
    expect((await fetchRaw(own.body.data.url)).body.equals(PDF)).toBe(true);
    expect((await fileUrl(alice, 999_999)).status).toBe(404);
  });

  it('lets the members of the group a file is shared with fetch it, and nobody else', async () => {
    const row = await privateUpload(alice, { scope: 'group', scopeId: String(groupId) });
    expect(row).toMatchObject({ scope: 'group', scopeId: groupId });
    expect(Boolean(row.isPrivate)).toBe(true);
    const res = await fileUrl(carol, row.id);
    expect(res.body.code).toBe(1000);
    expect((await fetchRaw(res.body.data.url)).body.equals(PDF)).toBe(true);
    expect((await fileUrl(bob, row.id)).status).toBe(403);
    // A private file that is not shared is the uploader's alone, group or not.
    const mine = await privateUpload(alice, { private: '1' });
    expect((await fileUrl(carol, mine.id)).status).toBe(403);
  });

  it('refuses to share with a group the uploader is not in (403), an unknown scope (1002) or fields after the file, storing nothing', async () => {
    const files = filesUnder(root);
    const count = (await rows(t, 'space_info')).length;
    const outsider = await upload(bob, { scope: 'group', scopeId: String(groupId) });
    expect([outsider.status, outsider.body.code]).toEqual([403, 1001]);
    expect(outsider.body.message).toBe('You can share files only with a group you belong to');
    const unknown = await upload(alice, { scope: 'planet', scopeId: '1' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 1002]);
    expect(unknown.body.data).toEqual([expect.objectContaining({ field: 'scope', rule: 'enum' })]);
    const noId = await upload(alice, { scope: 'group' });
    expect(noId.body.data).toEqual([expect.objectContaining({ field: 'scopeId', rule: 'required' })]);
    const late = await upload(alice, { private: '1' }, true);
    expect([late.status, late.body.code]).toEqual([400, 1001]);
    expect(filesUnder(root)).toBe(files);
    expect((await rows(t, 'space_info')).length).toBe(count);
  });

  it('serves the private route only for a valid, unexpired signature of that key; 404 for no file', async () => {
    const row = await privateUpload(alice, { private: '1' });
    const url: string = (await fileUrl(alice, row.id)).body.data.url;
    const sig = /sig=([a-f0-9]{64})/.exec(url)![1];
    const exp = Number(/exp=(\d+)/.exec(url)![1]);
    const flipped = url.replace(sig, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect((await fetchRaw(flipped)).status).toBe(403);
    expect((await fetchRaw(url.replace(`exp=${exp}`, `exp=${exp + 3600}`))).status).toBe(403);
    expect((await fetchRaw(url.replace(/&sig=.*$/, ''))).status).toBe(403);
    const key = t.core.secrets.derive('private-file');
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await fetchRaw(`/private/${row.key}?exp=${past}&sig=${localSignature(key, row.key, past)}`);
    expect([expired.status, expired.body.length > 0]).toEqual([403, true]);
    // Another file's signature does not open this one.
    const other = await privateUpload(alice, { private: '1' });
    expect((await fetchRaw(url.replace(row.key, other.key))).status).toBe(403);
    // The url names the download after the file (signed with it): renamed, it opens nothing.
    expect((await fetchRaw(url.replace('name=Guide.pdf', 'name=other.exe'))).status).toBe(403);
    expect((await fetchRaw(url.replace('name=Guide.pdf&', ''))).status).toBe(403);
    const missing = row.key.replace(/[a-f0-9]{32}/, '0'.repeat(32));
    const later = exp + 60;
    expect((await fetchRaw(`/private/${missing}?exp=${later}&sig=${localSignature(key, missing, later)}`)).status).toBe(404);
  });

  it("keeps privacy and scope out of a member's hands: an update cannot make a file public or share it", async () => {
    const row = await privateUpload(alice, { private: '1' });
    const res = await post(t, alice, '/admin/space/info/update', { id: row.id, name: 'Renamed.pdf', isPrivate: false, scope: 'group', scopeId: groupId });
    expect(res.status).toBeLessThan(500);
    const [stored] = await rows(t, 'space_info', '`id` = ?', [row.id]);
    expect({ isPrivate: Boolean(Number(stored.isPrivate)), scope: stored.scope, scopeId: stored.scopeId, url: stored.url }).toEqual({
      isPrivate: true,
      scope: null,
      scopeId: null,
      url: row.url,
    });
    expect((await fileUrl(carol, row.id)).status).toBe(403);
  });
});
