/**
 * The shipped S3 storage plugin (plugins/s3-storage/index.ts), loaded as the product loads it but with
 * a stub host, against the fake S3 server (tests/helpers/fake-s3.ts), which checks the SDK's
 * Signature V4 on every request: the StorageAdapter semantics of the local store, the multipart path
 * for long streams, nothing left behind by a failing stream, and `enable` refusing what cannot work.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ts from 'typescript';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/client-s3';
import type { FinalizeRequestMiddleware } from '@smithy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginHost, PluginManifest } from '../../server/core/plugins/contract';
import { contentDisposition } from '../../server/core/http/content-disposition';
import * as plugin from '../../plugins/s3-storage/index';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';

const ACCESS = 'AKIAFAKEPLUGINTEST01';
const SECRET = 'fake-secret-' + randomBytes(12).toString('hex');
const BUCKET = 'cosmac-files';
const nodeRequire = createRequire(import.meta.url);

interface LogLine {
  level: 'info' | 'error';
  message: string;
  detail?: Record<string, unknown>;
}

function hostFor(config: Record<string, unknown>, lines: LogLine[] = []): PluginHost {
  return {
    keyName: 's3-storage',
    version: '1.0.0',
    config,
    require: (id) => nodeRequire(id),
    async log(level, message, detail) {
      lines.push({ level, message, detail });
    },
    dataDir: join(process.env.DATA_DIR ?? '/tmp', 'plugins', 's3-storage', 'data'),
    contentDisposition,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `total` random-looking bytes in 1 MiB chunks that errors after `failAt` bytes, if given. */
