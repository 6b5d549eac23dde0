/**
 * plugin/info calls beyond the generic reads (info, list, page), all for the administrator only
 * (guard `admin`: role 1; anonymous 401, anybody else 403; docs/decisions/spec-departures.md makes the spec's public
 * `install` private). The contract is plugins-api (shared with the console and the plugins):
 * - GET  shipped -> the plugins of `plugins/*` in the repository, each with its installed row.
 * - POST upload (step 1 of 2): multipart/form-data with one file field `file` (a zip, at most
 *   PLUGIN_MAX_ZIP_BYTES), or JSON `{shipped: keyName}` -> `{uploadId, sha256, size, manifest, readme,
 *   upgrade}`. Nothing of the package runs.
 * - POST install `{uploadId}` (step 2), and add (the spec's add: the same call) -> the plugin row as
 *   info answers it.
 * - POST update `{id, name?, description?, status?, config?}` -> null.
 * - POST delete `{ids}` -> `{count}`.
 * - GET  events -> the event catalogue of the notify hook.
 * The lifecycle and the checks are the plugin manager's (server/core/plugins/).
 *
 * The plugin row (answered by install and add, and by the generic info, list and page) is the
 * `plugin/info` row: the manifest's fields (name, description, keyName, hook, version, author, logo,
 * readme), `status`, `pluginJson` (the manifest, its config schema included, for the console's
 * form), `config` without the secret values (the schema's `writeOnly` properties), `secretsSet`
 * (the secrets that have a value), `sha256` and `packageId` of the installed version, and `error`
 * (null, or why it failed to load on the instance that last tried).
 */
import {
  l,
  call,
  defineRoutes,
  objectBody,
  readJsonBody,
  fail,
  type InvalidField,
  coolCompat,
  id,
  ids,
  int,
  nullableText,
  raw,
  readShape,
  shapeSchema,
  text,
  ANY_OBJECT,
  COUNT,
  INT,
  STR,
  listOf,
  nullable,
  obj,
  catalogue,
  packShipped,
} from '../../core/api';
import type { Core, ApiRequest, Route, PluginPatch } from '../../core/api';
import { isMultipart, receiveZip } from './zip-upload';
import { shippedList, storeUpload } from './package.service';

const MAX_NAME = 255;

const UPLOAD_ANSWER = obj({ uploadId: STR, sha256: STR, size: INT, manifest: ANY_OBJECT, readme: STR, upgrade: nullable(obj({ id: INT, version: STR })) });
/** What a JSON upload takes: the name of a plugin shipped in the repository. */
const SHIPPED_UPLOAD = { shipped: text({ max: 64 }) };

export default defineRoutes((core: Core): Route[] => {
  const plugins = core.model.system('plugins');
  const installed = async (req: ApiRequest, uploadId: string) => {
    const id = await core.plugins.install(uploadId, req.user!);
    return core.ops.info(plugins, id, req.user);
  };
  return [
    call(core, 'plugin', 'info', 'shipped', {
      method: 'GET',
      summary: l('Shipped plugins', '内置插件', '內建外掛'),
      input: {},
      access: 'admin',
      effect: 'read',
      answer: listOf(ANY_OBJECT),
      handler: () => shippedList(core),
    }),
    {
      ...call(core, 'plugin', 'info', 'upload', {
        method: 'POST',
        summary: l('Upload a plugin package (step 1 of 2)', '上传插件包（第 1 步，共 2 步）', '上傳外掛套件（第 1 步，共 2 步）'),
        input: {},
        body: {
          anyOf: [
            {
              type: 'object',
              description: 'multipart/form-data with one file field `file`: a zip',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
            shapeSchema(SHIPPED_UPLOAD),
          ],
        },
        access: 'admin',
        effect: 'write',
        answer: UPLOAD_ANSWER,
        async handler(req) {
          let zip: Buffer;
          if (isMultipart(req.ctx)) zip = await receiveZip(req.ctx, core.plugins.settings.maxZipBytes);
          else {
            // The dispatcher left the body unread (a zip is streamed under its own limit): read as declared.
            const errors: InvalidField[] = [];
            const { shipped } = readShape(
              SHIPPED_UPLOAD,
              objectBody(await readJsonBody(req.ctx), true),
              { at: '', errors, query: false },
              coolCompat(core.config.env),
            );
            if (errors.length) throw fail.invalid(errors);
            zip = await packShipped(shipped);
          }
          return storeUpload(core, zip, req.user!);
        },
      }),
      // The handler reads the body itself: a multipart zip streamed under its own limit, or JSON.
      body: 'raw',
    },
    call(core, 'plugin', 'info', 'install', {
      method: 'POST',
      summary: l('Install an uploaded plugin (step 2 of 2)', '安装已上传的插件（第 2 步，共 2 步）', '安裝已上傳的外掛（第 2 步，共 2 步）'),
      input: { uploadId: text({ max: 36 }) },
      access: 'admin',
      effect: 'write',
      answer: ANY_OBJECT,
      handler: (req, { uploadId }) => installed(req, uploadId),
    }),
    call(core, 'plugin', 'info', 'add', {
      method: 'POST',
      summary: l('Install an uploaded plugin', '安装已上传的插件', '安裝已上傳的外掛'),
      input: { uploadId: text({ max: 36 }) },
      access: 'admin',
      effect: 'write',
      answer: ANY_OBJECT,
      handler: (req, { uploadId }) => installed(req, uploadId),
    }),
    call(core, 'plugin', 'info', 'update', {
      method: 'POST',
      summary: l('Rename, configure, enable or disable a plugin', '修改、配置、启用或停用插件', '修改、設定、啟用或停用外掛'),
      input: {
        id: id(),
        name: text({ max: MAX_NAME }).optional(),
        description: nullableText({ max: MAX_NAME }),
        status: int({ min: 0, max: 1 }).optional(),
        // Checked by the plugin manager against the manifest's config schema.
        config: raw({ type: 'object', description: "values of the plugin's config schema" }).optional(),
      },
      access: 'admin',
      effect: 'write',
      answer: { type: 'null' },
      async handler(req, { id: pluginId, name, description, status, config }) {
        const patch: PluginPatch = {};
        if (name !== undefined) patch.name = name;
        if (description !== undefined) patch.description = description ?? '';
        if (status !== undefined) patch.status = status as 0 | 1;
        if (config !== undefined) patch.config = config;
        await core.plugins.update(pluginId, patch, req.user!);
        return null;
      },
    }),
    call(core, 'plugin', 'info', 'delete', {
      method: 'POST',
      summary: l('Delete plugins', '删除插件', '刪除外掛'),
      input: { ids: ids() },
      access: 'admin',
      effect: 'write',
      answer: COUNT,
      handler: async (req, { ids: chosen }) => ({ count: await core.plugins.delete(chosen, req.user!) }),
    }),
    call(core, 'plugin', 'info', 'events', {
      method: 'GET',
      summary: l('Event catalogue of the notify hook', '通知钩子的事件目录', '通知鉤子的事件目錄'),
      input: {},
      access: 'admin',
      effect: 'read',
      answer: listOf(ANY_OBJECT),
      handler: async () => catalogue(),
    }),
  ];
});
