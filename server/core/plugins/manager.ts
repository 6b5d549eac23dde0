/**
 * The plugin system of a running core (issue 19 item 4; the contract is contract.ts).
 *
 * The rows are the truth: `plugin/info` (one row per installed plugin: status, config, the sha256
 * and package row of the installed version) and `plugin/package` (the zips, base64, in the
 * database). Every instance keeps the installed plugins loaded from its own unpacked copy under
 * PLUGIN_DIR (default `data/plugins`) and re-checks the rows every PLUGIN_SYNC_SECONDS (default 5)
 * and at once after a local write to `plugin/info` (see runtime.ts for what a change reloads).
 *
 * Hooks: {@link storage} answers the enabled `upload` plugin's adapter (the upload call and
 * `comm/uploadMode` ask it on every request); {@link written}, called after every committed write
 * through the operations, turns the rows the catalogue reports (events.ts) into events for the
 * enabled `notify` plugin. One plugin per hook may be enabled (checked by `update`).
 *
 * The administrator's actions (actions.ts), the periodic sync and the sync after a write run one
 * at a time on an instance, so they never interleave their loads and swaps.
 */
import { join, resolve } from 'node:path';
import type { Core } from '../core';
import type { AuthUser } from '../entity/define';
import type { Entity } from '../entity/model';
import type { RowChange } from '../crud/totals';
import { DATA_DIR, PROJECT_ROOT } from '../paths';
import type { Notifier, PluginEvent, StorageAdapter } from './contract';
import { checkCatalogue, eventsOf, hasEvents } from './events';
import { deletePlugins, installUpload, updatePlugin } from './actions';
import { messageOf, PluginRuntime } from './runtime';
import type { CorePlugins, PluginPatch, PluginSettings } from './types';

/** The plugin settings from the environment. */
export function pluginSettings(env: Record<string, string | undefined>): PluginSettings {
  const num = (v: string | undefined, d: number, min: number) => (v && Number.isFinite(Number(v)) ? Math.max(min, Number(v)) : d);
  return {
    syncMs: Math.round(num(env.PLUGIN_SYNC_SECONDS, 5, 0.1) * 1000),
    maxZipBytes: Math.floor(num(env.PLUGIN_MAX_ZIP_BYTES, 5 * 1024 * 1024, 1024)),
    dir: env.PLUGIN_DIR ? resolve(PROJECT_ROOT, env.PLUGIN_DIR) : join(DATA_DIR, 'plugins'),
  };
}

/** The plugin system of one process (see the file's comment). */
export class PluginManager implements CorePlugins {
  private rt: PluginRuntime | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The tail of the queue of actions and syncs. */
  private queue: Promise<unknown> = Promise.resolve();
  /** A sync is queued and has not begun: another request joins it. */
  private syncQueued: Promise<void> | null = null;
  private closed = false;

  constructor(
    readonly settings: PluginSettings,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Checks the event catalogue, loads the installed plugins and starts the periodic sync. */
  async start(core: Core): Promise<void> {
    checkCatalogue(core.model);
    this.rt = new PluginRuntime(core, this.settings.dir, this.onError);
    await this.sync();
    this.timer = setInterval(() => void this.sync(), this.settings.syncMs);
    this.timer.unref();
  }

  private get runtime(): PluginRuntime {
    if (!this.rt) throw new Error('the plugin system has not started');
    return this.rt;
  }

  /** Runs `fn` after every action and sync queued before it. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Brings this instance in line with the rows (queued; joins a sync already waiting). Never throws. */
  sync(): Promise<void> {
    if (!this.rt || this.closed) return Promise.resolve();
    this.syncQueued ??= this.exclusive(async () => {
      this.syncQueued = null;
      if (!this.closed) await this.runtime.sync();
    });
    return this.syncQueued;
  }

  /** The enabled `upload` plugin's store on this instance, or null (then the local disk). */
  storage(): StorageAdapter | null {
    return (this.rt?.active('upload')?.impl as StorageAdapter | undefined) ?? null;
  }

  /** The enabled `notify` plugin's notifier on this instance, or null. */
  notifier(): Notifier | null {
    return (this.rt?.active('notify')?.impl as Notifier | undefined) ?? null;
  }

  /**
   * After a committed write through the operations (app.ts): a write to `plugin/info` syncs this
   * instance (queued, not awaited); rows the catalogue reports become events handed to the enabled
   * notifier, whose answer is not awaited and whose errors are logged: a write is never delayed or
   * failed by a plugin. Never throws.
   */
  async written(e: Entity, rows: RowChange[] | null): Promise<void> {
    if (!this.rt || this.closed) return;
    if (e.system === 'plugins') void this.sync();
    if (!hasEvents(e)) return;
    const active = this.rt.active('notify');
    if (!active) return;
    let events: PluginEvent[];
    try {
      events = eventsOf(e, rows);
    } catch (err) {
      return this.onError(err);
    }
    const notifier = active.impl as Notifier;
    for (const event of events) {
      const failed = (err: unknown) => void this.rt?.log(active.keyName, 'error', 'send failed', { event: event.name, id: event.id, error: messageOf(err) });
      try {
        const r = notifier.send(event);
        if (r && typeof (r as Promise<void>).then === 'function') (r as Promise<void>).catch(failed);
      } catch (err) {
        failed(err);
      }
    }
  }

  /** Step 2 of an install (actions.ts `installUpload`); answers the plugin's id. */
  install(uploadId: string, caller: AuthUser): Promise<number> {
    return this.exclusive(() => installUpload(this.runtime, uploadId, caller));
  }

  /** Changes a plugin's name, description, status or config (actions.ts `updatePlugin`). */
  update(id: number, patch: PluginPatch, caller: AuthUser): Promise<void> {
    return this.exclusive(() => updatePlugin(this.runtime, id, patch, caller));
  }

  /** Deletes plugins (actions.ts `deletePlugins`); answers how many. */
  delete(ids: number[], caller: AuthUser): Promise<number> {
    return this.exclusive(() => deletePlugins(this.runtime, ids, caller));
  }

  /** What this instance holds of plugin `keyName`: loaded, enabled here, its error. For the console and tests. */
  state(keyName: string): { loaded: boolean; active: boolean; error: string | null } | null {
    const p = this.rt?.loaded.get(keyName);
    if (!p) return null;
    return { loaded: !!p.module && !p.error, active: p.status === 1 && !!p.impl && !p.error, error: p.error };
  }

  /** Stops the sync and closes every notifier (their retries end); the unpacked folders stay. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue;
    await this.rt?.closeAll();
  }
}
