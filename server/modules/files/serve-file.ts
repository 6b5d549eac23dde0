/**
 * Sends a file of the local store as the answer of a file route (`/upload/...` and `/private/...`),
 * so both serve alike: the content type follows the key's extension (set at upload time from the
 * checked content) and `nosniff` forbids guessing another; anything that is not an image, video,
 * audio or PDF is a download (`Content-Disposition: attachment`) under `Content-Security-Policy:
 * sandbox`, and SVG, the one image that can hold script, is sandboxed too; one `bytes=` Range is
 * answered 206 (416 when outside the file). Only `Cache-Control` differs, given by the route.
 */
import type { Context } from 'koa';
import { contentDisposition, fail, readShape, text } from '../../core/api';
import type { InvalidField } from '../../core/api';
import type { ByteRange, StorageAdapter } from '../../adapters/storage.adapter';

const DAY = /^\d{8}$/;
const FILE = /^[a-f0-9]{32}\.[a-z0-9]{1,10}$/;

/** A file route's path segments: the day the file was stored and its random name; the query is not read. */
export const FILE_PATH = {
  day: text({ max: 8 }),
  file: text({ max: 43 }),
};

/** The day and name of a file route's path; 404 for a path the uploader never makes (it is simply not there). */
export function filePathOf(params: Record<string, string>): { day: string; file: string } {
  const errors: InvalidField[] = [];
  const { day, file } = readShape(FILE_PATH, params, { at: '', errors, query: true }, false);
  if (errors.length || !DAY.test(day) || !FILE.test(file)) throw fail.notFound('not_found');
  return { day, file };
}

/** One `bytes=` range against a size: a range, 'unsatisfiable', or null to send the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function dispositionHeaders(ctx: Context, contentType: string, file: string, downloadName?: string): void {
  const inline = /^(image|video|audio)\//.test(contentType) || contentType === 'application/pdf';
  // A signed download name is always a download of that name; the file's own shows the safe kinds inline.
  if (!inline || downloadName) {
    ctx.set('Content-Disposition', contentDisposition(downloadName ?? file));
    ctx.set('Content-Security-Policy', 'sandbox');
    return;
  }
  ctx.set('Content-Disposition', contentDisposition(file, 'inline'));
  if (contentType === 'image/svg+xml') ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
}

/**
 * Answers the object under `key` (`file` is its last segment) with `cacheControl`, whole or the
 * range the request asks for, as a download named `downloadName` when given; 404 when there is none.
 */
export async function sendStoredFile(
  ctx: Context,
  storage: StorageAdapter,
  key: string,
  file: string,
  cacheControl: string,
  downloadName?: string,
): Promise<void> {
  const meta = await storage.head(key);
  if (!meta) throw fail.notFound('not_found');
  const range = parseRange(ctx.get('range') || undefined, meta.size);
  if (range === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${meta.size}`);
    ctx.body = '';
    return;
  }
  const got = await storage.get(key, range ?? undefined);
  if (!got) throw fail.notFound('not_found');
  ctx.set('Content-Type', got.contentType);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', cacheControl);
  ctx.set('Last-Modified', got.modified.toUTCString());
  dispositionHeaders(ctx, got.contentType, file, downloadName);
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${got.size}`);
    ctx.length = range.end - range.start + 1;
  } else {
    ctx.status = 200;
    ctx.length = got.size;
  }
  ctx.body = got.stream;
}
