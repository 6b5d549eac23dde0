/**
 * The file space through the real HTTP stack, on every database kind: multipart upload into the
 * local store (limits, names, type groups, image content checks), the space/info rows it writes,
 * and the file route (content types, downloads for anything that could run as a page, ranges,
 * no way out of the store).
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d4944415478da63f8cfc0f01f0005000200e2218fa30000000049454e44ae426082', 'hex'),
]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

interface Part {
  field: string;
  /**
   * A file part when set, sent exactly as given (no client-side clean-up of the name); a value
   * holding `filename*=` is written as the header parameters themselves (RFC 5987 names).
   */
  filename?: string;
  contentType?: string;
  value: Buffer | string;
}

/** A multipart/form-data body built by hand, so names reach the server exactly as written. */
function multipart(parts: Part[]): { body: Buffer; type: string } {
  const boundary = `----cosmac${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"`;
    if (p.filename !== undefined) {
      head += p.filename.includes('filename*=') ? `; ${p.filename}` : `; filename="${p.filename}"`;
      head += `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe.each(kinds)('file space on %s', (kind) => {
  let t: TestApp;
  let member: string;
  const root = resolve(process.env.DATA_DIR!, `uploads-${kind}-${randomBytes(3).toString('hex')}`);

  const upload = (parts: Part[], token: string | null = member, lang = 'en') => {
    const { body, type } = multipart(parts);
    const r = t.http().post('/admin/base/comm/upload').set('Content-Type', type).set('language', lang);
    if (token) r.set('Authorization', token);
    return r.send(body);
  };
  const file = (name: string, value: Buffer | string, contentType?: string): Part => ({ field: 'files', filename: name, value, contentType });

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, STORAGE_ROOT: root, UPLOAD_MAX_FILE_MB: '1', UPLOAD_MAX_FILES: '9' } });
    const add = await t
      .http()
      .post('/admin/base/sys/user/add')
      .set('Authorization', t.adminToken)
      .send({ username: 'spacemember', password: 'Member-Pass-1', nickName: 'Space member', roleIdList: [] });
    expect(add.body.code).toBe(1000);
    member = await t.login('spacemember', 'Member-Pass-1');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports the local upload mode to a signed-in member and refuses callers without a token', async () => {
    const res = await t.http().get('/admin/base/comm/uploadMode').set('Authorization', member);
    expect(res.body).toMatchObject({ code: 1000, data: { mode: 'local', type: 'local' } });
    expect((await t.http().get('/admin/base/comm/uploadMode')).status).toBe(401);
    const anon = await upload([file('a.txt', 'hello')], null);
    expect(anon.status).toBe(401);
    expect(filesUnder(root)).toEqual([]);
  });

  it('stores a png and a txt under generated keys and lists them as space/info rows', async () => {
    // A shared category (the administrator's): members file into those and their own.
    const category = await t.http().post('/admin/space/type/add').set('Authorization', t.adminToken).send({ name: 'Shared' });
    const cid = Number(category.body.data.id);
    const res = await upload([
      { field: 'classifyId', value: String(cid) },
      file('photo.PNG', PNG, 'image/png'),
      file('notes.txt', 'plain words', 'text/plain'),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1000);
    const [png, txt] = res.body.data as Array<Record<string, any>>;
    expect(png).toMatchObject({ name: 'photo.PNG', type: 'image', size: PNG.length, classifyId: cid, version: 1 });
    expect(png.key).toMatch(/^app\/base\/\d{8}\/[a-f0-9]{32}\.png$/);
    expect(png.url).toBe(`/upload/${png.key}`);
    expect(png.fileId).toBe(png.key.split('/')[3].split('.')[0]);
    expect(txt).toMatchObject({ name: 'notes.txt', type: 'other', size: 11, classifyId: cid });
    expect(txt.key).toMatch(/\.txt$/);
    expect(existsSync(join(root, png.key))).toBe(true);

    const listed = await t.http().post('/admin/space/info/page').set('Authorization', t.adminToken).send({ classifyId: cid });
    expect(listed.body.data.list.map((r: any) => r.id).sort()).toEqual([png.id, txt.id].sort());

    const img = await t.http().get(png.url).buffer(true);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-disposition']).toMatch(/^inline/);
    expect(Buffer.compare(img.body as Buffer, PNG)).toBe(0);

    const text = await t.http().get(`/api${txt.url}`);
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['content-disposition']).toMatch(/^attachment/);
    expect(text.headers['content-security-policy']).toBe('sandbox');
    expect(text.text).toBe('plain words');
  });

  it('groups files by extension as 000 §9 does', async () => {
    const res = await upload([
      file('clip.mp4', Buffer.alloc(64, 1)),
      file('song.mp3', Buffer.alloc(64, 2)),
      file('report.docx', 'x'),
      file('sheet.xlsx', 'x'),
      file('slides.pptx', 'x'),
      file('paper.pdf', '%PDF-1.4'),
      file('bundle.zip', 'PK'),
      file('data.bin', 'x'),
    ]);
    expect(res.status).toBe(200);
    expect((res.body.data as any[]).map((r) => r.type)).toEqual(['video', 'audio', 'word', 'excel', 'ppt', 'pdf', 'archive', 'other']);
    const pdf = await t.http().get(res.body.data[5].url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline/);
    const video = await t.http().get(res.body.data[0].url).set('Range', 'bytes=0-9');
    expect(video.status).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['content-range']).toBe('bytes 0-9/64');
    expect(Number(video.headers['content-length'])).toBe(10);
    const tooFar = await t.http().get(res.body.data[0].url).set('Range', 'bytes=100-');
    expect(tooFar.status).toBe(416);
  });

  it('refuses ten files with 413 and the count message, keeping none of them', async () => {
    const before = filesUnder(root).length;
    const res = await upload(Array.from({ length: 10 }, (_, i) => file(`f${i}.txt`, `file ${i}`)));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 1001, message: 'Up to 9 files can be uploaded at most' });
    expect(filesUnder(root).length).toBe(before);
    const nine = await upload(Array.from({ length: 9 }, (_, i) => file(`g${i}.txt`, `file ${i}`)));
    expect(nine.status).toBe(200);
    expect(nine.body.data).toHaveLength(9);
  });

  it('answers 413 with the size message in the caller language for a file over the configured limit', async () => {
    const before = filesUnder(root).length;
    const rows = (await t.http().post('/admin/space/info/page').set('Authorization', t.adminToken).send({})).body.data.pagination.total;
    const big = Buffer.alloc(1024 * 1024 + 1, 0x61);
    const res = await upload([file('small.txt', 'ok'), file('big.txt', big)]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The uploaded file size cannot exceed 1MB!');
    const zh = await upload([file('big.txt', big)], member, 'zh-cn');
    expect(zh.status).toBe(413);
    expect(zh.body.message).toBe('上传文件大小不能超过 1MB!');
    expect(filesUnder(root).length).toBe(before);
    expect((await t.http().post('/admin/space/info/page').set('Authorization', t.adminToken).send({})).body.data.pagination.total).toBe(rows);
    const exact = await upload([file('edge.txt', Buffer.alloc(1024 * 1024, 0x62))]);
    expect(exact.status).toBe(200);
  });

  it('answers 413 while the client is still sending the rest of an oversized file', async () => {
    const before = filesUnder(root).length;
    const boundary = 'slowboundary';
    const r = t
      .http()
      .post('/admin/base/comm/upload')
      .set('Authorization', member)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .set('Content-Length', String(8 * 1024 * 1024));
    const creq = (r as unknown as { request(): import('node:http').ClientRequest }).request();
    const answered = new Promise<{ status: number; body: string }>((done) => {
      creq.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => done({ status: res.statusCode!, body }));
      });
    });
    creq.on('error', () => undefined);
    creq.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.txt"\r\n\r\n`);
    creq.write(Buffer.alloc(1024 * 1024 + 4096, 0x63));
    // The body is far from complete (8 MB announced, under the 9 x 1 MB bound checked up front; about 1 MB sent) and stays open.
    const res = await answered;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('The uploaded file size cannot exceed 1MB!');
    expect(filesUnder(root).length).toBe(before);
    creq.destroy();
  });

  it('keeps only the last segment of names with ../, backslashes, absolute paths or NUL, and refuses a raw NUL in a part header', async () => {
    const res = await upload([
      file('../../escape.txt', 'a'),
      file('..\\..\\windows.txt', 'b'),
      file('/etc/passwd', 'c'),
      { field: 'files', filename: "filename*=utf-8''..%2Fnul%00.txt", value: 'd' },
      file('..', 'e'),
    ]);
    expect(res.status).toBe(200);
    expect((res.body.data as any[]).map((r) => r.name)).toEqual(['escape.txt', 'windows.txt', 'passwd', 'nul.txt', 'file']);
    for (const r of res.body.data as any[]) expect(r.key).toMatch(/^app\/base\/\d{8}\/[a-f0-9]{32}\.(txt|bin)$/);
    expect(existsSync(resolve(root, '../escape.txt'))).toBe(false);
    expect(existsSync(resolve(root, '../../escape.txt'))).toBe(false);
    expect(filesUnder(root).every((f) => f.startsWith(root))).toBe(true);
    const before = filesUnder(root).length;
    const raw = await upload([file('ok.txt', 'a'), file('nul\u0000.txt', 'b')]);
    expect(raw.status).toBe(400);
    expect(raw.body.message).toBe('File upload failed');
    expect(filesUnder(root).length).toBe(before);
  });

  it('stores a .png that holds HTML as other and serves it as a sandboxed download', async () => {
    const res = await upload([file('cute.png', HTML, 'image/png'), file('fake.svg', HTML, 'image/svg+xml')]);
    expect(res.status).toBe(200);
    for (const row of res.body.data as any[]) {
      expect(row.type).toBe('other');
      expect(row.key).toMatch(/\.bin$/);
      const got = await t.http().get(row.url).buffer(true);
      expect(got.headers['content-type']).toBe('application/octet-stream');
      expect(got.headers['content-disposition']).toMatch(/^attachment/);
      expect(got.headers['content-security-policy']).toBe('sandbox');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves a real svg inline but sandboxed, and an .html upload as a sandboxed download', async () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>';
    const res = await upload([file('icon.svg', svg), file('page.html', HTML, 'text/html')]);
    expect(res.status).toBe(200);
    const [icon, page] = res.body.data as any[];
    expect(icon.type).toBe('image');
    const gotIcon = await t.http().get(icon.url);
    expect(gotIcon.headers['content-type']).toBe('image/svg+xml');
    expect(gotIcon.headers['content-security-policy']).toMatch(/sandbox/);
    expect(gotIcon.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page).toMatchObject({ type: 'other', name: 'page.html' });
    const gotPage = await t.http().get(page.url).buffer(true);
    expect(gotPage.status).toBe(200);
    expect(gotPage.headers['content-type']).not.toMatch(/html/);
    expect(gotPage.headers['content-disposition']).toMatch(/^attachment; filename="[a-f0-9]{32}\.html"$/);
    expect(gotPage.headers['content-security-policy']).toBe('sandbox');
  });

  it('refuses bodies that are not multipart, carry no file, or an invalid classifyId', async () => {
    const json = await t.http().post('/admin/base/comm/upload').set('Authorization', member).send({ files: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Files must be sent as multipart/form-data');
    const none = await upload([{ field: 'classifyId', value: '1' }]);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('No file was uploaded');
    const before = filesUnder(root).length;
    const bad = await upload([{ field: 'classifyId', value: 'abc' }, file('x.txt', 'x')]);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
    expect(filesUnder(root).length).toBe(before);
  });

  it('never serves anything outside the store through the file route', async () => {
    writeFileSync(resolve(root, '..', 'secret.txt'), 'top secret');
    mkdirSync(join(root, 'app/base/20260101'), { recursive: true });
    writeFileSync(join(root, 'app/base/20260101/not-a-key.txt'), 'stray');
    for (const path of [
      '/upload/app/base/20260101/..%2F..%2F..%2F..%2Fsecret.txt',
      '/upload/app/base/..%2F..%2F/secret.txt',
      '/upload/app/base/20260101/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt',
      '/upload/app/base/20260101/not-a-key.txt',
      '/upload/app/base/20260101/00000000000000000000000000000000.txt',
      '/upload/app/base/20260101/../../../../secret.txt',
      '/upload/..%2Fsecret.txt',
    ]) {
      const res = await t.http().get(path).set('Accept', 'application/json');
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('top secret');
      expect(res.text, path).not.toContain('stray');
    }
  });

  it('keeps the stored file when its row is deleted, so a recycle restore brings both back', async () => {
    const res = await upload([file('keep.txt', 'still here')]);
    const row = res.body.data[0];
    const del = await t
      .http()
      .post('/admin/space/info/delete')
      .set('Authorization', t.adminToken)
      .send({ ids: [row.id] });
    expect(del.body.code).toBe(1000);
    expect((await t.http().get(row.url)).text).toBe('still here');
    const records = await t.http().post('/admin/recycle/data/page').set('Authorization', t.adminToken).send({ size: 100 });
    const record = (records.body.data.list as any[]).find((r) => r.data?.some((d: any) => d.id === row.id && d.key === row.key));
    expect(record).toBeDefined();
    const restored = await t
      .http()
      .post('/admin/recycle/data/restore')
      .set('Authorization', t.adminToken)
      .send({ ids: [record.id] });
    expect(restored.body.code).toBe(1000);
    const back = await t.http().get(`/admin/space/info/info?id=${row.id}`).set('Authorization', t.adminToken);
    expect(back.body.data).toMatchObject({ id: row.id, key: row.key, url: row.url });
    const got = await t.http().get(back.body.data.url);
    expect(got.status).toBe(200);
    expect(got.text).toBe('still here');
  });
});
