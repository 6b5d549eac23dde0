/**
 * The administrator's plugin actions on the instance that receives them: install (step 2 of 2),
 * update (name, description, status, config) and delete, with the lifecycle calls of the contract
 * (`install` and `load` on install; `enable`/`disable` on a status switch; `load` again after a
 * config change; `disable` and `remove` on delete). The rows are written through the operations;
 * this instance swaps what it holds at once, the others follow their rows on their next sync.
 * The manager runs these one at a time (manager.ts).
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Core } from '../core';
import type { AuthUser, Row } from '../entity/define';
import { and, eq, isIn, ne } from '../condition';
import { fail } from '../errors';
import type { PluginModule } from './contract';
import { checkConfig } from './config';
import { readPackage } from './package-reader';
import { PLUGIN } from './plugin.messages';
import { PACKAGE_STATUS, pendingUpload, pluginRow, pluginRowByKey, pluginRows } from './rows';
import { closeImpl, messageOf, signature, within, type Loaded, type PluginRuntime } from './runtime';
import { isUnpacked, removePluginFiles, unpack } from './unpack';
import { requireFresh } from './loader';
import type { PluginPatch } from './types';

const plugins = (core: Core) => core.model.system('plugins');
const packages = (core: Core) => core.model.system('pluginPackages');

/** Puts the row as now stored in service with the module state of `entry`. */
async function adopt(rt: PluginRuntime, id: number, entry: Omit<Loaded, 'sig' | 'status' | 'id'>): Promise<void> {
  const row = await pluginRow(rt.core, id);
  if (!row) return;
  await rt.swap({ ...entry, id, sig: signature(row), status: Number(row.status) });
}

/**
 * Installs upload `uploadId` (see plugins-api: step 2): unpack, require, `install(host)` (a throw
 * refuses the install, nothing saved), `load(host)` (a throw saves the plugin as failed), then the
 * row is added (status 0) or, for an upgrade, updated (config and status kept). Answers its id.
 */
export async function installUpload(rt: PluginRuntime, uploadId: string, caller: AuthUser): Promise<number> {
  const core = rt.core;
  const upload = await pendingUpload(core, uploadId);
  if (!upload || typeof upload.data !== 'string') throw fail.bad(PLUGIN.plugin_upload_unknown);
  const zip = Buffer.from(upload.data, 'base64');
  if (createHash('sha256').update(zip).digest('hex') !== upload.sha256) throw fail.bad(PLUGIN.plugin_upload_unknown);
  const pkg = await readPackage(zip);
  const m = pkg.manifest;
  const existing = await pluginRowByKey(core, m.keyName);
  if (existing?.hook && existing.hook !== m.hook) throw fail.bad(PLUGIN.plugin_hook_changed, { hook: m.hook, was: String(existing.hook) });
  const status = existing ? Number(existing.status) : 0;
  const wasUnpacked = isUnpacked(rt.root, m.keyName, pkg.sha256);
  const dir = await unpack(rt.root, m.keyName, pkg.sha256, pkg.files);
  const host = await rt.hostFor(m.keyName, m.version, existing?.config ?? {}, m);
  let module: PluginModule | null = null;
  let error: string | null = null;
  try {
    module = requireFresh(dir);
  } catch (err) {
    error = messageOf(err);
  }
  if (module) {
    try {
      await within('install', () => module!.install?.(host));
    } catch (err) {
      // A new plugin leaves nothing behind; an upgrade loses only the version it brought.
      if (!existing) await removePluginFiles(rt.root, m.keyName);
      else if (!wasUnpacked && rt.loaded.get(m.keyName)?.dir !== dir) await rm(dir, { recursive: true, force: true });
      throw fail.bad(PLUGIN.plugin_install_failed, { message: messageOf(err) });
    }
    try {
      await within('load', () => module!.load?.(host));
    } catch (err) {
      error = messageOf(err);
    }
  }
  let impl: Loaded['impl'] = null;
  if (module && !error && status === 1) {
    try {
      impl = await rt.makeImpl(module, m.hook, host);
    } catch (err) {
      error = messageOf(err);
    }
  }
  const fields: Row = {
    name: m.name,
    description: m.description ?? '',
    keyName: m.keyName,
    hook: m.hook,
    readme: pkg.readme,
    version: m.version,
    logo: m.logo || null,
    author: m.author ?? '',
    pluginJson: m,
  };
  const own = { sha256: pkg.sha256, packageId: Number(upload.id), error };
  let id: number;
  try {
    id = await core.ops.transaction(caller, async (t) => {
      // Claims the upload: of two installs of it, one goes through.
      const claimed = await t.updateWhere(packages(core), and(eq('id', Number(upload.id)), eq('status', PACKAGE_STATUS.uploaded)), {
        status: PACKAGE_STATUS.installed,
      });
      if (claimed !== 1) throw fail.bad(PLUGIN.plugin_upload_unknown);
      await t.updateWhere(packages(core), and(eq('keyName', m.keyName), eq('status', PACKAGE_STATUS.installed), ne('id', Number(upload.id))), {
        status: PACKAGE_STATUS.replaced,
      });
      const rowId = existing ? Number(existing.id) : await t.addOne(plugins(core), { ...fields, status: 0, config: {} });
      await t.updateWhere(plugins(core), rowId, existing ? { ...fields, ...own } : own);
      return rowId;
    });
  } catch (err) {
    await closeImpl(impl, rt.onError);
    throw err;
  }
  await adopt(rt, id, { keyName: m.keyName, hook: m.hook, version: m.version, dir, module, host, impl, error });
  await rt.log(m.keyName, error ? 'error' : 'info', error ? 'installed, load failed' : 'installed', {
    version: m.version,
    sha256: pkg.sha256,
    ...(error ? { error } : {}),
  });
  return id;
}

