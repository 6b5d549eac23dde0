/**
 * A local stand-in for an S3-compatible object store on 127.0.0.1 that the real `@aws-sdk/client-s3`
 * talks to: S3's REST API and XML, path-style (`/<bucket>/<key>`) and virtual-hosted style (Host
 * `<bucket>.<anything>`), with every request authenticated by AWS Signature V4 against the configured
 * key pair (fake-s3-auth.ts: a wrong secret is a 403 SignatureDoesNotMatch, as S3 answers).
 *
 * Operations: HeadBucket, ListObjectsV2 (prefix, max-keys, continuation-token, start-after),
 * PutObject (plain, UNSIGNED-PAYLOAD or aws-chunked with checksum trailers), GetObject (with one
 * `bytes=` range: 206 + Content-Range, or 416 InvalidRange), HeadObject, DeleteObject (204, missing
 * or not), the multipart upload (Create, UploadPart, Complete with S3's checks: parts in order, ETags
 * matching, every part but the last at least 5 MiB; Abort), ListBuckets. Errors are S3's XML
 * (NoSuchBucket, NoSuchKey, NoSuchUpload, AccessDenied, SignatureDoesNotMatch, ...); HEAD answers
 * carry no body. A bucket may be `publicRead`: anonymous GET and HEAD of its objects are allowed, so
 * a browser can load the urls the storage plugin hands out; `publicRead: { prefix }` allows them only
 * for keys under that prefix (a bucket policy on `arn:aws:s3:::bucket/prefix*`). Presigned urls
 * (Signature V4 in the query, expiry checked) read any object.
 *
 * Objects live in memory, inspectable through `objects(bucket)`; `requests` records each call.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Error, authenticate, parseQuery, readPayload, uriDecode, type SigningIdentity } from './fake-s3-auth';

export interface FakeS3Bucket {
  name: string;
  /** Anonymous GET and HEAD of objects are allowed (a public-read bucket policy), of every key or of the keys under `prefix`. */
  publicRead?: boolean | { prefix: string };
}

export interface FakeS3Options {
  /** 0 or absent: any free port. */
  port?: number;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: Array<string | FakeS3Bucket>;
  /** The region requests must be signed for (default us-east-1). */
  region?: string;
}

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  /** Stored response headers: cache-control, content-disposition, content-encoding, x-amz-meta-*. */
  headers: Record<string, string>;
  /** Quoted, as S3 sends it. */
  etag: string;
  modified: Date;
}

export interface FakeS3Request {
  method: string;
  operation: string;
  bucket: string | null;
  key: string | null;
  status: number;
  /** S3's error code when the answer was an error. */
  code?: string;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  headers: Record<string, string>;
  parts: Map<number, { body: Buffer; etag: string }>;
}

interface BucketState {
  publicRead: boolean | { prefix: string };
  created: Date;
  objects: Map<string, FakeS3Object>;
  uploads: Map<string, MultipartUpload>;
}

/** S3's smallest part, except for the last one of an upload. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const STORED_HEADERS = ['cache-control', 'content-disposition', 'content-encoding', 'content-language', 'expires'];

const xmlEscape = (s: string): string =>
  s.replace(/[<>&"']/g, (c) => `&${({ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' } as Record<string, string>)[c]};`);
const xmlUnescape = (s: string): string => s.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e]!);
const tag = (name: string, value: string | number): string => `<${name}>${xmlEscape(String(value))}</${name}>`;
const md5Hex = (b: Buffer): string => createHash('md5').update(b).digest('hex');

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range against `size`: a range, 'unsatisfiable', or null (whole object). */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return Number(m[2]) === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - Number(m[2])), end: size - 1 };
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return start > end ? null : { start, end };
}

/** Whether anyone may read `key` of the bucket without signing. */
function publiclyReadable(state: BucketState, key: string): boolean {
  return typeof state.publicRead === 'boolean' ? state.publicRead : key.startsWith(state.publicRead.prefix);
}

export class FakeS3 {
  url = '';
  readonly requests: FakeS3Request[] = [];
  private readonly identity: SigningIdentity;
  private readonly buckets = new Map<string, BucketState>();
  private server!: Server;

