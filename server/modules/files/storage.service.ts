/**
 * The file stores of a running core. `storageFor` is where uploads go now: the enabled `upload`
 * plugin's adapter when there is one on this instance (asked on every request, so enabling or
 * disabling the plugin takes effect at once), else the local disk. `localStorageFor` is always the
 * local disk, made on first use from the configuration: the `/upload/...` and `/private/...` file
 * routes serve from it, since the urls it hands out are the local store's (a plugin's files have urls
 * of their own); its private urls are signed with the installation's shared `private-file` key.
 */
import { DATA_DIR, PROJECT_ROOT } from '../../core/api';
import type { Core } from '../../core/api';
import { createStorage, type StorageAdapter } from '../../adapters/storage.adapter';

const byCore = new WeakMap<Core, StorageAdapter>();

/** The local disk store of `core`. */
export function localStorageFor(core: Core): StorageAdapter {
  let s = byCore.get(core);
  if (!s) {
    s = createStorage(core.config.env, { projectRoot: PROJECT_ROOT, dataDir: DATA_DIR }, core.secrets.derive('private-file'));
    byCore.set(core, s);
  }
  return s;
}

/** The store new uploads go to: the enabled upload plugin's, or the local disk. */
export function storageFor(core: Core): StorageAdapter {
  return core.plugins.storage() ?? localStorageFor(core);
}
