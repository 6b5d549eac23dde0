/** A stub host for the webhook plugin imported on its own (config, a log that collects rows), and its events. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PluginEvent, PluginHost } from '../../server/core/plugins/contract';
import { contentDisposition } from '../../server/core/http/content-disposition';

export const manifest = JSON.parse(readFileSync(join(__dirname, '../../plugins/webhook/plugin.json'), 'utf8'));

export interface LogRow {
  level: 'info' | 'error';
  message: string;
  detail?: Record<string, any>;
}

export type StubHost = PluginHost & { rows: LogRow[] };

export function stubHost(config: Record<string, unknown>): StubHost {
  const rows: LogRow[] = [];
  return {
    keyName: 'webhook',
    version: manifest.version,
    config,
    require: (id) => require(id),
    dataDir: '/nonexistent',
    contentDisposition,
    rows,
    log: async (level, message, detail) => {
      rows.push({ level, message, detail });
    },
  };
}

export function event(name: string, data: Record<string, unknown> = { id: 1 }): PluginEvent {
  return { name, id: randomUUID(), time: new Date().toISOString(), data };
}

export async function waitUntil(check: () => boolean, timeoutMs = 60_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
