/**
 * Serves stored files at `GET /upload/app/base/{yyyymmdd}/{id}.{ext}`, the urls the local store
 * hands out. Public: the 128-bit random id is the capability, as with any upload link.
 *
 * Files are never executed as pages of our origin (serve-file.ts). Only the key shape the uploader
 * makes for public files matches (a private key, `app/private/...`, is not there: 404), so no path
 * can leave the store.
 */
import { l, shapeSchema, defineRoutes } from '../../core/api';
import type { Core, Route } from '../../core/api';
import { KEY_PREFIX } from '../../adapters/storage.adapter';
import { localStorageFor } from './storage.service';
import { FILE_PATH, filePathOf, sendStoredFile } from './serve-file';

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
        const { day, file } = filePathOf(req.params);
        // A key is never reused for other content, so a copy may be kept for good.
        await sendStoredFile(req.ctx, storage, `${KEY_PREFIX}/${day}/${file}`, file, 'public, max-age=31536000, immutable');
      },
    },
  ];
});
