/**
 * The plugin system's shapes that name no implementation: its settings, a change to a plugin row,
 * and what the core exposes of it (`core.plugins`; the class is manager.ts).
 */
import type { AuthUser } from '../entity/define';
import type { StorageAdapter } from './contract';

/** Settings of the plugin system (environment variables in brackets). */
export interface PluginSettings {
  /** Milliseconds between two syncs with the rows (PLUGIN_SYNC_SECONDS, default 5). */
  syncMs: number;
  /** Largest package accepted by the upload call, in bytes (PLUGIN_MAX_ZIP_BYTES, default 5 MiB). */
  maxZipBytes: number;
  /** Where packages are unpacked (PLUGIN_DIR, relative to the project; default `data/plugins`). */
  dir: string;
}

/** What an update may change. */
export interface PluginPatch {
  name?: string;
  description?: string;
  status?: 0 | 1;
  config?: unknown;
}

/** The plugin system as the core holds it: its settings, the storage hook and the administrator's actions. */
export interface CorePlugins {
  readonly settings: PluginSettings;
  /** The enabled `upload` plugin's store on this instance, or null (then the local disk). */
  storage(): StorageAdapter | null;
  /** Step 2 of an install; answers the plugin's id. */
  install(uploadId: string, caller: AuthUser): Promise<number>;
  /** Changes a plugin's name, description, status or config. */
  update(id: number, patch: PluginPatch, caller: AuthUser): Promise<void>;
  /** Deletes plugins; answers how many. */
  delete(ids: number[], caller: AuthUser): Promise<number>;
  /** What this instance holds of plugin `keyName`: loaded, enabled here, its error. For the console and tests. */
  state(keyName: string): { loaded: boolean; active: boolean; error: string | null } | null;
}
