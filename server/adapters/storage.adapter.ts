/**
 * Where uploaded files live. The upload call and the file route talk only to `StorageAdapter`, so an
 * S3-compatible store can replace the local disk by implementing the same methods (put streams the
 * object with its content type: PutObject; head gives its size and type: HeadObject; get returns it,
 * whole or a byte range: GetObject; delete: DeleteObject; url is where a browser fetches it: the
 * store's public or CDN address instead of `/upload/...`).
 *
 * Keys are made by the caller, never from user input: `app/base/{yyyymmdd}/{32 hex}.{ext}` (the
 * spec's prefix path `app/base`, 000 §9) for files anyone with the url may fetch, and
 * `app/private/{yyyymmdd}/{32 hex}.{ext}` for private files, which a browser fetches only through a
 * short-lived signed url (`signedUrl`). The local store still checks every key it is given, so a bad
 * key can never reach outside its root.
 *
 * Deleting a space/info row keeps its file: the delete leaves a recycle record, and a restore
 * re-inserts the row, which must still find its file. A file may go only when no row and no recycle
 * record names its key any more (a purge of recycle records, when one exists, calls `delete`).
 *
 * Configuration (AppConfig.env): `STORAGE_ROOT` (folder of the local store, relative to the project;
 * default `uploads` under the data folder), `STORAGE_PUBLIC_URL` (base of the urls it hands out;
 * default `/upload`). The adapter knows nothing of the core: the caller gives it the environment, the
 * project and data folders, and the key private urls are signed with.
 *
 * @example
 * ```ts
 * const storage = createStorage(env, { projectRoot: '/srv/app', dataDir: '/srv/app/data' });
 * const { key, size } = await storage.put('app/base/20260101/ab12….png', fileStream, 'image/png');
 * const url = storage.url(key); // '/upload/app/base/20260101/ab12….png'
 * const obj = await storage.get(key, { start: 0, end: 99 }); // first 100 bytes, or null
 * await storage.delete(key);
 * ```
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The spec's prefix path of uploaded files (000 §9, 001 §9). */
export const KEY_PREFIX = 'app/base';
/** The prefix path of private files: never served without a signature. */
export const PRIVATE_PREFIX = 'app/private';
/** Where the local store's signed urls of private files point (the private file route). */
export const PRIVATE_BASE = '/private';

export interface StoredObject {
  key: string;
  /** Bytes written. */
  size: number;
}

export interface StoredMeta {
  /** Size of the whole object in bytes. */
  size: number;
  contentType: string;
  modified: Date;
}

export interface StoredFile extends StoredMeta {
  /** The object's bytes, or those of the range asked for. */
  stream: Readable;
}

export interface SignedUrlOptions {
  /** How long the url works, from now. */
  seconds: number;
  /**
   * The name the file is answered under (Content-Disposition), signed with the url: S3's signed
   * response-content-disposition, the local store's `name` (the private route names the file so).
   */
  downloadName?: string;
}

/** An inclusive byte range, as HTTP Range gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StorageAdapter {
  /** What `comm/uploadMode` reports: `local` here, e.g. `s3` for an object store. */
  readonly mode: string;
  /**
   * Stores `body` under `key`. A stream that errors (a size limit crossed, a client gone) leaves
   * nothing behind and rejects with the stream's error.
   */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject>;
  /** Size, type and time of the object, or null when there is none under `key` (a range needs the size first). */
  head(key: string): Promise<StoredMeta | null>;
  /** The object (or a range of it), or null when there is none under `key`. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser fetches the object. */
  url(key: string): string;
  /**
   * A url that fetches the object until `seconds` from now and never after, for private files. A
   * store without it cannot keep private files (the upload refuses them).
   */
  signedUrl?(key: string, opts: SignedUrlOptions): Promise<string>;
}

