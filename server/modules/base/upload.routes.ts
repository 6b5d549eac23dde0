/**
 * base/comm upload calls for any signed-in user: `upload` stores multipart files (001 §9 limits) and
 * lists each as a space/info row; `uploadMode` says which store is in use. The store is asked for on
 * each request: the enabled upload plugin's (e.g. S3) or the local disk (space/storage.service.ts).
 */
import { l } from '../../core/entity/define';
import type { Core } from '../../core/core';
import type { Route } from '../../core/http/route';
import { call, defineRoutes } from '../../core/modules';
import { storageFor } from '../space/storage.service';
import { receiveUpload, uploadLimits } from '../space/upload.service';

export default defineRoutes((core: Core): Route[] => {
  const info = core.model.byKey.get('space/info')!;
  const limits = uploadLimits(core.config.env);
  return [
    {
      ...call(core, 'base', 'comm', 'upload', {
        method: 'POST',
        guard: 'signedIn',
        summary: l('Upload files', '上传文件', '上傳檔案'),
        async handler(req) {
          const storage = storageFor(core);
          const got = await receiveUpload(req.ctx, storage, limits);
          const cid = got.fields.classifyId;
          // A non-numeric classifyId is passed on as it came, for the entity's validation to refuse.
          const classifyId = cid === undefined || cid === '' ? undefined : /^\d+$/.test(cid) ? Number(cid) : cid;
          const rows = got.files.map((f) => ({
            url: f.url,
            type: f.type,
            name: f.name,
            size: f.size,
            key: f.key,
            fileId: f.fileId,
            ...(classifyId === undefined ? {} : { classifyId }),
          }));
          let ids: number[];
          try {
            // The url and key (admin-only fields) are the store's own, so the module vouches for them.
            ids = ((await core.ops.add(info, rows, req.user, { url: req.path, trusted: true })) as { ids: number[] }).ids;
          } catch (err) {
            await Promise.all(got.files.map((f) => storage.delete(f.key).catch(() => undefined)));
            throw err;
          }
          return Promise.all(ids.map((id) => core.ops.info(info, id, req.user)));
        },
      }),
      // The dispatcher leaves the body to the handler, which streams it into the store.
      body: 'raw',
    },
    call(core, 'base', 'comm', 'uploadMode', {
      method: 'GET',
      guard: 'signedIn',
      summary: l('Upload mode', '上传模式', '上傳模式'),
      handler: async () => {
        const { mode } = storageFor(core);
        return { mode, type: mode };
      },
    }),
  ];
});
