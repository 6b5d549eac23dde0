/**
 * plugin/info calls beyond the generic reads (info, list, page), all for the administrator only
 * (guard `admin`: role 1; anonymous 401, anybody else 403; ARCHITECTURE §7 makes the spec's public
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
import type { Core } from '../../core/core';
import { l } from '../../core/entity/define';
import { call, defineRoutes } from '../../core/modules';
import { Fields } from '../../core/http/fields';
import { readJsonBody } from '../../core/http/body';
import type { ApiRequest, Route } from '../../core/http/route';
import { catalogue } from '../../core/plugins/events';
import { packShipped } from '../../core/plugins/shipped';
import type { PluginPatch } from '../../core/plugins/actions';
import { isMultipart, receiveZip } from './zip-upload';
import { shippedList, storeUpload } from './package.service';

const MAX_NAME = 255;

export default defineRoutes((core: Core): Route[] => {
  const plugins = core.model.system('plugins');
  const install = async (req: ApiRequest) => {
    const f = Fields.of(req.body, ['uploadId']);
    const uploadId = f.str('uploadId', 36, true);
    f.done();
    const id = await core.plugins.install(uploadId!, req.user!);
    return core.ops.info(plugins, id, req.user);
  };
  return [
    call(core, 'plugin', 'info', 'shipped', {
      method: 'GET',
      guard: 'admin',
      summary: l('Shipped plugins', '内置插件', '內建外掛'),
      handler: () => shippedList(core),
    }),
    {
      ...call(core, 'plugin', 'info', 'upload', {
        method: 'POST',
        guard: 'admin',
        summary: l('Upload a plugin package (step 1 of 2)', '上传插件包（第 1 步，共 2 步）', '上傳外掛套件（第 1 步，共 2 步）'),
        async handler(req) {
          let zip: Buffer;
          if (isMultipart(req.ctx)) zip = await receiveZip(req.ctx, core.plugins.settings.maxZipBytes);
          else {
            const f = Fields.of(await readJsonBody(req.ctx), ['shipped']);
            const shipped = f.str('shipped', 64, true);
            f.done();
            zip = await packShipped(shipped!);
          }
          return storeUpload(core, zip, req.user!);
        },
      }),
      // The handler reads the body itself: a multipart zip streamed under its own limit, or JSON.
      body: 'raw',
    },
    call(core, 'plugin', 'info', 'install', {
      method: 'POST',
      guard: 'admin',
      summary: l('Install an uploaded plugin (step 2 of 2)', '安装已上传的插件（第 2 步，共 2 步）', '安裝已上傳的外掛（第 2 步，共 2 步）'),
      handler: install,
    }),
    call(core, 'plugin', 'info', 'add', {
      method: 'POST',
      guard: 'admin',
      summary: l('Install an uploaded plugin', '安装已上传的插件', '安裝已上傳的外掛'),
      handler: install,
    }),
    call(core, 'plugin', 'info', 'update', {
      method: 'POST',
      guard: 'admin',
      summary: l('Rename, configure, enable or disable a plugin', '修改、配置、启用或停用插件', '修改、設定、啟用或停用外掛'),
      async handler(req) {
        const f = Fields.of(req.body, ['id', 'name', 'description', 'status', 'config']);
        const id = f.id('id');
        const patch: PluginPatch = {};
        const name = f.str('name', MAX_NAME);
        if (name === null || name === '') f.bad('name', 'required');
        else if (name !== undefined) patch.name = name;
        const description = f.str('description', MAX_NAME);
        if (description !== undefined) patch.description = description ?? '';
        const status = f.int('status', { min: 0, max: 1 });
        if (status !== undefined) patch.status = status as 0 | 1;
        if (f.has('config')) patch.config = f.body.config;
        f.done();
        await core.plugins.update(id!, patch, req.user!);
        return null;
      },
    }),
    call(core, 'plugin', 'info', 'delete', {
      method: 'POST',
      guard: 'admin',
      summary: l('Delete plugins', '删除插件', '刪除外掛'),
      async handler(req) {
        const f = Fields.of(req.body, ['ids']);
        const ids = f.ids('ids');
        f.done();
        return { count: await core.plugins.delete(ids!, req.user!) };
      },
    }),
    call(core, 'plugin', 'info', 'events', {
      method: 'GET',
      guard: 'admin',
      summary: l('Event catalogue of the notify hook', '通知钩子的事件目录', '通知鉤子的事件目錄'),
      handler: async () => catalogue(),
    }),
  ];
});
