/** The one file store of a running core, made on first use from its configuration. */
import type { Core } from '../../core/core';
import { DATA_DIR, PROJECT_ROOT } from '../../core/paths';
import { createStorage, type StorageAdapter } from '../../adapters/storage.adapter';

const byCore = new WeakMap<Core, StorageAdapter>();

export function storageFor(core: Core): StorageAdapter {
  let s = byCore.get(core);
  if (!s) {
    s = createStorage(core.config.env, { projectRoot: PROJECT_ROOT, dataDir: DATA_DIR });
    byCore.set(core, s);
  }
  return s;
}
