/**
 * base/comm upload calls for any signed-in user: `upload` stores multipart files (001 §9 limits) and
 * lists each as a space/info row, public or private (private-upload.ts); `uploadMode` says
 * which store is in use. The store is asked for on each request: the enabled upload plugin's (e.g.
 * S3) or the local disk (storage.service.ts).
 */
import { entity, l, call, defineRoutes, ANY_OBJECT, STR, listOf, obj } from '../../core/api';
import type { Core, Route } from '../../core/api';
import { storageFor } from './storage.service';
import { receiveUpload, uploadLimits } from './upload.service';
import { UPLOAD_PLACEMENT, privacyOf, privateUrl } from './private-upload';

export default defineRoutes((core: Core): Route[] => {
  const info = entity(core.model, 'space/info');
  const limits = uploadLimits(core.config.env);
  return [
    {
      ...call(core, 'base', 'comm', 'upload', {
        method: 'POST',
        summary: l('Upload files', '上传文件', '上傳檔案'),
        // multipart/form-data, read by the upload as it streams into the store.
        input: {},
        body: {
          type: 'object',
          description:
            'multipart/form-data: one or more files, an optional classifyId (a space/type id), and, before the files, ' +
            'private ("1"/"true": stored privately, fetched through space/info/fileUrl) and scope/scopeId (who else may fetch them: group and a group of the uploader, ' +
            'or user and a user the uploader may write to, for a file of their private chat)',
          properties: {
            file: { type: 'string', format: 'binary' },
            classifyId: { type: 'string', pattern: '^\\d*$' },
            private: { type: 'string', enum: ['', '0', '1', 'false', 'true'] },
            scope: { type: 'string' },
            scopeId: { type: 'string', pattern: '^\\d*$' },
          },
        },
        access: 'signedIn',
        effect: 'write',
        answer: listOf(ANY_OBJECT),
        async handler(req) {
          const storage = storageFor(core);
          const got = await receiveUpload(req.ctx, storage, limits, UPLOAD_PLACEMENT);
          const cid = got.fields.classifyId;
          // A non-numeric classifyId is passed on as it came, for the entity's validation to refuse.
          const classifyId = cid === undefined || cid === '' ? undefined : /^\d+$/.test(cid) ? Number(cid) : cid;
          let ids: number[];
          try {
            const privacy = await privacyOf(core, req.user!, storage, got.fields);
            const rows = got.files.map((f) => ({
              url: 'isPrivate' in privacy ? privateUrl(f.key) : f.url,
              type: f.type,
              name: f.name,
              size: f.size,
              key: f.key,
              fileId: f.fileId,
              ...privacy,
              ...(classifyId === undefined ? {} : { classifyId }),
            }));
            // The url, key and privacy (admin-only fields) are the store's own, so the module vouches for them.
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
      summary: l('Upload mode', '上传模式', '上傳模式'),
      input: {},
      access: 'signedIn',
      effect: 'read',
      answer: obj({ mode: STR, type: STR }),
      handler: async () => {
        const { mode } = storageFor(core);
        return { mode, type: mode };
      },
    }),
  ];
});
