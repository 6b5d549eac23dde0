/**
 * The {@link PluginHost} a plugin gets: its key, version and config, the product's own packages
 * (`require` resolves from the project's package.json, so a package ships only its own code), a log
 * written to `plugin/log` as the system, a folder of its own, and the product's Content-Disposition rule.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Core } from '../core';
import { SYSTEM } from '../entity/access';
import { contentDisposition } from '../http/content-disposition';
import { PROJECT_ROOT } from '../paths';
import type { PluginConfig } from './config';
import type { PluginHost } from './contract';

const productRequire = createRequire(join(PROJECT_ROOT, 'package.json'));
const MAX_MESSAGE = 255;
/** A log row's detail beyond this (as JSON) is replaced by a note saying so. */
const MAX_DETAIL_CHARS = 8000;

/** A JSON object copy of `detail` small enough to keep, or null. */
function cleanDetail(detail: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return null;
  let text: string;
  try {
    text = JSON.stringify(detail);
  } catch {
    return { unserializable: true };
  }
  if (text.length > MAX_DETAIL_CHARS) return { truncated: true, size: text.length };
  return JSON.parse(text) as Record<string, unknown>;
}

export interface HostOptions {
  keyName: string;
  version: string;
  config: PluginConfig;
  dataDir: string;
}

/** Writes one row of the plugin log as the system; never throws (a failure goes to `onError`). */
export async function writePluginLog(
  core: Core,
  keyName: string,
  level: 'info' | 'error',
  message: string,
  detail: Record<string, unknown> | undefined,
  onError: (err: unknown) => void,
): Promise<void> {
  try {
    const text = [...String(message ?? '')].slice(0, MAX_MESSAGE).join('');
    await core.ops.add(
      core.model.system('pluginLogs'),
      { keyName, level: level === 'error' ? 'error' : 'info', message: text, detail: cleanDetail(detail) },
      SYSTEM,
    );
  } catch (err) {
    onError(err);
  }
}

/** The host of one load of a plugin. */
export function makeHost(core: Core, o: HostOptions, onError: (err: unknown) => void): PluginHost {
  return {
    keyName: o.keyName,
    version: o.version,
    config: o.config,
    dataDir: o.dataDir,
    require: (id: string) => productRequire(id),
    log: (level, message, detail) => writePluginLog(core, o.keyName, level, message, detail, onError),
    contentDisposition,
  };
}
