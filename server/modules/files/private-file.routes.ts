/**
 * Private files of the file space (keys `app/private/...`, private-upload.ts):
 * - `space/info/fileUrl` answers a short-lived url of a file to whoever may fetch it
 *   (file-access.ts): on the local disk a url of our own origin, signed with the installation's
 *   shared `private-file` key so every instance checks it; on an object store the store's signed
 *   url (S3: a presigned GetObject). `PRIVATE_URL_SECONDS` (default 300) is how long it works. A
 *   public file answers its public url, to the same callers.
 * - `GET /private/app/private/{day}/{file}?exp=&sig=` serves a local private file to a request whose
 *   signature is valid and not expired (403 otherwise, checked before the file is looked for; 404
 *   for no file), as the `/upload` route serves public ones (serve-file.ts), never cached.
 */
import { checkLocalSignature, PRIVATE_PREFIX, type StorageAdapter } from '../../adapters/storage.adapter';
import { l, call, check, defineRoutes, fail, id, obj, shapeSchema, STR, text, SYSTEM, eq } from '../../core/api';
import type { Core, Route } from '../../core/api';
import { mayFetchFile } from './file-access';
import { PRIVATE_FILES } from './private-files.messages';
import { FILE_PATH, filePathOf, sendStoredFile } from './serve-file';
import { localStorageFor, storageFor } from './storage.service';

/** PRIVATE_URL_SECONDS, default 300. */
function urlSeconds(env: Record<string, string | undefined>): number {
  const n = Number(env.PRIVATE_URL_SECONDS);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 300;
}

/** The live space/info row `id` as the system reads it, or undefined. */
async function fileRow(core: Core, rowId: number) {
  const [row] = await core.ops.reads(SYSTEM).find('space/info', eq('id', rowId), { fields: ['url', 'key', 'name', 'userId', 'isPrivate', 'scope', 'scopeId'] });
  return row;
}

/** The store holding `key`: the local disk when the file is there (uploaded before a plugin was enabled), else the store in use. */
async function storeHolding(core: Core, key: string): Promise<StorageAdapter> {
  const local = localStorageFor(core);
  return (await local.head(key)) ? local : storageFor(core);
}

/** The rule of fileUrl: whoever may fetch the file (a missing row passes, for the call to answer 404). */
const mayFetch = (core: Core) =>
  check<{ id: number }>(
    l("the file's uploader, or someone it is shared with", '文件的上传者或其共享对象', '檔案的上傳者或其共享對象'),
    async ({ user, input }) => {
      const row = await fileRow(core, input.id);
      return !row || mayFetchFile(core, user, row);
    },
    'signedIn',
  );

const PRIVATE_PATH = { ...FILE_PATH, exp: text({ max: 12 }), name: text({ max: 255 }).optional(), sig: text({ max: 64 }) };

export default defineRoutes((core: Core): Route[] => {
  const seconds = urlSeconds(core.config.env);
  const signingKey = core.secrets.derive('private-file');
  return [
    call(core, 'space', 'info', 'fileUrl', {
      method: 'GET',
      summary: l('A url to fetch a file', '获取文件地址', '取得檔案位址'),
      description: l(
        'A short-lived url of a private file (PRIVATE_URL_SECONDS, default 300 s; expiresAt is when it stops working), or the url of a public one, which works for good.',
        '私有文件的短期地址（PRIVATE_URL_SECONDS，默认 300 秒；expiresAt 为失效时间），公开文件则为其长期有效的地址。',
        '私有檔案的短期位址（PRIVATE_URL_SECONDS，預設 300 秒；expiresAt 為失效時間），公開檔案則為其長期有效的位址。',
      ),
      input: { id: id() },
      access: mayFetch(core),
      effect: 'read',
      answer: obj({ url: STR, expiresAt: STR }),
      async handler(_req, input) {
        const row = await fileRow(core, input.id);
        if (!row) throw fail.notFound('not_found');
        const exp = Math.floor(Date.now() / 1000) + seconds;
        const expiresAt = new Date(exp * 1000).toISOString();
        if (!row.isPrivate || !row.key) return { url: row.url, expiresAt };
        const store = await storeHolding(core, row.key);
        if (typeof store.signedUrl !== 'function') throw fail.bad(PRIVATE_FILES.private_unsupported);
        return { url: await store.signedUrl(row.key, { seconds, downloadName: row.name || undefined }), expiresAt };
      },
    }),
    {
      method: 'GET',
      path: `/private/${PRIVATE_PREFIX}/{day}/{file}`,
      guard: 'public',
      permission: null,
      summary: l('Private file', '私有文件', '私有檔案'),
      module: 'space',
      group: 'file',
      raw: true,
      call: {
        input: shapeSchema(PRIVATE_PATH),
        answer: { type: 'string', format: 'binary', description: "the file's bytes (a range of them with Range: 206), not an envelope" },
        effect: 'read',
        access: l(
          'anyone holding a valid signed url (space/info/fileUrl)',
          '持有有效签名地址者（space/info/fileUrl）',
          '持有有效簽名位址者（space/info/fileUrl）',
        ),
        description: l(
          'A private file of the local store, at the signed url space/info/fileUrl answered: exp (unix seconds) and sig must be valid and not past; name, signed with them, is the name the file is answered under.',
          '本地存储中的私有文件，地址为 space/info/fileUrl 返回的签名地址：exp（Unix 秒）与 sig 须有效且未过期；name 与其一同签名，为文件下载时的名称。',
          '本機儲存中的私有檔案，位址為 space/info/fileUrl 回傳的簽名位址：exp（Unix 秒）與 sig 須有效且未過期；name 與其一同簽名，為檔案下載時的名稱。',
        ),
      },
      async handler(req) {
        const { day, file } = filePathOf(req.params);
        const key = `${PRIVATE_PREFIX}/${day}/${file}`;
        const name = typeof req.query.name === 'string' && req.query.name ? req.query.name : undefined;
        if (!checkLocalSignature(signingKey, key, String(req.query.exp ?? ''), String(req.query.sig ?? ''), name)) {
          throw fail.forbidden(PRIVATE_FILES.private_file_refused);
        }
        await sendStoredFile(req.ctx, localStorageFor(core), key, file, 'private, no-store', name);
      },
    },
  ];
});
