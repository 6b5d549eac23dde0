/**
 * The shipped S3-compatible storage plugin (hook `upload`): uploaded files go to a bucket of AWS S3,
 * MinIO, Cloudflare R2, Ceph, ... instead of the local disk, through `@aws-sdk/client-s3` (loaded from
 * the product's node_modules with `host.require`). It implements the product's StorageAdapter with the
 * same semantics as the local store: a failed stream leaves nothing behind, a missing key is null.
 *
 * One self-contained file on purpose: it is compiled alone to the package's `index.js`, so it imports
 * only the product's types (erased), Node built-ins, and the SDK through the host.
 *
 * Decisions:
 * - A stream of unknown length (every upload: the product streams the multipart body through) is read
 *   into parts of {@link PART_BYTES}. One that ends within the first part is sent by one PutObject with
 *   a known length; a longer one becomes a multipart upload, one part in memory at a time (the read
 *   waits while a part is sent), completed at the end and aborted on any error, so a stream that fails
 *   never leaves an object. Buffering whole files instead would hold up to UPLOAD_MAX_FILES x
 *   UPLOAD_MAX_FILE_MB (9 x 100 MB by default) per request in memory; a bare stream cannot be sent at
 *   all, since S3 needs each request's length.
 * - Bodies go as Buffers, so each request is signed with the SHA-256 of its payload: the store checks
 *   every byte. The SDK's newer default CRC32 headers and aws-chunked trailers are switched off
 *   (`WHEN_REQUIRED`), because several S3-compatible stores refuse them and they add nothing here.
 * - Objects are written with `Cache-Control: immutable` (a key is never reused for other content) and
 *   the same Content-Disposition rule as the product's own file route: images, video, audio and PDF
 *   inline, anything else a download, the header written by the host's `contentDisposition` (also the
 *   signed download name of a private file). The bucket's address serves them, never the product's origin.
 * - `head` answers null for any 404, a missing bucket included (a HEAD answer has no body to tell them
 *   apart); `get` and `delete` tell NoSuchBucket from NoSuchKey and throw on the former.
 * - Keys are checked with the product's rule (re-implemented: a package never requires product files),
 *   then `prefix` is put in front; urls are `publicUrl` + the prefixed key, each segment encoded.
 * - Private files (keys `app/private/...`) are fetched through presigned GetObject urls
 *   (`signedUrl`, Signature V4 in the query by `@smithy/signature-v4`, through the host like the SDK):
 *   addressed to the endpoint itself, path or virtual-hosted style as configured, never to
 *   `publicUrl` (a CDN would not pass the signature on), with an unsigned payload as S3 expects of a
 *   presigned url. The bucket's public-read policy must cover only `<prefix>/app/base/` (README).
 */
import { Readable } from 'node:stream';
import type { ByteRange, PluginHost, StorageAdapter, StoredFile, StoredMeta, StoredObject } from '../../server/core/api';

type S3Sdk = typeof import('@aws-sdk/client-s3');
type S3Client = import('@aws-sdk/client-s3').S3Client;
type SignerSdk = typeof import('@smithy/signature-v4');

/** Size of the parts of a multipart upload (S3 wants at least 5 MiB for every part but the last). */
export const PART_BYTES = 8 * 1024 * 1024;

/** The plugin's settings, checked, with defaults applied. */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Base of the urls handed out, without a trailing slash. */
  publicUrl: string;
  /** Put before every key, without leading or trailing slashes; empty for none. */
  prefix: string;
}

