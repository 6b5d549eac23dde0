/**
 * Reads the package of a multipart/form-data upload: the one file field `file`, at most `maxBytes`.
 * The limit holds while the body streams in: a Content-Length beyond it is refused before reading,
 * and a body that grows past it is cut off at once (413), its rest drained unread. The zip is kept
 * in memory (a few MiB at most) for the reader; nothing is written to disk.
 */
import type busboyType from 'busboy';
import type { Context } from 'koa';
import { AppError, fail, PLUGIN } from '../../core/api';

/** Room for the multipart framing and a few small fields around the file. */
const FRAMING_BYTES = 64 * 1024;

/** Whether the request carries a multipart body (else it is JSON: `{shipped}`). */
export function isMultipart(ctx: Context): boolean {
  return /^multipart\/form-data\s*;/i.test(ctx.get('content-type'));
}

/** The bytes of the field `file`; 413 beyond `maxBytes`, 1001 without a file. */
export function receiveZip(ctx: Context, maxBytes: number): Promise<Buffer> {
  const req = ctx.req;
  const mb = Math.round((maxBytes / 1024 / 1024) * 100) / 100;
  const tooLarge = () => new AppError('too_large', PLUGIN.plugin_zip_too_large, { mb });
  if (Number(ctx.get('content-length') || 0) > maxBytes + FRAMING_BYTES) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  let bb: busboyType.Busboy;
  // Loaded at the first upload, not at start-up.
  const busboy = require('busboy') as typeof busboyType;
  try {
    bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 50 } });
  } catch {
    req.resume();
    return Promise.reject(fail.bad(PLUGIN.plugin_upload_body));
  }
  return new Promise<Buffer>((resolve, reject) => {
    let zip: Buffer | null = null;
    let failure: unknown = null;
    let pending: Promise<void> = Promise.resolve();
    const abort = (err: unknown) => {
      if (failure) return;
      failure = err;
      req.unpipe(bb);
      req.resume();
      reject(err);
    };
    bb.on('file', (field, stream) => {
      if (failure || field !== 'file' || zip) {
        stream.resume();
        return;
      }
      pending = new Promise<void>((done) => {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            stream.resume();
            abort(tooLarge());
            return;
          }
          chunks.push(c);
        });
        stream.on('limit', () => abort(tooLarge()));
        stream.on('error', () => abort(fail.bad(PLUGIN.plugin_upload_body)));
        stream.on('end', () => {
          if (!failure) zip = Buffer.concat(chunks);
          done();
        });
      });
    });
    bb.on('filesLimit', () => abort(fail.bad(PLUGIN.plugin_upload_body)));
    bb.on('partsLimit', () => abort(fail.bad(PLUGIN.plugin_upload_body)));
    bb.on('error', () => abort(fail.bad(PLUGIN.plugin_upload_body)));
    bb.on('close', () => {
      void pending.then(() => {
        if (failure) return;
        if (!zip || zip.length === 0) reject(fail.bad(PLUGIN.plugin_upload_body));
        else resolve(zip);
      });
    });
    req.on('aborted', () => abort(fail.bad(PLUGIN.plugin_upload_body)));
    req.pipe(bb);
  });
}
