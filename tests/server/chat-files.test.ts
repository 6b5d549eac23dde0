/**
 * Images and files in chat (issue 40) on every database, over HTTP and a real socket: a message of
 * type 1 or 2 names a private file of the sender's shared with the conversation (group scope, or
 * the `user` scope of a private chat); the stored content is completed from the file's row; only
 * members of the conversation get a signed url and the bytes (a member who left no longer does);
 * someone else's file, a file of another conversation and a non-image sent as an image are refused.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, emitAck, waitNotice, type Client } from '../helpers/sockets';
import { FRIEND_STATUS } from '../../entities/base/friend.entity';
import { group, member, members, post, removeMember, rows, type Person, type Res } from './chat-world';

const kinds = await databaseKinds();

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);

interface Uploaded {
  id: number;
  name: string;
  size: number;
  type: string;
}

describe.each(kinds)('chat files on %s', (kind) => {
  let t: TestApp;
  let a: Person, b: Person, c: Person, d: Person;
  /** a (owner), b and c; d is in none of a's groups. */
  let g = 0;
  /** d's group, with a in it. */
  let other = 0;
  const open: Client[] = [];
  const root = resolve(process.env.DATA_DIR!, `chat-files-${kind}-${randomBytes(3).toString('hex')}`);

  const upload = async (who: Person, fields: Record<string, string>, bytes = PNG, filename = 'photo.png') => {
    const r = t.http().post('/admin/base/comm/upload').set('Authorization', who.token).set('language', 'en');
    for (const [k, v] of Object.entries(fields)) r.field(k, v);
    return r.attach('files', bytes, { filename });
  };
  const uploaded = async (who: Person, fields: Record<string, string>, bytes = PNG, filename = 'photo.png'): Promise<Uploaded> => {
    const res = await upload(who, fields, bytes, filename);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return res.body.data[0] as Uploaded;
  };
  const toGroup = (groupId: number) => ({ scope: 'group', scopeId: String(groupId) });
  const toUser = (p: Person) => ({ scope: 'user', scopeId: String(p.id) });
  const send = (who: Person, body: Record<string, unknown>, language = 'en'): Promise<Res> =>
    t.http().post('/admin/base/message/add').set('Authorization', who.token).set('language', language).send(body) as unknown as Promise<Res>;
  const fileUrl = (who: Person, id: number): Promise<Res> =>
    t.http().get('/admin/space/info/fileUrl').query({ id }).set('Authorization', who.token) as unknown as Promise<Res>;
  /** The bytes behind a signed url of our origin. */
  const bytesAt = async (url: string): Promise<Buffer> => {
    const res = await t
      .http()
      .get(url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (ch: Buffer) => chunks.push(ch));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };
  /** Whether `who` gets a url of file `id` that serves `bytes`; false on a 403. */
  const fetches = async (who: Person, id: number, bytes: Buffer): Promise<boolean> => {
    const res = await fileUrl(who, id);
    if (res.status === 403) return false;
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    expect((await bytesAt(res.body.data.url)).equals(bytes)).toBe(true);
    return true;
  };
  const storedBy = (who: Person) => rows(t, 'base/message', { fromId: who.id });

  beforeAll(async () => {
    // Many sends by a few members: the rate limit is not what these tests are about.
    t = await startApp(kind, { env: { ...process.env, STORAGE_ROOT: root, CHAT_SEND_LIMIT: '1000/10' } });
    [a, b, c, d] = await members(t, 4);
    g = await group(t, a, [b, c]);
    other = await group(t, d, [a]);
  });
  afterAll(async () => {
    await closeAll(...open);
    await t?.close();
  });

  it("stores an image sent to a group with its content completed from the file's row, and its members fetch the bytes", async () => {
    const file = await uploaded(a, toGroup(g));
    expect(file.type).toBe('image');
    const res = await send(a, {
      toType: 1,
      toId: g,
      type: 1,
      // The client's name, size and mime are not believed; unknown keys are dropped.
      content: { fileId: file.id, name: 'evil.exe', size: 1, mime: 'text/html', width: 640, height: 480, text: 'Look at this', url: 'http://x' },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    const want = { fileId: file.id, name: 'photo.png', size: PNG.length, mime: 'image/png', width: 640, height: 480, text: 'Look at this' };
    expect(res.body.data).toMatchObject({ type: 1, content: want });
    const stored = (await storedBy(a)).find((m) => m.id === res.body.data.id)!;
    expect(stored.content).toEqual(want);
    expect(await fetches(b, file.id, PNG)).toBe(true);
    expect(await fetches(a, file.id, PNG)).toBe(true);
    expect(await fetches(d, file.id, PNG)).toBe(false);
  });

  it('refuses the url to a member who left the group', async () => {
    const e = await member(t);
    const h = await group(t, a, [e]);
    const file = await uploaded(a, toGroup(h));
    expect((await send(a, { toType: 1, toId: h, type: 1, content: { fileId: file.id } })).body.code).toBe(1000);
    expect(await fetches(e, file.id, PNG)).toBe(true);
    await removeMember(t, h, e.id);
    const res = await fileUrl(e, file.id);
    expect([res.status, res.body.code]).toEqual([403, 1001]);
  });

  it('refuses an upload shared with a group the uploader is not in', async () => {
    const res = await upload(d, toGroup(g));
    expect([res.status, res.body.code]).toEqual([403, 1001]);
    expect(res.body.message).toBe('You can share files only with a group you belong to');
  });

  it('refuses a file someone else uploaded (403), even one shared with this group, storing nothing', async () => {
    const bobs = await uploaded(b, toGroup(g));
    const before = (await storedBy(a)).length;
    const res = await send(a, { toType: 1, toId: g, type: 1, content: { fileId: bobs.id } });
    expect([res.status, res.body.code, res.body.message]).toEqual([403, 1001, 'You can send only files you uploaded yourself']);
    expect((await storedBy(a)).length).toBe(before);
  });

  it('refuses a file shared with another group, a private file shared with nobody, a public file and a missing one (1002 on content.fileId)', async () => {
    const elsewhere = await uploaded(a, toGroup(other));
    const unshared = await uploaded(a, { private: '1' });
    const open_ = await uploaded(a, {});
    for (const f of [elsewhere, unshared, open_]) {
      const res = await send(a, { toType: 1, toId: g, type: 1, content: { fileId: f.id } });
      expect([res.status, res.body.code]).toEqual([400, 1002]);
      expect(res.body.data).toEqual([
        { field: 'content.fileId', rule: 'chat_file_scope', message: 'content.fileId must be a private file shared with this conversation' },
      ]);
    }
    const missing = await send(a, { toType: 1, toId: g, type: 2, content: { fileId: 99_999_999 } }, 'zh-cn');
    expect(missing.body.data).toEqual([{ field: 'content.fileId', rule: 'chat_file_missing', message: 'content.fileId 不是文件空间中的文件' }]);
    // The file of the other group is sent there.
    expect((await send(a, { toType: 1, toId: other, type: 1, content: { fileId: elsewhere.id } })).body.code).toBe(1000);
  });

  it('refuses a non-image sent as an image, and takes it as a file', async () => {
    const pdf = await uploaded(a, toGroup(g), PDF, 'Plan.pdf');
    const asImage = await send(a, { toType: 1, toId: g, type: 1, content: { fileId: pdf.id } }, 'zh-tw');
    expect(asImage.body.data).toEqual([expect.objectContaining({ field: 'content.fileId', rule: 'chat_file_not_image' })]);
    expect(asImage.body.data[0].message).toContain('須為圖片');
    // A .png whose bytes are not a PNG is stored as `other`: not an image either.
    const fake = await uploaded(a, toGroup(g), Buffer.from('<html><script>alert(1)</script></html>'), 'fake.png');
    expect(fake.type).toBe('other');
    expect((await send(a, { toType: 1, toId: g, type: 1, content: { fileId: fake.id } })).body.data[0].rule).toBe('chat_file_not_image');
    const asFile = await send(a, { toType: 1, toId: g, type: 2, content: { fileId: pdf.id, text: '  ' } });
    expect(asFile.body.code).toBe(1000);
    expect(asFile.body.data.content).toEqual({ fileId: pdf.id, name: 'Plan.pdf', size: PDF.length, mime: 'application/pdf' });
    expect(await fetches(c, pdf.id, PDF)).toBe(true);
  });

  it('refuses bad content with one 1002 listing every bad field', async () => {
    const noObject = await send(a, { toType: 1, toId: g, type: 1, content: 'photo.png' });
    expect(noObject.body.data).toEqual([expect.objectContaining({ field: 'content', rule: 'type' })]);
    const bad = await send(a, { toType: 1, toId: g, type: 2, content: { fileId: '12', text: 'x'.repeat(2001), width: 0, height: 1.5 } });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string; rule: string }) => `${e.field}:${e.rule}`).sort()).toEqual([
      'content.fileId:type',
      'content.height:range',
      'content.text:max_length',
      'content.width:range',
    ]);
    expect((await send(a, { toType: 1, toId: g, type: 2, content: { text: 'no file' } })).body.data).toEqual([
      expect.objectContaining({ field: 'content.fileId', rule: 'required' }),
    ]);
  });

  it('lets the peer of a private chat fetch its file and nobody else; a file shared with another user is refused there', async () => {
    const file = await uploaded(a, toUser(b), PDF, 'Notes.pdf');
    const res = await send(a, { toType: 0, toId: b.id, type: 2, content: { fileId: file.id, text: 'for you' } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    expect(res.body.data.content).toEqual({ fileId: file.id, name: 'Notes.pdf', size: PDF.length, mime: 'application/pdf', text: 'for you' });
    expect(await fetches(b, file.id, PDF)).toBe(true);
    expect(await fetches(c, file.id, PDF)).toBe(false);
    // Shared with b: not a file of a's chat with c, nor of b's group.
    expect((await send(a, { toType: 0, toId: c.id, type: 2, content: { fileId: file.id } })).body.data[0].rule).toBe('chat_file_scope');
    expect((await send(a, { toType: 1, toId: g, type: 2, content: { fileId: file.id } })).body.data[0].rule).toBe('chat_file_scope');
    // The receiver cannot send it back as their own.
    expect((await send(b, { toType: 0, toId: a.id, type: 2, content: { fileId: file.id } })).status).toBe(403);
  });

  it('refuses to share a file with oneself, a missing user or a user who blocks the uploader', async () => {
    const self = await upload(a, toUser(a));
    expect([self.status, self.body.message]).toEqual([403, 'You can share a file only with another user who accepts your messages']);
    expect((await upload(a, { scope: 'user', scopeId: '99999999' })).status).toBe(403);
    const asD = (await t.core.auth.state(d.id))!;
    await t.core.ops.add(t.core.model.byKey.get('base/friend')!, { friendId: c.id, status: FRIEND_STATUS.blocked }, asD, { trusted: true });
    expect((await upload(c, toUser(d))).status).toBe(403);
    expect((await upload(d, toUser(c))).body.code).toBe(1000);
  });

  it("sends an image over the socket: the ack and the members' notices carry the completed content; refusals come in the ack", async () => {
    const [sa, sb] = await Promise.all([connect(a.token), connect(b.token)]);
    open.push(sa, sb);
    const file = await uploaded(a, toGroup(g));
    const ack = await emitAck(sa, 'sendMessage', { toType: 1, toId: g, type: 1, clientId: 'img-1', content: { fileId: file.id, width: 1, height: 1 } });
    expect(ack.code, JSON.stringify(ack)).toBe(1000);
    const want = { fileId: file.id, name: 'photo.png', size: PNG.length, mime: 'image/png', width: 1, height: 1 };
    expect(ack.data).toMatchObject({ type: 1, content: want });
    const notice = await waitNotice<{ id: number; content: unknown }>(sb, 'message', (m) => m.id === ack.data.id);
    expect(notice.data.content).toEqual(want);
    // A retry with the same clientId answers the stored message.
    const again = await emitAck(sa, 'sendMessage', { toType: 1, toId: g, type: 1, clientId: 'img-1', content: { fileId: file.id, width: 1, height: 1 } });
    expect(again.data.id).toBe(ack.data.id);
    const bobs = await uploaded(b, toGroup(g));
    const refused = await emitAck(sa, 'sendMessage', { toType: 1, toId: g, type: 1, content: { fileId: bobs.id } });
    expect(refused).toMatchObject({ code: 1001, message: 'You can send only files you uploaded yourself' });
    const pdf = await uploaded(a, toGroup(g), PDF, 'x.pdf');
    const notImage = await emitAck(sa, 'sendMessage', { toType: 1, toId: g, type: 1, content: { fileId: pdf.id } });
    expect(notImage.code).toBe(1002);
    expect(notImage.data).toEqual([expect.objectContaining({ field: 'content.fileId', rule: 'chat_file_not_image' })]);
    expect(await fetches(b, file.id, PNG)).toBe(true);
  });

  it('leaves text messages as they were', async () => {
    const res = await post(t, '/admin/base/message/add', { toType: 1, toId: g, content: { text: 'plain', fileId: 'not checked' } }, a.token);
    expect(res.body.data.content).toEqual({ text: 'plain', fileId: 'not checked' });
  });
});
