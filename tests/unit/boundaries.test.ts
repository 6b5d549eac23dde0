/**
 * The import arrows ARCHITECTURE.md forbids. Every relative import (static, `export … from`,
 * `import()` and `require()` with a literal path) of the checked folders is resolved to a path
 * under the project, and each rule lists the imports that break it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SCANNED = ['server', 'entities', 'codegen', 'plugins', 'web/src'];
const SOURCE = /\.(ts|tsx|mts|cts)$/;

interface Import {
  /** The importing file, relative to the project root. */
  file: string;
  /** The imported path as written. */
  spec: string;
  /** Where it points, relative to the project root (no extension added). */
  target: string;
}

interface Rule {
  name: string;
  /** Files the rule applies to (path prefixes). */
  from: string[];
  /** Targets they must not import... */
  deny?: string[];
  /** ...or the only targets they may import. */
  only?: string[];
  /** Imports allowed all the same: `file -> target`, both exact paths relative to the root. */
  except?: string[];
}

const RULES: Rule[] = [
  {
    name: 'the core imports no module, entity file or adapter by path',
    from: ['server/core/'],
    deny: ['server/modules/', 'entities/', 'server/adapters/'],
  },
  { name: 'entity files import only the core (and each other)', from: ['entities/'], only: ['server/core/', 'entities/'] },
  { name: 'adapters import only packages and other adapters', from: ['server/adapters/'], only: ['server/adapters/'] },
  { name: 'plugins import only the core (and their own files)', from: ['plugins/'], only: ['server/core/', 'plugins/'] },
  {
    name: 'nothing the server or the web runs imports codegen, but the code helper its entity generator',
    from: ['server/', 'entities/', 'plugins/', 'web/src/'],
    deny: ['codegen/'],
    // coding/createCode generates declarations with the CLI's own generator (loaded only when used).
    except: ['server/modules/base/coding/coding.service.ts -> codegen/scaffold-entity'],
  },
  { name: 'the web imports no server, entity or codegen code', from: ['web/src/'], only: ['web/src/'] },
  { name: 'the server and entity files import no web code', from: ['server/', 'entities/', 'plugins/'], deny: ['web/'] },
  { name: 'the workspace does not import the console', from: ['web/src/workspace/'], deny: ['web/src/console/'] },
  { name: 'the console does not import the workspace', from: ['web/src/console/'], deny: ['web/src/workspace/'] },
  { name: 'top-level pages do not import the console', from: ['web/src/pages/'], deny: ['web/src/console/'] },
  {
    name: 'the shared kit imports neither the console, the workspace nor a page',
    from: ['web/src/components/'],
    deny: ['web/src/console/', 'web/src/workspace/', 'web/src/pages/'],
  },
  {
    name: 'the web lib is the bottom layer: it imports no other part of the web',
    from: ['web/src/lib/'],
    deny: ['web/src/app/', 'web/src/components/', 'web/src/console/', 'web/src/workspace/', 'web/src/pages/'],
  },
];

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.name === 'node_modules' || d.name.startsWith('.')) continue;
    const p = join(dir, d.name);
    if (d.isDirectory()) sourceFiles(p, out);
    else if (SOURCE.test(d.name) && !d.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function readImports(): Import[] {
  const out: Import[] = [];
  for (const dir of SCANNED) {
    for (const abs of sourceFiles(join(ROOT, dir))) {
      const file = relative(ROOT, abs).split('\\').join('/');
      const found = ts.preProcessFile(readFileSync(abs, 'utf8'), true, true).importedFiles;
      for (const { fileName: spec } of found) {
        // Package imports cannot cross a folder of ours; no path aliases are configured.
        if (!spec.startsWith('.')) continue;
        const target = relative(ROOT, resolve(dirname(abs), spec)).split('\\').join('/');
        out.push({ file, spec, target });
      }
    }
  }
  return out;
}

const under = (path: string, prefixes: string[]) => prefixes.some((p) => path.startsWith(p) || `${path}/` === p);

function offending(rule: Rule, imports: Import[]): string[] {
  return imports
    .filter((i) => under(i.file, rule.from))
    .filter((i) => (rule.deny ? under(i.target, rule.deny) : !under(i.target, rule.only ?? [])))
    .filter((i) => !(rule.except ?? []).includes(`${i.file} -> ${i.target}`))
    .map((i) => `${i.file} -> ${i.spec}`);
}

describe('import boundaries', () => {
  const imports = readImports();

  it('reads the relative imports of every checked folder', () => {
    const crossing = (from: string, to: string) => imports.some((i) => i.file.startsWith(from) && i.target.startsWith(to));
    expect(crossing('entities/', 'server/core/')).toBe(true);
    expect(crossing('server/modules/', 'server/core/')).toBe(true);
    expect(crossing('web/src/console/', 'web/src/app/')).toBe(true);
  });

  it.each(RULES.map((r) => [r.name, r] as const))('%s', (_name, rule) => {
    expect(offending(rule, imports)).toEqual([]);
  });
});
