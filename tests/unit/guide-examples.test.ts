/**
 * The worked examples of docs/guide stay true: every code block marked `<!-- guide-check: entity
 * module/name -->` is evaluated as the entity file it shows (as the running server evaluates a
 * source file, server/core/entity/source-eval.ts) and normalized, and must declare that entity; a
 * block marked `<!-- guide-check: task name -->` must register that task handler; a block marked
 * `<!-- guide-check: plugin -->` is a plugin's index.js whose `notify` export must answer a notifier;
 * a block marked `<!-- guide-check: compile folder -->` must type-check as a file of that folder (a
 * call's routes file beside its module's, a server test beside tests/server), with the project's
 * options (tests/tsconfig.json under tests/), so its imports, helpers and types are the real ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as api from '../../server/core/api';
import type { EntityDecl } from '../../server/core/entity/define';
import { normalizeEntity } from '../../server/core/entity/normalize';
import { taskHandler } from '../../server/core/scheduler/registry';

const ROOT = resolve(__dirname, '../..');
const GUIDE = join(ROOT, 'docs/guide');

/** The tsconfig whose options a file of `folder` (relative to the repository) is compiled with. */
const projectOf = (folder: string) => join(ROOT, folder.startsWith('tests/') ? 'tests/tsconfig.json' : 'tsconfig.json');

/** Where a compiled example sits: a new file of its folder, named after its guide and line. */
const exampleFile = (e: Example) => join(ROOT, e.name, `guide-${e.file.replace(/\.md$/, '')}-${e.line}${e.name.startsWith('tests/') ? '.test' : ''}.ts`);

/**
 * The diagnostics of each example compiled as a new file of its folder, with the options of the
 * tsconfig that holds that folder; one program per tsconfig. The files exist only in the compiler's
 * host: their relative imports resolve among the folder's real files, and nothing is written.
 */
function compileExamples(list: Example[]): Map<Example, string[]> {
  const out = new Map<Example, string[]>();
  for (const project of new Set(list.map((e) => projectOf(e.name)))) {
    const mine = list.filter((e) => projectOf(e.name) === project);
    const code = new Map(mine.map((e) => [exampleFile(e), e.code]));
    const { options } = ts.parseJsonConfigFileContent(ts.readConfigFile(project, ts.sys.readFile).config, ts.sys, resolve(project, '..'));
    const host = ts.createCompilerHost({ ...options, noEmit: true });
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (f) => code.has(f) || fileExists.call(host, f);
    host.readFile = (f) => code.get(f) ?? readFile.call(host, f);
    host.getSourceFile = (f, lang, ...rest) => (code.has(f) ? ts.createSourceFile(f, code.get(f)!, lang, true) : getSourceFile.call(host, f, lang, ...rest));
    const program = ts.createProgram([...code.keys()], { ...options, noEmit: true }, host);
    const found = ts.getPreEmitDiagnostics(program).map((d) => ({
      file: d.file?.fileName,
      text: `${d.file ? `${d.file.fileName.slice(ROOT.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    }));
    // An error outside every example (the code it imports) is shown with each of them.
    for (const e of mine)
      out.set(
        e,
        found.filter((d) => d.file === exampleFile(e) || !code.has(d.file ?? '')).map((d) => d.text),
      );
  }
  return out;
}

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
  /** The line of the guide the block starts on. */
  line: number;
  code: string;
}

function examples(): Example[] {
  const out: Example[] = [];
  for (const file of readdirSync(GUIDE).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(GUIDE, file), 'utf8');
    const re = /<!-- guide-check: (\w+) ?([\w/.-]*) -->\s*\n\s*```\w*\n([\s\S]*?)\n\s*```/g;
    for (const m of text.matchAll(re))
      out.push({ file, kind: m[1], name: m[2], line: text.slice(0, m.index).split('\n').length, code: m[3].replace(/^ {3}/gm, '') });
  }
  return out;
}

describe("the guides' worked examples", () => {
  const all = examples();

  it('are found (each guide that promises one marks it)', () => {
    expect(all.map((e) => `${e.file}: ${e.kind}`)).toEqual(
      expect.arrayContaining([
        'add-a-field.md: entity',
        'add-an-entity.md: entity',
        'add-a-task.md: task',
        'write-a-plugin.md: plugin',
        'declare-a-call.md: compile',
      ]),
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

  it('declare-a-call.md compiles its call, its rule, its messages and its test', () => {
    const folders = all.filter((e) => e.file === 'declare-a-call.md' && e.kind === 'compile').map((e) => e.name);
    expect(folders.filter((f) => f.startsWith('server/modules/')).length).toBeGreaterThanOrEqual(3);
    expect(folders).toContain('tests/server');
  });

  const compiled = all.filter((x) => x.kind === 'compile');
  let diagnostics: Map<Example, string[]> | undefined;
  for (const e of compiled) {
    it(`${e.file}:${e.line}: compiles as a file of ${e.name}`, () => {
      diagnostics ??= compileExamples(compiled);
      expect(diagnostics.get(e)).toEqual([]);
    }, 120_000);
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