/** A key the product's stores accept (the rule of server/adapters/storage.adapter.ts `isSafeKey`). */
export function isSafeKey(key: string): boolean {
  if (key.length > 512 || !/^[a-z0-9][a-z0-9._/-]*$/i.test(key)) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Checks the stored config (the product validated it against plugin.json; this guards a plugin that
 * is installed but not configured yet) and applies the defaults. Throws an Error whose message the
 * console shows, e.g. when `enable` is refused.
 */
export function readConfig(config: Record<string, unknown>): S3Config {
  const missing = ['endpoint', 'bucket', 'accessKeyId', 'secretAccessKey'].filter((k) => !text(config[k]));
  if (missing.length) throw new Error(`S3 storage is not configured: set ${missing.join(', ')}`);
  const endpoint = httpUrl(text(config.endpoint));
  if (!endpoint) throw new Error('S3 storage: endpoint must be an http(s) URL, e.g. https://s3.us-east-1.amazonaws.com');
  const bucket = text(config.bucket);
  const forcePathStyle = config.forcePathStyle !== false;
  const base = endpoint.href.replace(/\/+$/, '');
  const given = text(config.publicUrl);
  if (given && !httpUrl(given)) throw new Error('S3 storage: publicUrl must be an http(s) URL');
  // Path style: <endpoint>/<bucket>; virtual-hosted style: the bucket is the first label of the host.
  const fallback = forcePathStyle ? `${base}/${encodeURIComponent(bucket)}` : `${endpoint.protocol}//${bucket}.${endpoint.host}${endpoint.pathname}`;
  const prefix = text(config.prefix).replace(/^\/+|\/+$/g, '');
  if (prefix && !isSafeKey(prefix)) throw new Error(`S3 storage: prefix ${JSON.stringify(prefix)} is not a safe key prefix (letters, digits, . _ - and /)`);
  return {
    endpoint: base,
    region: text(config.region) || 'us-east-1',
    bucket,
    accessKeyId: text(config.accessKeyId),
    secretAccessKey: text(config.secretAccessKey),
    forcePathStyle,
    publicUrl: (given || fallback).replace(/\/+$/, ''),
    prefix,
  };
}

function makeClient(sdk: S3Sdk, cfg: S3Config): S3Client {
  return new sdk.S3Client({
    endpoint: cfg.endpoint,
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // requestTimeout is the time a socket may stay idle: generous for a part on a slow link.
    requestHandler: { connectionTimeout: 5000, requestTimeout: 120_000 },
  });
}

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown): number | undefined => (err as SdkError)?.$metadata?.httpStatusCode;
const nameOf = (err: unknown): string => (err as SdkError)?.name ?? '';

/** The host's Content-Disposition rule (RFC 6266), the one the product's file routes use. */
type Disposition = PluginHost['contentDisposition'];

/**
 * Response headers of a stored object, as the product's file routes set them for the local store: a
 * private file (under `app/private/`) is never kept by a shared cache.
 */
function objectHeaders(key: string, contentType: string, disposition: Disposition): { CacheControl: string; ContentDisposition: string } {
  const inline = /^(image|video|audio)\//.test(contentType) || contentType === 'application/pdf';
  const file = key.slice(key.lastIndexOf('/') + 1);
  const cache = /(^|\/)app\/private\//.test(key) ? 'private, no-store' : 'public, max-age=31536000, immutable';
  return { CacheControl: cache, ContentDisposition: disposition(file, inline ? 'inline' : 'attachment') };
}

/** Files in one bucket of an S3-compatible store. */
export class S3Storage implements StorageAdapter {
  readonly mode = 's3';

  constructor(
    private readonly sdk: S3Sdk,
    readonly config: S3Config,
    private readonly log: PluginHost['log'],
    private readonly signer: SignerSdk,
    private readonly disposition: Disposition,
    readonly client: S3Client = makeClient(sdk, config),
  ) {}

  /** The object's name in the bucket: the checked key behind the prefix. */
  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    return this.config.prefix ? `${this.config.prefix}/${key}` : key;
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject> {
    const Key = this.objectKey(key);
    if (Buffer.isBuffer(body)) {
      await this.putOne(Key, body, contentType);
      return { key, size: body.length };
    }
    return { key, size: await this.putStream(Key, body, contentType) };
  }

