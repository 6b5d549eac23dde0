/**
 * What one instance holds of the installed plugins: for each, the module loaded from its unpacked
 * package, its host, and (when it is enabled) its hook's implementation, kept equal to the rows.
 *
 * A row is (re)loaded when its (id, status, sha256, packageId, config) differ from what was loaded:
 * a fresh require of its folder (unpacked from the package row first when missing here), `load`,
 * and, when enabled, the hook's export. Rows without a sha256 were never installed through
 * `install` (rows of the spec's generic data) and are left alone.
 *
 * While a plugin reloads, its previous implementation keeps serving the hook; the new one replaces
 * it once built, and the previous notifier is closed then. When the new load fails, the hook is left
 * with no implementation (uploads go to the local disk, events are dropped) and the row's `error`
 * says why. A failed plugin is tried again only when its row changes as above (a new config, a
 * re-install, a status switch) or when the server restarts: not on every sync.
 */
import type { Core } from '../core';
import type { Row } from '../entity/define';
import { SYSTEM } from '../entity/access';
import { AppError } from '../errors';
import { t } from '../i18n/messages';
import type { Notifier, PluginHook, PluginHost, PluginManifest, PluginModule, StorageAdapter } from './contract';
import { effectiveConfig } from './config';
import { isHook } from './manifest';
import { makeHost, writePluginLog } from './host';
import { forget, requireFresh } from './loader';
import { readPackage } from './package-reader';
import { packageRow, packageRowBySha, pluginRows } from './rows';
import { dataDir, isUnpacked, removeOtherVersions, removePluginFiles, unpack, versionDir } from './unpack';
import { createHash } from 'node:crypto';

/** One plugin as this instance holds it. */
export interface Loaded {
  id: number;
  keyName: string;
  hook: PluginHook;
  version: string;
  /** What the row was when loaded (see {@link signature}); a different one reloads it. */
  sig: string;
  status: number;
  /** The unpacked folder, or null when the package could not be unpacked. */
  dir: string | null;
  /** The loaded module, or null when its entry could not be required. */
  module: PluginModule | null;
  host: PluginHost | null;
  /** The hook's implementation while enabled and loaded fine. */
  impl: StorageAdapter | Notifier | null;
  /** Why it failed to load (also in the row's `error`), or null. */
  error: string | null;
}

/** The parts of a plugin row whose change reloads it on every instance. */
export function signature(row: Row): string {
  return JSON.stringify([Number(row.id), Number(row.status), row.sha256 ?? null, Number(row.packageId ?? 0), row.config ?? null]);
}

const MAX_ERROR = 1000;
/**
 * The longest a lifecycle call or a hook's export may take: one that hangs (an unreachable bucket
 * behind no timeout of its own) counts as a throw, so it never holds the plugin actions queued
 * behind it.
 */
export const CALL_TIMEOUT_MS = 30_000;

