/**
 * The worked examples of docs/guide stay true: every code block marked `<!-- guide-check: entity
 * module/name -->` is evaluated as the entity file it shows (as the running server evaluates a
 * source file, server/core/entity/source-eval.ts) and normalized, and must declare that entity; a
 * block marked `<!-- guide-check: task name -->` must register that task handler; a block marked
 * `<!-- guide-check: plugin -->` is a plugin's index.js whose `notify` export must answer a notifier.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import * as api from '../../server/core/api';
import type { EntityDecl } from '../../server/core/entity/define';
import { normalizeEntity } from '../../server/core/entity/normalize';
import { taskHandler } from '../../server/core/scheduler/registry';

const GUIDE = resolve(__dirname, '../../docs/guide');

/** Runs a TypeScript example that imports only the core's public API; answers its exports. */
async function run(code: string): Promise<Record<string, unknown>> {
  const { ts } = await import('ts-morph');
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const mod = { exports: {} as Record<string, unknown> };
  const req = (spec: string) => {
    if (/(^|\/)server\/core\/api$|^\.\.\/(\.\.\/)*core\/api$/.test(spec)) return api;
    throw new Error(`the example imports ${spec}; a guide's example imports the core's API only`);
  };
  runInNewContext(js, { module: mod, exports: mod.exports, require: req });
  return mod.exports;
}

interface Example {
  file: string;
  kind: string;
  name: string;
  code: string;
}

function examples(): Example[] {
  const out: Example[] = [];
  for (const file of readdirSync(GUIDE).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(GUIDE, file), 'utf8');
    const re = /<!-- guide-check: (\w+) ?([\w/.-]*) -->\s*\n\s*```\w*\n([\s\S]*?)\n\s*```/g;
    for (const m of text.matchAll(re)) out.push({ file, kind: m[1], name: m[2], code: m[3].replace(/^ {3}/gm, '') });
  }
  return out;
}

describe("the guides' worked examples", () => {
  const all = examples();

  it('are found (each guide that promises one marks it)', () => {
    expect(all.map((e) => `${e.file}: ${e.kind}`)).toEqual(
      expect.arrayContaining(['add-a-field.md: entity', 'add-an-entity.md: entity', 'add-a-task.md: task', 'write-a-plugin.md: plugin']),
    );
  });

  for (const e of all.filter((x) => x.kind === 'entity')) {
    it(`${e.file}: declares the entity ${e.name}`, async () => {
      const entity = normalizeEntity((await run(e.code)).default as EntityDecl);
      expect(entity.key).toBe(e.name);
    });
  }

  for (const e of all.filter((x) => x.kind === 'task')) {
    it(`${e.file}: registers the task ${e.name}`, async () => {
      const exported = await run(e.code);
      expect(taskHandler(e.name)).toBe(exported.default);
    });
  }

  for (const e of all.filter((x) => x.kind === 'plugin')) {
    it(`${e.file}: a plugin entry whose notifier takes an event`, async () => {
      const mod = { exports: {} as Record<string, (host: unknown) => unknown> };
      const logged: unknown[] = [];
      const host = {
        keyName: 'example',
        version: '1.0.0',
        config: { url: 'http://127.0.0.1:9/hook' },
        require: () => ({}),
        log: (...a: unknown[]) => logged.push(a),
        dataDir: '/tmp',
      };
      const sent: unknown[] = [];
      const fetch = async (url: string, init: unknown) => {
        sent.push([url, init]);
        return { ok: true, status: 200 };
      };
      runInNewContext(e.code, { module: mod, exports: mod.exports, fetch, JSON, console });
      const notifier = (await mod.exports.notify(host)) as { send(ev: unknown): unknown; close(): unknown };
      await notifier.send({ name: 'order.paid', id: 'x', time: new Date(0).toISOString(), data: { id: 1 } });
      await notifier.close();
      expect(sent).toHaveLength(1);
    });
  }
});