/** A key the stores accept: relative, lower-case safe segments, no `..`, no empty segment. */
export function isSafeKey(key: string): boolean {
  if (key.length > 512 || !/^[a-z0-9][a-z0-9._/-]*$/i.test(key)) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** Content types by extension; anything else is served as application/octet-stream. */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  tif: 'image/tiff',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  flv: 'video/x-flv',
  mp3: 'audio/mpeg',
  mp2: 'audio/mpeg',
  wav: 'audio/wav',
  wma: 'audio/x-ms-wma',
  flac: 'audio/flac',
  midi: 'audio/midi',
  aac: 'audio/aac',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The content type a key is stored and served with, from its extension. */
export function contentTypeOf(key: string): string {
  const m = /\.([a-z0-9]+)$/i.exec(key);
  return (m && CONTENT_TYPES[m[1].toLowerCase()]) || 'application/octet-stream';
}

/** A key as a url path, each segment encoded. */
function encodedPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** The signature of a local private url: HMAC-SHA256 of the key and the expiry (unix seconds), in hex. */
export function localSignature(secret: Buffer, key: string, exp: number, downloadName?: string): string {
  // The download name, when the url carries one, is signed with it: nobody renames a file they were given.
  const signed = downloadName ? `${key}\n${exp}\n${downloadName}` : `${key}\n${exp}`;
  return createHmac('sha256', secret).update(signed).digest('hex');
}

/**
 * Whether `sig` signs `key` (and `downloadName`, when the url has one) until `exp` (unix seconds, as
 * text from the query) and `exp` is not past.
 */
export function checkLocalSignature(
  secret: Buffer,
  key: string,
  exp: string,
  sig: string,
  downloadName?: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!/^\d{1,12}$/.test(exp) || !/^[a-f0-9]{64}$/.test(sig) || Number(exp) < nowSeconds) return false;
  return timingSafeEqual(Buffer.from(sig, 'hex'), Buffer.from(localSignature(secret, key, Number(exp), downloadName), 'hex'));
}

/**
 * Files on the local disk under `root`. The content type is not kept beside the file: it follows
 * from the key's extension, which the uploader chose to match the content.
 */
export class LocalStorage implements StorageAdapter {
  readonly mode = 'local';

  constructor(
    readonly root: string,
    private readonly publicBase = '/upload',
    /** The key private urls are signed with; without it the store keeps no private files. */
    private readonly signingKey?: Buffer,
  ) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    const file = resolve(this.root, key);
    if (!file.startsWith(this.root + sep)) throw new Error(`storage key outside the root: ${key}`);
    return file;
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject> {
    void contentType;
    const file = this.pathOf(key);
    await mkdir(dirname(file), { recursive: true });
    // Written beside its place and renamed when complete, so a reader never sees half a file.
    const part = `${file}.${randomBytes(6).toString('hex')}.part`;
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    let size: number;
    try {
      await pipeline(source, createWriteStream(part, { flags: 'wx', mode: 0o640 }));
      size = (await stat(part)).size;
      await rename(part, file);
    } catch (err) {
      await unlink(part).catch(() => undefined);
      throw err;
    }
    return { key, size };
  }

  async head(key: string): Promise<StoredMeta | null> {
    if (!isSafeKey(key)) return null;
    const st = await stat(this.pathOf(key)).catch(() => null);
    return st?.isFile() ? { size: st.size, contentType: contentTypeOf(key), modified: st.mtime } : null;
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const meta = await this.head(key);
    if (!meta) return null;
    const stream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    return { ...meta, stream };
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  url(key: string): string {
    return `${this.publicBase}/${encodedPath(key)}`;
  }

  /** `/private/{key}?exp=<unix s>[&name=<download name>]&sig=<hex>`, served by the private file route, which checks them. */
  async signedUrl(key: string, opts: SignedUrlOptions): Promise<string> {
    if (!this.signingKey) throw new Error('the local store was given no key to sign private urls with');
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    const exp = Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(opts.seconds));
    const name = opts.downloadName ? `&name=${encodeURIComponent(opts.downloadName)}` : '';
    return `${PRIVATE_BASE}/${encodedPath(key)}?exp=${exp}${name}&sig=${localSignature(this.signingKey, key, exp, opts.downloadName)}`;
  }
}

/** The folders a relative `STORAGE_ROOT` and the default store are placed in. */
export interface StorageDirs {
  projectRoot: string;
  dataDir: string;
}

/** The store configured by the environment (only the local disk for now); `signingKey` signs its private urls. */
export function createStorage(env: Record<string, string | undefined>, dirs: StorageDirs, signingKey?: Buffer): StorageAdapter {
  const root = env.STORAGE_ROOT ? resolve(dirs.projectRoot, env.STORAGE_ROOT) : join(dirs.dataDir, 'uploads');
  const base = (env.STORAGE_PUBLIC_URL || '/upload').replace(/\/+$/, '');
  return new LocalStorage(root, base, signingKey);
}