  private async putOne(Key: string, Body: Buffer, ContentType: string): Promise<void> {
    const { PutObjectCommand } = this.sdk;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key,
        Body,
        ContentLength: Body.length,
        ContentType,
        ...objectHeaders(Key, ContentType, this.disposition),
      }),
    );
  }

  /** Sends the stream part by part (see the file's decisions); answers the bytes stored. */
  private async putStream(Key: string, body: Readable, ContentType: string): Promise<number> {
    const { CreateMultipartUploadCommand, UploadPartCommand, CompleteMultipartUploadCommand } = this.sdk;
    const Bucket = this.config.bucket;
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: Array<{ ETag: string; PartNumber: number }> = [];
    const sendPart = async () => {
      if (uploadId === undefined) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({ Bucket, Key, ContentType, ...objectHeaders(Key, ContentType, this.disposition) }),
        );
        if (!created.UploadId) throw new Error('S3 storage: the store gave no upload id');
        uploadId = created.UploadId;
      }
      const Body = Buffer.concat(pending);
      pending.length = 0;
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const sent = await this.client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body, ContentLength: Body.length }));
      parts.push({ ETag: sent.ETag ?? '', PartNumber });
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        pending.push(buf);
        pendingBytes += buf.length;
        size += buf.length;
        if (pendingBytes >= PART_BYTES) await sendPart();
      }
      if (uploadId === undefined) {
        await this.putOne(Key, Buffer.concat(pending), ContentType);
        return size;
      }
      if (pendingBytes > 0) await sendPart();
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return size;
    } catch (err) {
      if (uploadId !== undefined) await this.abort(Key, uploadId);
      throw err;
    }
  }

  /** Drops an unfinished multipart upload; a failure is logged (a bucket lifecycle rule cleans up the parts). */
  private async abort(Key: string, UploadId: string): Promise<void> {
    const { AbortMultipartUploadCommand } = this.sdk;
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.config.bucket, Key, UploadId }));
    } catch (err) {
      await this.log('error', 'could not abort a failed multipart upload; its parts stay until the bucket purges them', {
        key: Key,
        uploadId: UploadId,
        error: String((err as SdkError)?.message ?? err),
      });
    }
  }

  async head(key: string): Promise<StoredMeta | null> {
    if (!isSafeKey(key)) return null;
    const { HeadObjectCommand } = this.sdk;
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      return { size: r.ContentLength ?? 0, contentType: r.ContentType || 'application/octet-stream', modified: r.LastModified ?? new Date(0) };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    const { GetObjectCommand } = this.sdk;
    try {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      // With a range, the whole size is the number after the slash of `bytes a-b/size`.
      const total = range && r.ContentRange ? Number(/\/(\d+)$/.exec(r.ContentRange)?.[1]) : r.ContentLength;
      const stream = r.Body instanceof Readable ? r.Body : Readable.from([]);
      return { size: total ?? 0, contentType: r.ContentType || 'application/octet-stream', modified: r.LastModified ?? new Date(0), stream };
    } catch (err) {
      if (nameOf(err) === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand } = this.sdk;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      // S3 answers 204 for a missing key; some compatible stores answer NoSuchKey instead.
      if (nameOf(err) !== 'NoSuchKey') throw err;
    }
  }

  url(key: string): string {
    return `${this.config.publicUrl}/${this.objectKey(key).split('/').map(encodeURIComponent).join('/')}`;
  }

  /**
   * A presigned GetObject url of the object, good for `opts.seconds` (at most a week, as S3 allows);
   * with `downloadName`, S3 answers it as an attachment of that name (response-content-disposition,
   * signed with the url), where the stored object is named by its key.
   */
  async signedUrl(key: string, opts: { seconds: number; downloadName?: string }): Promise<string> {
    const { protocol, hostname, port, pathname } = new URL(this.config.endpoint);
    const base = pathname.replace(/\/+$/, '');
    const objectPath = this.objectKey(key).split('/').map(rfc3986).join('/');
    const host = this.config.forcePathStyle ? hostname : `${this.config.bucket}.${hostname}`;
    const path = this.config.forcePathStyle ? `${base}/${rfc3986(this.config.bucket)}/${objectPath}` : `${base}/${objectPath}`;
    const signer = new this.signer.SignatureV4({
      credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
      region: this.config.region,
      service: 's3',
      sha256: this.client.config.sha256,
      // S3 signs the path as sent, each segment encoded once.
      uriEscapePath: false,
    });
    const unsigned = new Set([PAYLOAD_HEADER]);
    const signed = await signer.presign(
      {
        method: 'GET',
        protocol,
        hostname: host,
        port: port ? Number(port) : undefined,
        path,
        query: opts.downloadName ? { 'response-content-disposition': this.disposition(opts.downloadName) } : {},
        headers: { host: port ? `${host}:${port}` : host, [PAYLOAD_HEADER]: 'UNSIGNED-PAYLOAD' },
      },
      { expiresIn: Math.min(MAX_PRESIGNED_SECONDS, Math.max(1, Math.floor(opts.seconds))), unsignableHeaders: unsigned, unhoistableHeaders: unsigned },
    );
    const query = Object.entries(signed.query ?? {})
      .map(([k, v]) => `${rfc3986(k)}=${rfc3986(String(v))}`)
      .join('&');
    return `${protocol}//${host}${port ? `:${port}` : ''}${path}?${query}`;
  }
}