  constructor(options: Omit<FakeS3Options, 'port'>) {
    this.identity = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region ?? 'us-east-1' };
    for (const b of options.buckets) {
      const { name, publicRead = false } = typeof b === 'string' ? { name: b } : b;
      this.buckets.set(name, { publicRead, created: new Date(), objects: new Map(), uploads: new Map() });
    }
  }

  /** Listens on 127.0.0.1 at `port` (0: any free port). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => this.fail(res, req.method ?? 'GET', new S3Error(500, 'InternalError', String(e))));
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The objects of `bucket` by key (the live map: a test may look or change). */
  objects(bucket: string): Map<string, FakeS3Object> {
    const b = this.buckets.get(bucket);
    if (!b) throw new Error(`FakeS3: no bucket ${bucket}`);
    return b.objects;
  }

  /** How many multipart uploads of `bucket` are started and neither completed nor aborted. */
  pendingUploads(bucket: string): number {
    return this.buckets.get(bucket)?.uploads.size ?? 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const rawPath = q < 0 ? target : target.slice(0, q);
    const rawQuery = q < 0 ? '' : target.slice(q + 1);
    const query = new Map(parseQuery(rawQuery));
    const log: FakeS3Request = { method, operation: 'Unknown', bucket: null, key: null, status: 0 };
    this.requests.push(log);
    try {
      Object.assign(log, this.locate(String(req.headers.host ?? ''), rawPath));
      log.operation = this.operationOf(method, log.key, query);
      const auth = authenticate({ method, rawPath, rawQuery, headers: req.headers }, this.identity);
      const state = log.bucket === null ? null : this.buckets.get(log.bucket);
      const readOnly = (method === 'GET' || method === 'HEAD') && log.key !== null;
      if (!auth && !(readOnly && state && publiclyReadable(state, log.key!))) throw new S3Error(403, 'AccessDenied', 'Access Denied');
      const body = readPayload(raw, req.headers, auth);
      if (log.bucket !== null && !state) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: log.bucket });
      log.status = this.route(log.operation, state, log.bucket ?? '', log.key ?? '', query, req, body, res);
    } catch (e) {
      if (!(e instanceof S3Error)) throw e;
      log.status = e.status;
      log.code = e.code;
      this.fail(res, method, e);
    }
  }

  /** Bucket and key from the Host (virtual-hosted style) or the path (path style). */
  private locate(host: string, rawPath: string): { bucket: string | null; key: string | null } {
    const hostname = host.replace(/:\d+$/, '');
    const label = hostname.split('.')[0];
    const rest = (s: string) => (s === '' ? null : uriDecode(s));
    if (hostname.includes('.') && this.buckets.has(label) && !/^[\d.]+$/.test(hostname)) return { bucket: label, key: rest(rawPath.slice(1)) };
    const path = rawPath.slice(1);
    if (path === '') return { bucket: null, key: null };
    const slash = path.indexOf('/');
    if (slash < 0) return { bucket: uriDecode(path), key: null };
    return { bucket: uriDecode(path.slice(0, slash)), key: rest(path.slice(slash + 1)) };
  }

  private operationOf(method: string, key: string | null, query: Map<string, string>): string {
    if (key === null) {
      if (method === 'HEAD') return 'HeadBucket';
      if (method === 'GET') return query.get('list-type') === '2' ? 'ListObjectsV2' : 'ListObjects';
      return `${method}Bucket`;
    }
    if (query.has('uploadId')) return { PUT: 'UploadPart', POST: 'CompleteMultipartUpload', DELETE: 'AbortMultipartUpload' }[method] ?? 'ListParts';
    if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload';
    return { PUT: 'PutObject', GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' }[method] ?? `${method}Object`;
  }

  /** Runs the operation and answers; returns the HTTP status sent. */
  private route(
    op: string,
    state: BucketState | null | undefined,
    bucket: string,
    key: string,
    query: Map<string, string>,
    req: IncomingMessage,
    body: Buffer,
    res: ServerResponse,
  ): number {
    if (!state) {
      if (op === 'ListObjects' && !bucket) return this.listBuckets(res);
      throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
    const uploadOf = () => {
      const up = state.uploads.get(query.get('uploadId') ?? '');
      if (!up || up.key !== key)
        throw new S3Error(
          404,
          'NoSuchUpload',
          'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
          { UploadId: query.get('uploadId') ?? '' },
        );
      return up;
    };
    const objectOf = () => {
      const obj = state.objects.get(key);
      if (!obj) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
      return obj;
    };
    switch (op) {
      case 'HeadBucket':
        return this.send(res, 200, { 'x-amz-bucket-region': this.identity.region });
      case 'ListObjectsV2':
        return this.list(res, bucket, state, query);
      case 'PutObject': {
        if (req.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented by this fake.');
        const obj = this.store(state, key, body, this.metaOf(req));
        return this.send(res, 200, { etag: obj.etag });
      }
      case 'GetObject':
      case 'HeadObject':
        return this.read(res, op === 'HeadObject', objectOf(), req.headers.range, responseOverrides(query));
      case 'DeleteObject':
        state.objects.delete(key);
        return this.send(res, 204);
      case 'CreateMultipartUpload': {
        const uploadId = randomBytes(24).toString('base64url');
        state.uploads.set(uploadId, { key, ...this.metaOf(req), parts: new Map() });
        return this.send(
          res,
          200,
          {},
          `<InitiateMultipartUploadResult>${tag('Bucket', bucket)}${tag('Key', key)}${tag('UploadId', uploadId)}</InitiateMultipartUploadResult>`,
        );
      }
      case 'UploadPart': {
        const up = uploadOf();
        const n = Number(query.get('partNumber'));
        if (!Number.isInteger(n) || n < 1 || n > 10000)
          throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
        const etag = `"${md5Hex(body)}"`;
        up.parts.set(n, { body, etag });
        return this.send(res, 200, { etag });
      }
      case 'CompleteMultipartUpload':
        return this.complete(res, bucket, key, state, uploadOf(), query.get('uploadId')!, body.toString('utf8'));
      case 'AbortMultipartUpload':
        uploadOf();
        state.uploads.delete(query.get('uploadId')!);
        return this.send(res, 204);
      default:
        throw new S3Error(501, 'NotImplemented', `${op} is not implemented by this fake.`);
    }
  }

  /** The content type and stored headers a PUT or CreateMultipartUpload sets. */
  private metaOf(req: IncomingMessage): { contentType: string; headers: Record<string, string> } {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value !== 'string' || !(STORED_HEADERS.includes(name) || name.startsWith('x-amz-meta-'))) continue;
      // aws-chunked is how the body travelled, not how the object is encoded.
      const kept =
        name === 'content-encoding'
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter((s) => s && s !== 'aws-chunked')
              .join(', ')
          : value;
      if (kept) headers[name] = kept;
    }
    return { contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), headers };
  }

  private store(
    state: BucketState,
    key: string,
    body: Buffer,
    meta: { contentType: string; headers: Record<string, string> },
    etag = `"${md5Hex(body)}"`,
  ): FakeS3Object {
    const obj: FakeS3Object = { body, ...meta, etag, modified: new Date() };
    state.objects.set(key, obj);
    return obj;
  }

  private read(res: ServerResponse, headOnly: boolean, obj: FakeS3Object, rangeHeader: string | undefined, overrides: Record<string, string>): number {
    const size = obj.body.length;
    const common = {
      'content-type': obj.contentType,
      etag: obj.etag,
      'last-modified': obj.modified.toUTCString(),
      'accept-ranges': 'bytes',
      ...obj.headers,
      ...overrides,
    };
    const range = headOnly ? null : byteRange(rangeHeader, size);
    if (range === 'unsatisfiable') {
      throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', { RangeRequested: String(rangeHeader), ActualObjectSize: String(size) });
    }
    if (range) {
      const part = obj.body.subarray(range.start, range.end + 1);
      return this.send(res, 206, { ...common, 'content-range': `bytes ${range.start}-${range.end}/${size}` }, part, true);
    }
    if (headOnly) {
      res.writeHead(200, { ...common, 'content-length': size, 'x-amz-request-id': randomBytes(8).toString('hex') });
      res.end();
      return 200;
    }
    return this.send(res, 200, common, obj.body, true);
  }

  private complete(res: ServerResponse, bucket: string, key: string, state: BucketState, up: MultipartUpload, uploadId: string, xml: string): number {
    const listed = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
      n: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(m[1])?.[1]),
      etag: xmlUnescape(/<ETag>([\s\S]*?)<\/ETag>/.exec(m[1])?.[1] ?? '').trim(),
    }));
    if (!listed.length) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');
    const bodies: Buffer[] = [];
    const md5s: Buffer[] = [];
    listed.forEach(({ n, etag }, i) => {
      if (i > 0 && !(n > listed[i - 1].n))
        throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.');
      const part = up.parts.get(n);
      const quoted = etag.startsWith('"') ? etag : `"${etag}"`;
      if (!part || part.etag !== quoted)
        throw new S3Error(
          400,
          'InvalidPart',
          "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not have matched the part's entity tag.",
          { PartNumber: String(n) },
        );
      if (i < listed.length - 1 && part.body.length < MIN_PART_BYTES)
        throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', { PartNumber: String(n) });
      bodies.push(part.body);
      md5s.push(Buffer.from(part.etag.slice(1, -1), 'hex'));
    });
    const etag = `"${md5Hex(Buffer.concat(md5s))}-${listed.length}"`;
    this.store(state, key, Buffer.concat(bodies), up, etag);
    state.uploads.delete(uploadId);
    const location = `${this.url}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    return this.send(
      res,
      200,
      {},
      `<CompleteMultipartUploadResult>${tag('Location', location)}${tag('Bucket', bucket)}${tag('Key', key)}${tag('ETag', etag)}</CompleteMultipartUploadResult>`,
    );
  }

  private list(res: ServerResponse, bucket: string, state: BucketState, query: Map<string, string>): number {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(1000, Math.max(0, Number(query.get('max-keys') ?? 1000) || 0));
    const token = query.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
    const keys = [...state.objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => {
        const o = state.objects.get(k)!;
        return `<Contents>${tag('Key', k)}${tag('LastModified', o.modified.toISOString())}${tag('ETag', o.etag)}${tag('Size', o.body.length)}${tag('StorageClass', 'STANDARD')}</Contents>`;
      })
      .join('');
    const next = truncated ? tag('NextContinuationToken', Buffer.from(page[page.length - 1]).toString('base64url')) : '';
    const xml = `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${tag('Name', bucket)}${tag('Prefix', prefix)}${tag('KeyCount', page.length)}${tag('MaxKeys', maxKeys)}${tag('IsTruncated', String(truncated))}${contents}${next}</ListBucketResult>`;
    return this.send(res, 200, {}, xml);
  }

  private listBuckets(res: ServerResponse): number {
    const items = [...this.buckets].map(([name, b]) => `<Bucket>${tag('Name', name)}${tag('CreationDate', b.created.toISOString())}</Bucket>`).join('');
    return this.send(res, 200, {}, `<ListAllMyBucketsResult><Owner>${tag('ID', 'fake')}</Owner><Buckets>${items}</Buckets></ListAllMyBucketsResult>`);
  }

  /** Sends an answer: XML text (with its declaration) or object bytes (`raw`). */
  private send(res: ServerResponse, status: number, headers: Record<string, string | number> = {}, body?: string | Buffer, raw = false): number {
    const payload = body === undefined ? Buffer.alloc(0) : raw ? (body as Buffer) : Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${body as string}`);
    res.writeHead(status, {
      ...(body !== undefined && !raw ? { 'content-type': 'application/xml' } : {}),
      ...headers,
      'content-length': payload.length,
      'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(),
    });
    res.end(payload);
    return status;
  }

  private fail(res: ServerResponse, method: string, e: S3Error): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const extra = Object.entries(e.extra)
      .map(([k, v]) => tag(k, v))
      .join('');
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${tag('Code', e.code)}${tag('Message', e.message)}${extra}${tag('RequestId', requestId)}</Error>`;
    const range = e.code === 'InvalidRange' && e.extra.ActualObjectSize ? { 'content-range': `bytes */${e.extra.ActualObjectSize}` } : {};
    // A HEAD answer has no body: the SDK sees only the status (NotFound, Forbidden, ...).
    const payload = method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(xml);
    res.writeHead(e.status, {
      'content-type': 'application/xml',
      'content-length': method === 'HEAD' ? 0 : payload.length,
      'x-amz-request-id': requestId,
      ...range,
    });
    res.end(payload);
  }
}

/** Starts a fake S3 (see {@link FakeS3}); `close()` stops it. */
export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  return new FakeS3(options).start(options.port ?? 0);
}

/** GetObject's `response-*` query parameters (a signed request's): headers that replace the stored ones in the answer. */
function responseOverrides(query: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['cache-control', 'content-disposition', 'content-encoding', 'content-language', 'content-type', 'expires']) {
    const value = query.get(`response-${name}`);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