/** Runs a lifecycle call whose throw must not stop what follows; answers the error, if any. */
async function quietly(what: string, fn: () => unknown): Promise<string | null> {
  try {
    await within(what, fn);
    return null;
  } catch (err) {
    return messageOf(err);
  }
}

/**
 * Updates plugin `id` (see plugins-api `update`): the config checked against the manifest's schema
 * (1002), secrets left empty kept; enabling refused (1001) for a failed plugin, when another plugin
 * of the hook is enabled, or when `enable(host)` or the hook's export throws; disabling calls
 * `disable(host)` (a throw is logged, the plugin is disabled all the same). A new config reloads
 * the plugin here (a fresh require and `load`); a load that fails then leaves it failed, unless the
 * same call enables it, which is refused instead (nothing saved).
 */
export async function updatePlugin(rt: PluginRuntime, id: number, patch: PluginPatch, caller: AuthUser): Promise<void> {
  const core = rt.core;
  const row = await pluginRow(core, id);
  if (!row) throw fail.notFound('record_not_found');
  const keyName = String(row.keyName);
  let config = row.config ?? {};
  if (patch.config !== undefined) {
    const r = checkConfig(patch.config, row.config, row.pluginJson);
    if (r.errors.length) throw fail.invalid(r.errors);
    config = r.value!;
  }
  const configChanged = JSON.stringify(config) !== JSON.stringify(row.config ?? {});
  const was = Number(row.status);
  const next = patch.status ?? was;
  const enabling = next === 1 && was !== 1;
  const disabling = next === 0 && was === 1;
  if (enabling) {
    const failure = row.error ? String(row.error) : !row.sha256 ? 'not installed' : null;
    if (failure) throw fail.bad(PLUGIN.plugin_failed, { message: failure });
    const other = (await pluginRows(core)).find((r) => Number(r.id) !== id && r.hook === row.hook && Number(r.status) === 1);
    if (other) throw fail.bad(PLUGIN.plugin_hook_taken, { name: String(other.name), hook: String(row.hook) });
  }
  const changes: Row = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.description !== undefined) changes.description = patch.description;
  const write = (extra: Row) => core.ops.transaction(caller, (t) => t.updateWhere(plugins(core), id, { ...changes, ...extra }));
  const cur = rt.loaded.get(keyName)?.id === id ? rt.loaded.get(keyName)! : null;
  const disableCurrent = async () => {
    const failed = cur?.module && cur.host ? await quietly('disable', () => cur.module!.disable?.(cur.host!)) : null;
    if (failed) await rt.log(keyName, 'error', 'disable failed', { error: failed });
  };

  if (!configChanged && !enabling) {
    if (disabling) await disableCurrent();
    if (disabling || Object.keys(changes).length) await write(disabling ? { status: 0 } : {});
    if (disabling && cur) await adopt(rt, id, { ...cur, impl: null });
    if (disabling) await rt.log(keyName, 'info', 'disabled');
    return;
  }

  // A new config is loaded afresh; enabling with the same config uses the module loaded here, if it loaded fine.
  const reuse = !configChanged && cur?.module && cur.host && !cur.error;
  const entry = reuse ? cur! : await rt.prepare({ ...row, config, status: 0 }, { impl: false });
  if (entry.error && enabling) throw fail.bad(PLUGIN.plugin_enable_failed, { message: entry.error });
  if (enabling) {
    const failed = await quietly('enable', () => entry.module!.enable?.(entry.host!));
    if (failed) throw fail.bad(PLUGIN.plugin_enable_failed, { message: failed });
  }
  let impl: Loaded['impl'] = null;
  let error = entry.error;
  if (next === 1 && !error) {
    try {
      impl = await rt.makeImpl(entry.module!, entry.hook, entry.host!);
    } catch (err) {
      if (enabling) {
        await quietly('disable', () => entry.module!.disable?.(entry.host!));
        throw fail.bad(PLUGIN.plugin_enable_failed, { message: messageOf(err) });
      }
      error = messageOf(err);
    }
  }
  if (disabling) await disableCurrent();
  try {
    await core.ops.transaction(caller, async (t) => {
      await t.lock(plugins(core), id);
      if (enabling) {
        const rivals = await t.lock(plugins(core), and(eq('hook', String(row.hook)), eq('status', 1), ne('id', id)));
        if (rivals.length) throw fail.bad(PLUGIN.plugin_hook_taken, { name: String(rivals[0].name), hook: String(row.hook) });
      }
      await t.updateWhere(plugins(core), id, { ...changes, config, status: next, error });
    });
  } catch (err) {
    if (enabling) await quietly('disable', () => entry.module?.disable?.(entry.host!));
    await closeImpl(impl, rt.onError);
    throw err;
  }
  await adopt(rt, id, { ...entry, impl, error });
  if (enabling || disabling) await rt.log(keyName, 'info', enabling ? 'enabled' : 'disabled');
  if (error && error !== row.error) await rt.log(keyName, 'error', 'load failed', { error });
}