/** The header a presigned url leaves out: S3 takes the payload of a presigned GET as unsigned. */
const PAYLOAD_HEADER = 'x-amz-content-sha256';
/** S3 refuses presigned urls that live longer than a week. */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;

/** RFC 3986 encoding, as Signature V4 canonicalizes: unreserved characters kept, all else %XX. */
function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Why HeadBucket failed, in words an administrator can act on. */
export function explainBucketError(err: unknown, cfg: S3Config): string {
  const where = `bucket "${cfg.bucket}" at ${cfg.endpoint}`;
  const status = statusOf(err);
  if (status === 404) return `S3 storage: ${where} does not exist (404): create it or correct the bucket name`;
  if (status === 403) return `S3 storage: ${where} refused access (403): check the access key id and the secret access key, and that they may use this bucket`;
  if (status === 301 || status === 400) return `S3 storage: ${where} answered ${status}: check the region (${cfg.region}) and the path-style setting`;
  const detail = (err as SdkError)?.code || (err as SdkError)?.message || String(err);
  if (status) return `S3 storage: ${where} answered HTTP ${status} (${nameOf(err) || detail})`;
  return `S3 storage: cannot reach ${cfg.endpoint} (${detail})`;
}

function sdkOf(host: PluginHost): S3Sdk {
  return host.require('@aws-sdk/client-s3') as S3Sdk;
}

function signerOf(host: PluginHost): SignerSdk {
  return host.require('@smithy/signature-v4') as SignerSdk;
}

/** Refuses to switch on unless the bucket answers HeadBucket with these settings. */
export async function enable(host: PluginHost): Promise<void> {
  const cfg = readConfig(host.config);
  const sdk = sdkOf(host);
  const client = makeClient(sdk, cfg);
  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket: cfg.bucket }));
  } catch (err) {
    throw new Error(explainBucketError(err, cfg));
  } finally {
    client.destroy();
  }
  await host.log('info', `bucket "${cfg.bucket}" at ${cfg.endpoint} is reachable; uploads now go there`, {
    bucket: cfg.bucket,
    endpoint: cfg.endpoint,
    prefix: cfg.prefix,
  });
}

/** The `upload` hook: the store uploaded files go to while the plugin is enabled. */
export function upload(host: PluginHost): StorageAdapter {
  return new S3Storage(sdkOf(host), readConfig(host.config), host.log.bind(host), signerOf(host), host.contentDisposition.bind(host));
}
