/**
 * Serves stored files at `GET /upload/app/base/{yyyymmdd}/{id}.{ext}`, the urls the local store
 * hands out. Public: the 128-bit random id is the capability, as with any upload link.
 *
 * Files are never executed as pages of our origin: the content type follows the key's extension
 * (set at upload time from the checked content), `nosniff` forbids guessing another, and anything
 * that is not an image, video, audio or PDF is a download (`Content-Disposition: attachment`) under
 * `Content-Security-Policy: sandbox`; SVG, the one image that can hold script, is sandboxed too.
 * Only the two key shapes the uploader makes match, so no path can leave the store.
 */
import type { Context } from 'koa';
import { l, fail, readShape, shapeSchema, text, defineRoutes } from '../../core/api';
import type { Core, Route, InvalidField } from '../../core/api';
import { KEY_PREFIX, type ByteRange } from '../../adapters/storage.adapter';
import { localStorageFor } from './storage.service';

const DAY = /^\d{8}$/;
const FILE = /^[a-f0-9]{32}\.[a-z0-9]{1,10}$/;

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

function dispositionHeaders(ctx: Context, contentType: string, file: string): void {
  const inline = /^(image|video|audio)\//.test(contentType) || contentType === 'application/pdf';
  if (!inline) {
    ctx.set('Content-Disposition', `attachment; filename="${file}"`);
    ctx.set('Content-Security-Policy', 'sandbox');
    return;
  }
  ctx.set('Content-Disposition', `inline; filename="${file}"`);
  if (contentType === 'image/svg+xml') ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
}

/** The path's segments: the day the file was stored and its random name; the query is not read. */
const FILE_PATH = {
  day: text({ max: 8 }),
  file: text({ max: 43 }),
};

export default defineRoutes((core: Core): Route[] => {
  // The urls of this route are the local store's; files of an upload plugin are served by its own urls.
  const storage = localStorageFor(core);
  return [
    {
      method: 'GET',
      path: `/upload/${KEY_PREFIX}/{day}/{file}`,
      guard: 'public',
      permission: null,
      summary: l('Stored file', '已上传文件', '已上傳檔案'),
      module: 'space',
      group: 'file',
      raw: true,
      call: {
        input: shapeSchema(FILE_PATH),
        answer: { type: 'string', format: 'binary', description: "the file's bytes (a range of them with Range: 206), not an envelope" },
        effect: 'read',
        access: l('anyone (the random name is the capability)', '任何人（随机文件名即凭证）', '任何人（隨機檔名即憑證）'),
        description: l(
          'A file the local store keeps, at {day}/{file} of the url the upload answered; images, video, audio and PDF inline, anything else as a download.',
          '本地存储中的文件，路径为上传时返回的 {day}/{file}；图片、视频、音频和 PDF 直接显示，其他文件下载。',
          '本機儲存中的檔案，路徑為上傳時回傳的 {day}/{file}；圖片、影片、音訊與 PDF 直接顯示，其他檔案下載。',
        ),
      },
      async handler(req) {
        const errors: InvalidField[] = [];
        const { day, file } = readShape(FILE_PATH, req.params, { at: '', errors, query: true }, false);
        // A path the uploader never makes is simply not there.
        if (errors.length || !DAY.test(day) || !FILE.test(file)) throw fail.notFound('not_found');
        const key = `${KEY_PREFIX}/${day}/${file}`;
        const meta = await storage.head(key);
        if (!meta) throw fail.notFound('not_found');
        const ctx = req.ctx;
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
        // A key is never reused for other content, so a copy may be kept for good.
        ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        ctx.set('Last-Modified', got.modified.toUTCString());
        dispositionHeaders(ctx, got.contentType, file);
        if (range) {
          ctx.status = 206;
          ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${got.size}`);
          ctx.length = range.end - range.start + 1;
        } else {
          ctx.status = 200;
          ctx.length = got.size;
        }
        ctx.body = got.stream;
      },
    },
  ];
});
