/**
 * Receives a multipart/form-data upload straight from the request stream into the store, file by
 * file, within the limits of 001 §9 (at most 9 files of 100 MB each, configurable). The first limit
 * crossed stops the parse: nothing more is stored, what this request stored is removed, and the
 * caller answers 413 at once (the rest of the body is drained unread).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type busboyType from 'busboy';
import type { Context } from 'koa';
import { KEY_PREFIX, contentTypeOf, type StorageAdapter } from '../../adapters/storage.adapter';
import { AppError, fail } from '../../core/api';
import { HEAD_BYTES, classify, safeName, type TypeGroup } from './file-types';
import { SPACE } from './space.messages';
import { PRIVATE_FILES } from './private-files.messages';

export interface UploadLimits {
  maxFiles: number;
  /** Per file, in MB (the unit of the spec's message). */
  maxFileMb: number;
}

/** UPLOAD_MAX_FILES (default 9) and UPLOAD_MAX_FILE_MB (default 100) from the environment. */
export function uploadLimits(env: Record<string, string | undefined>): UploadLimits {
  const pos = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  return { maxFiles: Math.floor(pos(env.UPLOAD_MAX_FILES, 9)), maxFileMb: pos(env.UPLOAD_MAX_FILE_MB, 100) };
}

export interface ReceivedFile {
  key: string;
  /** The random part of the key. */
  fileId: string;
  /** The sanitised name the client gave. */
  name: string;
  size: number;
  type: TypeGroup;
  url: string;
}

export interface Received {
  files: ReceivedFile[];
  /** The form's text fields (the first value of each). */
  fields: Record<string, string>;
}

/** Where the files of an upload are stored: a key prefix chosen from form fields sent before the files. */
export interface KeyPlacement {
  /** The fields the prefix depends on: one arriving after a file is refused. */
  fields: readonly string[];
  prefix(fields: Record<string, string>): string;
}

/** Every file under the spec's prefix, whatever the form says. */
const PUBLIC_PLACEMENT: KeyPlacement = { fields: [], prefix: () => KEY_PREFIX };

const MAX_FIELDS = 20;

function today(): string {
  return new Date().toISOString().slice(0, 10).replace(/-/g, '');
}

/** Stores one file part; `maxBytes` crossed rejects with 413 and leaves nothing stored. */
async function storeOne(
  storage: StorageAdapter,
  stream: Readable,
  filename: string,
  prefix: string,
  maxBytes: number,
  tooLarge: () => AppError,
): Promise<ReceivedFile> {
  const name = safeName(filename);
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headLen = 0;
  let ended = false;
  while (headLen < HEAD_BYTES) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    head.push(r.value);
    headLen += r.value.length;
  }
  const kind = classify(name, Buffer.concat(head).subarray(0, HEAD_BYTES));
  const fileId = randomBytes(16).toString('hex');
  const key = `${prefix}/${today()}/${fileId}.${kind.ext}`;
  let total = 0;
  const counted = (c: Buffer) => {
    total += c.length;
    if (total > maxBytes) throw tooLarge();
    return c;
  };
  async function* body(): AsyncGenerator<Buffer> {
    for (const c of head) yield counted(c);
    if (ended) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield counted(r.value);
  }
  const { size } = await storage.put(key, Readable.from(body(), { objectMode: false }), contentTypeOf(key));
  return { key, fileId, name, size, type: kind.type, url: storage.url(key) };
}

/** Parses the request's multipart body into stored files; on any failure nothing of it stays stored. */
export async function receiveUpload(ctx: Context, storage: StorageAdapter, limits: UploadLimits, placement = PUBLIC_PLACEMENT): Promise<Received> {
  const req = ctx.req;
  const maxBytes = Math.floor(limits.maxFileMb * 1024 * 1024);
  const tooLarge = () => new AppError('too_large', SPACE.upload_file_too_large, { n: limits.maxFileMb });
  const tooMany = () => new AppError('too_large', SPACE.upload_too_many_files, { n: limits.maxFiles });
  if (!/^multipart\/form-data\s*;/i.test(ctx.get('content-type'))) {
    req.resume();
    throw fail.bad(SPACE.upload_not_multipart);
  }
  if (Number(ctx.get('content-length') || 0) > limits.maxFiles * maxBytes + 1024 * 1024) {
    req.resume();
    throw tooLarge();
  }
  let bb: busboyType.Busboy;
  // Loaded at the first upload, not at start-up.
  const busboy = require('busboy') as typeof busboyType;
  try {
    bb = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      // The client's name as sent: safeName is the one place that cleans it.
      preservePath: true,
      limits: { files: limits.maxFiles, fileSize: maxBytes + 1, fields: MAX_FIELDS, fieldSize: 4096, parts: limits.maxFiles + MAX_FIELDS, headerPairs: 50 },
    });
  } catch {
    req.resume();
    throw fail.bad(SPACE.upload_not_multipart);
  }

  return new Promise<Received>((resolve, reject) => {
    const pending: Promise<ReceivedFile | null>[] = [];
    const open = new Set<Readable>();
    const fields: Record<string, string> = {};
    let failure: unknown = null;
    let settled = false;

    const settle = async () => {
      if (settled) return;
      settled = true;
      const results = await Promise.all(pending);
      const files = results.filter((f): f is ReceivedFile => f !== null);
      if (failure) {
        await Promise.all(files.map((f) => storage.delete(f.key).catch(() => undefined)));
        reject(failure);
      } else if (!files.length) reject(fail.bad(SPACE.upload_no_file));
      else resolve({ files, fields });
    };
    const abort = (err: unknown) => {
      if (failure) return;
      failure = err;
      req.unpipe(bb);
      req.resume();
      for (const s of open) s.destroy();
      void settle();
    };

    bb.on('file', (_field, stream, info) => {
      if (failure || !info.filename) {
        stream.resume();
        return;
      }
      open.add(stream);
      pending.push(
        storeOne(storage, stream, info.filename, placement.prefix(fields), maxBytes, tooLarge).then(
          (f) => {
            open.delete(stream);
            if (!failure) return f;
            void storage.delete(f.key).catch(() => undefined);
            return null;
          },
          (err: unknown) => {
            open.delete(stream);
            abort(err instanceof AppError ? err : fail.bad(SPACE.upload_failed));
            return null;
          },
        ),
      );
    });
    bb.on('field', (name, value) => {
      if (pending.length && placement.fields.includes(name)) abort(fail.bad(PRIVATE_FILES.private_fields_after_files));
      if (!(name in fields)) fields[name] = value;
    });
    bb.on('filesLimit', () => abort(tooMany()));
    bb.on('fieldsLimit', () => abort(fail.bad(SPACE.upload_failed)));
    bb.on('partsLimit', () => abort(tooMany()));
    bb.on('error', () => abort(fail.bad(SPACE.upload_failed)));
    bb.on('close', () => void settle());
    req.on('aborted', () => abort(fail.bad(SPACE.upload_failed)));
    req.on('error', () => abort(fail.bad(SPACE.upload_failed)));
    req.pipe(bb);
  });
}