/**
 * Deletes plugins `ids`: `disable` (when enabled) and `remove`, each throw logged and passed over
 * (a broken plugin must stay removable); then the rows and their package rows are purged (no
 * recycle record: a plugin without its package cannot be restored, and its config holds secrets),
 * and its folder here removed. Other instances unload it on their next sync. Answers the count.
 */
export async function deletePlugins(rt: PluginRuntime, ids: number[], caller: AuthUser): Promise<number> {
  const core = rt.core;
  const rows: Row[] = [];
  for (const id of ids) {
    const row = await pluginRow(core, id);
    if (!row) throw fail.notFound('record_not_found');
    rows.push(row);
  }
  for (const row of rows) {
    const keyName = String(row.keyName);
    const cur = rt.loaded.get(keyName);
    if (cur?.module && cur.host && cur.id === Number(row.id)) {
      const call = async (name: 'disable' | 'remove') => {
        try {
          await within(name, () => cur.module![name]?.(cur.host!));
        } catch (err) {
          await rt.log(keyName, 'error', `${name} failed`, { error: messageOf(err) });
        }
      };
      if (Number(row.status) === 1) await call('disable');
      await call('remove');
    }
    await rt.unload(keyName, false);
  }
  const keyNames = rows.map((r) => String(r.keyName));
  await core.ops.transaction(caller, async (t) => {
    await t.purge(plugins(core), isIn('id', ids));
    await t.purge(packages(core), isIn('keyName', keyNames));
  });
  for (const keyName of keyNames) {
    await removePluginFiles(rt.root, keyName).catch(rt.onError);
    await rt.log(keyName, 'info', 'deleted');
  }
  return rows.length;
}