function bytesStream(total: number, failAt?: number): { stream: Readable; sent: Buffer } {
  const sent = randomBytes(total);
  async function* gen(): AsyncGenerator<Buffer> {
    for (let at = 0; at < total; at += 1024 * 1024) {
      if (failAt !== undefined && at >= failAt) throw new Error('client went away');
      yield sent.subarray(at, Math.min(total, at + 1024 * 1024));
    }
  }
  return { stream: Readable.from(gen(), { objectMode: false }), sent };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('the S3 storage plugin against the fake S3', () => {
  let fake: FakeS3;
  let config: Record<string, unknown>;
  const storageOf = (extra: Record<string, unknown> = {}) => plugin.upload(hostFor({ ...config, ...extra })) as plugin.S3Storage;

  beforeAll(async () => {
    fake = await startFakeS3({ accessKeyId: ACCESS, secretAccessKey: SECRET, buckets: [BUCKET] });
    config = { endpoint: fake.url, bucket: BUCKET, accessKeyId: ACCESS, secretAccessKey: SECRET, forcePathStyle: true, region: 'us-east-1' };
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('ships a manifest the contract accepts, with the secret write-only and defaults the code also applies', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../plugins/s3-storage/plugin.json'), 'utf8')) as PluginManifest;
    expect(manifest).toMatchObject({ keyName: 's3-storage', hook: 'upload', version: '1.0.0', readme: 'README.md' });
    expect(manifest.keyName).toMatch(/^[a-z][a-z0-9-]{1,63}$/);
    expect(manifest.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    const props = (manifest.config as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(props.secretAccessKey.writeOnly).toBe(true);
    expect(Object.values(props).every((p) => typeof p.title === 'string' && typeof p.description === 'string')).toBe(true);
    const applied = plugin.readConfig({ endpoint: 'http://127.0.0.1:9000', bucket: 'b12', accessKeyId: 'a', secretAccessKey: 's' });
    expect({ region: applied.region, forcePathStyle: applied.forcePathStyle, prefix: applied.prefix }).toEqual({
      region: props.region.default,
      forcePathStyle: props.forcePathStyle.default,
      prefix: props.prefix.default,
    });
  });

  it('stores a Buffer and a stream, answers head, whole and ranged get, and deletes', async () => {
    const storage = storageOf({ prefix: 'site/prod/' });
    expect(storage.mode).toBe('s3');
    const png = randomBytes(3000);
    expect(await storage.put('app/base/20260101/aa11.png', png, 'image/png')).toEqual({ key: 'app/base/20260101/aa11.png', size: 3000 });
    const { stream, sent } = bytesStream(2.5 * 1024 * 1024);
    expect(await storage.put('app/base/20260101/bb22.pdf', stream, 'application/pdf')).toEqual({ key: 'app/base/20260101/bb22.pdf', size: sent.length });

    const stored = fake.objects(BUCKET).get('site/prod/app/base/20260101/aa11.png')!;
    expect(stored.body.equals(png)).toBe(true);
    expect(stored.contentType).toBe('image/png');
    expect(stored.headers).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable', 'content-disposition': 'inline; filename="aa11.png"' });
    expect(fake.objects(BUCKET).get('site/prod/app/base/20260101/bb22.pdf')!.body.equals(sent)).toBe(true);

    const meta = await storage.head('app/base/20260101/aa11.png');
    expect(meta).toMatchObject({ size: 3000, contentType: 'image/png' });
    expect(meta!.modified).toBeInstanceOf(Date);
    const whole = await storage.get('app/base/20260101/bb22.pdf');
    expect(whole).toMatchObject({ size: sent.length, contentType: 'application/pdf' });
    expect(sha(await readAll(whole!.stream))).toBe(sha(sent));
    const part = await storage.get('app/base/20260101/aa11.png', { start: 100, end: 199 });
    expect(part!.size).toBe(3000);
    expect((await readAll(part!.stream)).equals(png.subarray(100, 200))).toBe(true);
    const last = await storage.get('app/base/20260101/aa11.png', { start: 2999, end: 2999 });
    expect((await readAll(last!.stream)).equals(png.subarray(2999))).toBe(true);

    await storage.delete('app/base/20260101/aa11.png');
    expect(fake.objects(BUCKET).has('site/prod/app/base/20260101/aa11.png')).toBe(false);
    expect(await storage.head('app/base/20260101/aa11.png')).toBeNull();
  });

  it('answers null for a missing key and deletes a missing key without error', async () => {
    const storage = storageOf();
    expect(await storage.head('app/base/20990101/none.png')).toBeNull();
    expect(await storage.get('app/base/20990101/none.png')).toBeNull();
    expect(await storage.get('app/base/20990101/none.png', { start: 0, end: 9 })).toBeNull();
    await expect(storage.delete('app/base/20990101/none.png')).resolves.toBeUndefined();
    expect(fake.requests.at(-1)).toMatchObject({ operation: 'DeleteObject', status: 204 });
  });

  it('hands out urls under publicUrl, or <endpoint>/<bucket>, with the prefix and each segment encoded', () => {
    expect(storageOf().url('app/base/20260101/ab.png')).toBe(`${fake.url}/${BUCKET}/app/base/20260101/ab.png`);
    expect(storageOf({ publicUrl: 'https://cdn.example.com/files/', prefix: '/tenant-1/' }).url('app/base/a.b-c_d.png')).toBe(
      'https://cdn.example.com/files/tenant-1/app/base/a.b-c_d.png',
    );
    expect(storageOf({ forcePathStyle: false, endpoint: 'https://s3.eu-west-1.amazonaws.com' }).url('k.txt')).toBe(
      `https://${BUCKET}.s3.eu-west-1.amazonaws.com/k.txt`,
    );
  });

  it('sends a long stream as a multipart upload, one part in memory at a time', async () => {
    const storage = storageOf();
    const before = fake.requests.length;
    const { stream, sent } = bytesStream(2 * plugin.PART_BYTES + 1024 * 1024 + 17);
    expect(await storage.put('app/base/20260101/big.mp4', stream, 'video/mp4')).toMatchObject({ size: sent.length });
    const ops = fake.requests.slice(before).map((r) => `${r.operation} ${r.status}`);
    expect(ops).toEqual(['CreateMultipartUpload 200', 'UploadPart 200', 'UploadPart 200', 'UploadPart 200', 'CompleteMultipartUpload 200']);
    const obj = fake.objects(BUCKET).get('app/base/20260101/big.mp4')!;
    expect(sha(obj.body)).toBe(sha(sent));
    expect(obj.etag).toMatch(/-3"$/);
    expect(obj.contentType).toBe('video/mp4');
    expect(fake.pendingUploads(BUCKET)).toBe(0);
  });

  it('leaves no object when the body stream errors, before the first part or after parts were sent', async () => {
    const storage = storageOf();
    const short = bytesStream(3 * 1024 * 1024, 2 * 1024 * 1024);
    await expect(storage.put('app/base/20260101/cut1.bin', short.stream, 'application/octet-stream')).rejects.toThrow('client went away');
    const before = fake.requests.length;
    const long = bytesStream(3 * plugin.PART_BYTES, plugin.PART_BYTES + 2 * 1024 * 1024);
    await expect(storage.put('app/base/20260101/cut2.bin', long.stream, 'application/octet-stream')).rejects.toThrow('client went away');
    expect(fake.requests.slice(before).map((r) => r.operation)).toEqual(['CreateMultipartUpload', 'UploadPart', 'AbortMultipartUpload']);
    expect(fake.objects(BUCKET).has('app/base/20260101/cut1.bin')).toBe(false);
    expect(fake.objects(BUCKET).has('app/base/20260101/cut2.bin')).toBe(false);
    expect(fake.pendingUploads(BUCKET)).toBe(0);
  });

  it('runs alone once transpiled to a package entry: it requires only Node built-ins and the SDK through the host', async () => {
    const source = join(__dirname, '../../plugins/s3-storage/index.ts');
    const js = ts.transpileModule(readFileSync(source, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;
    expect([...js.matchAll(/(?<![.\w])require\((['"])([^'"]+)\1\)/g)].map((m) => m[2])).toEqual(['node:stream']);
    const dir = mkdtempSync(join(process.env.DATA_DIR ?? '/tmp', 's3-entry-'));
    writeFileSync(join(dir, 'index.js'), js);
    const entry = createRequire(join(dir, 'index.js'))('./index.js') as typeof plugin;
    const storage = entry.upload(hostFor(config)) as plugin.S3Storage;
    await storage.put('app/base/20260102/entry.txt', Buffer.from('from the package'), 'text/plain; charset=utf-8');
    expect(fake.objects(BUCKET).get('app/base/20260102/entry.txt')!.body.toString()).toBe('from the package');
  });

  it('refuses an unsafe key before any request leaves', async () => {
    const storage = storageOf();
    const before = fake.requests.length;
    for (const key of ['../etc/passwd', '/abs.png', 'a//b.png', 'a/./b.png', 'a/../b.png', 'sp ace.png', '.hidden', 'x'.repeat(513)]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
      expect(() => storage.url(key)).toThrow(/unsafe storage key/);
      expect(await storage.head(key)).toBeNull();
      expect(await storage.get(key)).toBeNull();
    }
    expect(fake.requests.length).toBe(before);
    expect(() => plugin.readConfig({ ...config, prefix: 'a/../b' })).toThrow(/prefix/);
  });

  it('enables for a reachable bucket and refuses a missing bucket, a wrong secret or no config with a clear message', async () => {
    const lines: LogLine[] = [];
    await expect(plugin.enable(hostFor(config, lines))).resolves.toBeUndefined();
    expect(lines).toEqual([expect.objectContaining({ level: 'info', message: expect.stringContaining(`bucket "${BUCKET}"`) })]);

    await expect(plugin.enable(hostFor({ ...config, bucket: 'no-such-bucket' }))).rejects.toThrow(
      `bucket "no-such-bucket" at ${fake.url} does not exist (404)`,
    );
    expect(fake.requests.at(-1)).toMatchObject({ operation: 'HeadBucket', status: 404, code: 'NoSuchBucket' });

    await expect(plugin.enable(hostFor({ ...config, secretAccessKey: 'not-the-secret' }))).rejects.toThrow(
      /refused access \(403\): check the access key id and the secret access key/,
    );
    expect(fake.requests.at(-1)).toMatchObject({ operation: 'HeadBucket', status: 403, code: 'SignatureDoesNotMatch' });

    await expect(plugin.enable(hostFor({ ...config, accessKeyId: 'AKIAUNKNOWN' }))).rejects.toThrow(/refused access \(403\)/);
    expect(fake.requests.at(-1)).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });

    await expect(plugin.enable(hostFor({}))).rejects.toThrow('S3 storage is not configured: set endpoint, bucket, accessKeyId, secretAccessKey');
    await expect(plugin.enable(hostFor({ ...config, endpoint: 'http://127.0.0.1:1' }))).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1:1/);
  });
});

/** GET `url` sent to the fake at 127.0.0.1, with the Host the url names (a virtual-hosted bucket has no DNS name here). */
function getVia(fakeUrl: string, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(`${fakeUrl}${u.pathname}${u.search}`, { headers: { ...headers, host: u.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('private files in a bucket whose public-read policy covers only <prefix>/app/base/', () => {
  let fake: FakeS3;
  let config: Record<string, unknown>;
  const storageOf = (extra: Record<string, unknown> = {}) => plugin.upload(hostFor({ ...config, ...extra })) as plugin.S3Storage;
  const PRIVATE_KEY = 'app/private/20260101/0123456789abcdef0123456789abcdef.pdf';
  const body = randomBytes(5000);

  beforeAll(async () => {
    fake = await startFakeS3({ accessKeyId: ACCESS, secretAccessKey: SECRET, buckets: [{ name: BUCKET, publicRead: { prefix: 'site/app/base/' } }] });
    config = { endpoint: fake.url, bucket: BUCKET, accessKeyId: ACCESS, secretAccessKey: SECRET, forcePathStyle: true, region: 'us-east-1', prefix: 'site' };
    await storageOf().put(PRIVATE_KEY, body, 'application/pdf');
    await storageOf().put('app/base/20260101/aa.txt', Buffer.from('public'), 'text/plain');
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('refuses an anonymous GET of a private object, serves the public prefix, and keeps private objects out of shared caches', async () => {
    const storage = storageOf();
    expect((await fetch(storage.url(PRIVATE_KEY))).status).toBe(403);
    expect(await (await fetch(storage.url('app/base/20260101/aa.txt'))).text()).toBe('public');
    expect(fake.objects(BUCKET).get(`site/${PRIVATE_KEY}`)!.headers['cache-control']).toBe('private, no-store');
  });

  it('fetches a private object through its presigned url, whole and by range, path style and virtual-hosted', async () => {
    const url = await storageOf().signedUrl(PRIVATE_KEY, { seconds: 300 });
    expect(url.startsWith(`${fake.url}/${BUCKET}/site/app/private/`)).toBe(true);
    expect(url).toContain('X-Amz-Expires=300');
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(body)).toBe(true);
    const part = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, 'bytes 10-19/5000']);
    expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(10, 20))).toBe(true);

    // Named for the download: S3 answers the signed response-content-disposition, the file's own name (RFC 6266).
    const named = await fetch(await storageOf().signedUrl(PRIVATE_KEY, { seconds: 300, downloadName: 'Prompts für "Sage" 提示.pdf' }));
    expect(named.status).toBe(200);
    expect(named.headers.get('content-disposition')).toBe(
      `attachment; filename="Prompts f_r _Sage_ __.pdf"; filename*=UTF-8''${encodeURIComponent('Prompts für "Sage" 提示.pdf')}`,
    );
    // The name is signed: another one breaks the signature.
    const renamed = new URL(await storageOf().signedUrl(PRIVATE_KEY, { seconds: 300, downloadName: 'a.pdf' }));
    renamed.searchParams.set('response-content-disposition', 'attachment; filename="b.pdf"');
    expect((await fetch(renamed)).status).toBe(403);

    const virtual = await storageOf({ forcePathStyle: false, endpoint: fake.url.replace('127.0.0.1', 's3.test') }).signedUrl(PRIVATE_KEY, { seconds: 60 });
    expect(new URL(virtual).hostname).toBe(`${BUCKET}.s3.test`);
    const got = await getVia(fake.url, virtual);
    expect(got.status).toBe(200);
    expect(got.body.equals(body)).toBe(true);
  });

  it('refuses a presigned url that expired, was tampered with, or names another object', async () => {
    const url = await storageOf().signedUrl(PRIVATE_KEY, { seconds: 300 });
    const sig = new URL(url).searchParams.get('X-Amz-Signature')!;
    const flipped = url.replace(sig, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect((await fetch(flipped)).status).toBe(403);
    expect((await fetch(url.replace('X-Amz-Expires=300', 'X-Amz-Expires=3000'))).status).toBe(403);
    expect((await fetch(url.replace('/app/private/', '/app/base/'))).status).toBe(403);

    const short = await storageOf().signedUrl(PRIVATE_KEY, { seconds: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    const late = await fetch(short);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');
  });
});

describe('the fake S3 server', () => {
  let fake: FakeS3;
  const client = (secret: string, checksums: 'WHEN_SUPPORTED' | 'WHEN_REQUIRED' = 'WHEN_SUPPORTED') =>
    new S3Client({
      endpoint: fake.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS, secretAccessKey: secret },
      requestChecksumCalculation: checksums,
      maxAttempts: 1,
    });

  beforeAll(async () => {
    fake = await startFakeS3({ accessKeyId: ACCESS, secretAccessKey: SECRET, buckets: ['private-b', { name: 'public-b', publicRead: true }] });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("accepts the SDK's aws-chunked upload with a CRC32 trailer, and an unsigned payload", async () => {
    const s3 = client(SECRET);
    const body = randomBytes(70_000);
    await s3.send(
      new PutObjectCommand({
        Bucket: 'private-b',
        Key: 'dir/chunked.bin',
        Body: Readable.from([body.subarray(0, 30_000), body.subarray(30_000)]),
        ContentLength: body.length,
      }),
    );
    expect(fake.objects('private-b').get('dir/chunked.bin')!.body.equals(body)).toBe(true);
    expect(fake.objects('private-b').get('dir/chunked.bin')!.headers['content-encoding']).toBeUndefined();
    await client(SECRET, 'WHEN_REQUIRED').send(
      new PutObjectCommand({ Bucket: 'private-b', Key: 'dir/unsigned.txt', Body: Readable.from([Buffer.from('hello')]), ContentLength: 5 }),
    );
    expect(fake.objects('private-b').get('dir/unsigned.txt')!.body.toString()).toBe('hello');
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'private-b', Prefix: 'dir/', MaxKeys: 1 }));
    expect(listed.Contents?.map((c) => c.Key)).toEqual(['dir/chunked.bin']);
    const next = await s3.send(new ListObjectsV2Command({ Bucket: 'private-b', Prefix: 'dir/', ContinuationToken: listed.NextContinuationToken }));
    expect(next.Contents?.map((c) => c.Key)).toEqual(['dir/unsigned.txt']);
  });

  it('refuses a request signed with another secret as S3 does, and unsigned requests to a private bucket', async () => {
    fake.objects('private-b').set('k.txt', { body: Buffer.from('x'), contentType: 'text/plain', headers: {}, etag: '"x"', modified: new Date() });
    await expect(client('wrong').send(new GetObjectCommand({ Bucket: 'private-b', Key: 'k.txt' }))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(client('wrong').send(new PutObjectCommand({ Bucket: 'private-b', Key: 'k.txt', Body: Buffer.from('y') }))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    expect(fake.objects('private-b').get('k.txt')!.body.toString()).toBe('x');
    const anon = await fetch(`${fake.url}/private-b/k.txt`);
    expect(anon.status).toBe(403);
    expect(await anon.text()).toContain('<Code>AccessDenied</Code>');
    await expect(client(SECRET).send(new GetObjectCommand({ Bucket: 'private-b', Key: 'none' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    await expect(client(SECRET).send(new GetObjectCommand({ Bucket: 'nope-b', Key: 'k' }))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('refuses a request altered after it was signed: path, query, a signed header or the body', async () => {
    type Req = { path: string; query: Record<string, string>; headers: Record<string, string>; body: unknown };
    const tampered = (alter: (r: Req) => void) => {
      const s3 = client(SECRET, 'WHEN_REQUIRED');
      // Placed after the signing step, so it changes the request as signed, just before it is sent.
      const tamper: FinalizeRequestMiddleware<ServiceInputTypes, ServiceOutputTypes> = (next) => (args) => {
        alter(args.request as Req);
        return next(args);
      };
      s3.middlewareStack.addRelativeTo(tamper, { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'tamper' });
      return s3.send(new PutObjectCommand({ Bucket: 'private-b', Key: 'signed.txt', Body: Buffer.from('signed body'), ContentType: 'text/plain' }));
    };
    await expect(tampered(() => undefined)).resolves.toBeTruthy();
    await expect(tampered((r) => (r.path = r.path.replace('signed', 'other')))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(tampered((r) => (r.query['x-id'] = 'GetObject'))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(tampered((r) => (r.headers['content-type'] = 'text/html'))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(tampered((r) => (r.headers['x-amz-meta-added'] = 'later'))).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(tampered((r) => (r.body = Buffer.from('other body!')))).rejects.toMatchObject({ name: 'XAmzContentSHA256Mismatch' });
    expect(fake.objects('private-b').has('other.txt')).toBe(false);
    expect(fake.objects('private-b').get('signed.txt')!.body.toString()).toBe('signed body');
  });

  it('serves a public-read bucket to anonymous browsers, with ranges, but takes no anonymous writes', async () => {
    fake.objects('public-b').set('a b/c.txt', { body: Buffer.from('0123456789'), contentType: 'text/plain', headers: {}, etag: '"e"', modified: new Date() });
    const whole = await fetch(`${fake.url}/public-b/a%20b/c.txt`);
    expect([whole.status, await whole.text()]).toEqual([200, '0123456789']);
    const range = await fetch(`${fake.url}/public-b/a%20b/c.txt`, { headers: { range: 'bytes=2-4' } });
    expect([range.status, range.headers.get('content-range'), await range.text()]).toEqual([206, 'bytes 2-4/10', '234']);
    const outside = await fetch(`${fake.url}/public-b/a%20b/c.txt`, { headers: { range: 'bytes=10-' } });
    expect([outside.status, outside.headers.get('content-range')]).toEqual([416, 'bytes */10']);
    expect(await outside.text()).toContain('<Code>InvalidRange</Code>');
    // Virtual-hosted style: the bucket is the first label of the Host.
    const virtual = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${fake.url}/a%20b/c.txt`, { headers: { host: 'public-b.s3.example.test' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(virtual).toEqual({ status: 200, body: '0123456789' });
    const put = await fetch(`${fake.url}/public-b/new.txt`, { method: 'PUT', body: 'x' });
    expect(put.status).toBe(403);
    expect(fake.objects('public-b').has('new.txt')).toBe(false);
  });
});
