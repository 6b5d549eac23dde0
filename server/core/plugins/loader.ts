/**
 * Loads an unpacked package: a fresh `require` of its `index.js` (every module of its folder is
 * dropped from Node's cache first), so a reload after a config change gets new module state, and
 * nothing of an earlier load (timers aside, which `close` and `disable` stop) is shared. The entry
 * is CommonJS; its exports are `module.exports` or their `default`.
 */
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import type { PluginModule } from './contract';

const LIFECYCLE = ['install', 'load', 'enable', 'disable', 'remove', 'upload', 'notify'] as const;

/** Requires `<dir>/index.js` afresh; throws what the entry throws, or when it exports no object. */
export function requireFresh(dir: string): PluginModule {
  const entry = join(dir, 'index.js');
  const req = createRequire(entry);
  for (const key of Object.keys(req.cache)) if (key.startsWith(dir + sep)) delete req.cache[key];
  const exported = req(entry) as unknown;
  const mod = (exported && typeof exported === 'object' && 'default' in exported && (exported as { default: unknown }).default) || exported;
  if (!mod || (typeof mod !== 'object' && typeof mod !== 'function')) throw new Error('index.js exports nothing');
  for (const name of LIFECYCLE) {
    const v = (mod as Record<string, unknown>)[name];
    if (v !== undefined && typeof v !== 'function') throw new Error(`index.js: the export "${name}" is not a function`);
  }
  return mod as PluginModule;
}

/** Drops a folder's modules from Node's cache (the plugin was unloaded). */
export function forget(dir: string): void {
  const req = createRequire(join(dir, 'index.js'));
  for (const key of Object.keys(req.cache)) if (key.startsWith(dir + sep)) delete req.cache[key];
}
