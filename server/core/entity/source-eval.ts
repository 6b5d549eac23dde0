/**
 * Turns the TypeScript text of one entity file into its declaration without a build: the running
 * server loads compiled entities from `dist/`, so an entity written while it runs (the code helper,
 * entity/live.ts) or a source file added since the last build is transpiled here and evaluated.
 *
 * Only syntax is checked (transpiling does not type-check); `normalize` then checks the declaration
 * itself. The file's import of the core's `define` module, wherever the file sits, resolves to this
 * process's own copy; any other import is resolved from the file's folder as usual. The TypeScript
 * compiler (through ts-morph, a production dependency) is loaded on the first call only.
 *
 * @example
 * const decl = await evaluateEntitySource('/srv/entities/demo/note.entity.ts', source);
 */
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import * as define from './define';
import type { EntityDecl } from './define';

const DEFINE = /[\\/]server[\\/]core[\\/]entity[\\/]define(\.[cm]?[jt]s)?$/;

export class EntitySourceError extends Error {}

export async function evaluateEntitySource(file: string, source: string): Promise<EntityDecl> {
  const { ts } = await import('ts-morph');
  const out = ts.transpileModule(source, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const first = errors[0];
    const where = first.file && first.start !== undefined ? first.file.getLineAndCharacterOfPosition(first.start) : null;
    const text = ts.flattenDiagnosticMessageText(first.messageText, ' ');
    throw new EntitySourceError(`${where ? `line ${where.line + 1}: ` : ''}${text}`);
  }
  const own = createRequire(file);
  const requireShim = (spec: string): unknown => {
    const target = spec.startsWith('.') ? resolve(dirname(file), spec) : spec;
    return DEFINE.test(target) ? define : own(spec);
  };
  const mod: { exports: { default?: unknown } } = { exports: {} };
  try {
    const run = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${out.outputText}\n})`, { filename: file }) as (
      ...args: unknown[]
    ) => void;
    run(mod.exports, requireShim, mod, file, dirname(file));
  } catch (e) {
    throw new EntitySourceError(`the file does not run: ${(e as Error).message}`);
  }
  const decl = mod.exports.default;
  if (!decl || typeof decl !== 'object') throw new EntitySourceError('the file has no default export of defineEntity({...})');
  return decl as EntityDecl;
}