/** Runs a lifecycle call (`what` names it in the error), bounded by {@link CALL_TIMEOUT_MS}. */
export async function within<T>(what: string, fn: () => T | Promise<T>, ms = CALL_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([Promise.resolve().then(fn), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A thrown value as text (an AppError in English), for the row's `error` and the envelope. */
export function messageOf(err: unknown): string {
  const text = err instanceof AppError ? t('en', err.key, err.params) : err instanceof Error ? err.message : String(err);
  return (text || 'failed').slice(0, MAX_ERROR);
}

/** Checks what a hook's export made: a StorageAdapter for `upload`, a Notifier for `notify`. */
function checkImpl(hook: PluginHook, impl: unknown): StorageAdapter | Notifier {
  const o = impl as Record<string, unknown> | null;
  const fns = hook === 'upload' ? ['put', 'head', 'get', 'delete', 'url'] : ['send'];
  if (!o || typeof o !== 'object' || fns.some((f) => typeof o[f] !== 'function'))
    throw new Error(`the "${hook}" hook answered no ${hook === 'upload' ? 'storage adapter' : 'notifier'}`);
  if (hook === 'upload' && typeof o.mode !== 'string') throw new Error('the storage adapter has no mode');
  return impl as StorageAdapter | Notifier;
}

/** Stops a notifier being replaced or unloaded; never throws. */
export async function closeImpl(impl: Loaded['impl'], onError: (err: unknown) => void): Promise<void> {
  const close = (impl as Notifier | null)?.close;
  if (typeof close !== 'function') return;
  try {
    await within('close', () => close.call(impl));
  } catch (err) {
    onError(err);
  }
}

export class PluginRuntime {
  readonly loaded = new Map<string, Loaded>();

  constructor(
    readonly core: Core,
    /** Where packages are unpacked (PLUGIN_DIR). */
    readonly root: string,
    readonly onError: (err: unknown) => void,
  ) {}

  /** A host for one load of `keyName` with its stored `config`. */
  async hostFor(keyName: string, version: string, config: unknown, manifest: unknown): Promise<PluginHost> {
    return makeHost(this.core, { keyName, version, config: effectiveConfig(config, manifest), dataDir: await dataDir(this.root, keyName) }, this.onError);
  }

  /** Writes a plugin log row; never throws. */
  log(keyName: string, level: 'info' | 'error', message: string, detail?: Record<string, unknown>): Promise<void> {
    return writePluginLog(this.core, keyName, level, message, detail, this.onError);
  }

  /** The folder of the row's version, unpacked from its package row when missing here. */
  async ensureUnpacked(row: Row): Promise<string> {
    const keyName = String(row.keyName);
    const sha = String(row.sha256);
    if (isUnpacked(this.root, keyName, sha)) return versionDir(this.root, keyName, sha);
    let pkg = row.packageId ? await packageRow(this.core, Number(row.packageId)) : null;
    if (!pkg || pkg.sha256 !== sha) pkg = await packageRowBySha(this.core, keyName, sha);
    if (!pkg || typeof pkg.data !== 'string') throw new Error('the package of this version is missing from the database');
    const zip = Buffer.from(pkg.data, 'base64');
    if (createHash('sha256').update(zip).digest('hex') !== sha) throw new Error('the stored package does not match its sha256');
    const read = await readPackage(zip);
    return unpack(this.root, keyName, sha, read.files);
  }

  /** The hook's implementation made by `module` for `host`; throws when it makes none. */
  async makeImpl(module: PluginModule, hook: PluginHook, host: PluginHost): Promise<StorageAdapter | Notifier> {
    const make = module[hook] as ((h: PluginHost) => unknown) | undefined;
    if (typeof make !== 'function') throw new Error(`index.js exports no "${hook}" hook`);
    return checkImpl(hook, await within(hook, () => make.call(module, host)));
  }

  /**
   * Loads the row's package afresh (require, `load`, and the hook's implementation when the row is
   * enabled and `impl` is asked for). Never throws: a failure is the answer's `error`.
   */
  async prepare(row: Row, opts: { impl: boolean } = { impl: true }): Promise<Loaded> {
    const manifest = (row.pluginJson ?? {}) as PluginManifest;
    const hook = isHook(row.hook) ? row.hook : (manifest.hook as PluginHook);
    const entry: Loaded = {
      id: Number(row.id),
      keyName: String(row.keyName),
      hook,
      version: String(row.version ?? manifest.version ?? ''),
      sig: signature(row),
      status: Number(row.status),
      dir: null,
      module: null,
      host: null,
      impl: null,
      error: null,
    };
    try {
      if (!isHook(hook)) throw new Error('the plugin names no hook the product calls');
      entry.dir = await this.ensureUnpacked(row);
      entry.host = await this.hostFor(entry.keyName, entry.version, row.config, manifest);
      entry.module = requireFresh(entry.dir);
      const { module, host } = entry;
      await within('load', () => module.load?.(host));
      if (opts.impl && entry.status === 1) entry.impl = await this.makeImpl(entry.module, hook, entry.host);
    } catch (err) {
      entry.error = messageOf(err);
      entry.impl = null;
    }
    return entry;
  }

  /** Puts `next` in service for its key; the implementation it replaces is closed. */
  async swap(next: Loaded): Promise<void> {
    const old = this.loaded.get(next.keyName);
    this.loaded.set(next.keyName, next);
    if (old?.impl && old.impl !== next.impl) await closeImpl(old.impl, this.onError);
    if (old?.dir && old.dir !== next.dir) forget(old.dir);
    if (!next.error && next.dir) await removeOtherVersions(this.root, next.keyName, next.dir.split(/[\\/]/).pop()!).catch(this.onError);
  }

  /** Takes `keyName` out of service (its notifier closed); with `files`, removes its folder here. */
  async unload(keyName: string, files: boolean): Promise<void> {
    const old = this.loaded.get(keyName);
    this.loaded.delete(keyName);
    if (old?.impl) await closeImpl(old.impl, this.onError);
    if (old?.dir) forget(old.dir);
    if (files) await removePluginFiles(this.root, keyName).catch(this.onError);
  }

  /** The enabled plugin serving `hook` here, if one loaded fine. */
  active(hook: PluginHook): Loaded | null {
    for (const p of this.loaded.values()) if (p.hook === hook && p.status === 1 && p.impl && !p.error) return p;
    return null;
  }

  /** Writes the row's `error` when it differs from `error` (null clears it). */
  async recordError(row: Row, error: string | null): Promise<void> {
    if ((row.error ?? null) === error) return;
    const plugins = this.core.model.system('plugins');
    await this.core.ops.transaction(SYSTEM, (tx) => tx.updateWhere(plugins, Number(row.id), { error }));
  }

  /** Makes what this instance holds equal to the rows (see the file's comment). Never throws. */
  async sync(): Promise<void> {
    let rows: Row[];
    try {
      rows = await pluginRows(this.core);
    } catch (err) {
      return this.onError(err);
    }
    const present = new Set<string>();
    for (const row of rows) {
      if (!row.sha256) continue;
      const keyName = String(row.keyName);
      present.add(keyName);
      if (this.loaded.get(keyName)?.sig === signature(row)) continue;
      try {
        const next = await this.prepare(row);
        await this.swap(next);
        if (next.error && next.error !== row.error) await this.log(keyName, 'error', 'load failed', { error: next.error, version: next.version });
        await this.recordError(row, next.error);
      } catch (err) {
        this.onError(err);
      }
    }
    for (const keyName of [...this.loaded.keys()]) if (!present.has(keyName)) await this.unload(keyName, true);
  }

  /** Unloads everything (the server stops); the folders stay. */
  async closeAll(): Promise<void> {
    for (const keyName of [...this.loaded.keys()]) await this.unload(keyName, false);
  }
}
