/**
 * Texts that do not come with the app (see EAGER_AREAS in web/src/i18n) are there whenever a screen
 * uses them: every module of web/src that uses keys of such an area is reached only through modules
 * that import the area's loader (static or dynamic imports alike), so the texts are added before
 * the module renders. A module using them that some route reaches without the loader fails here.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAZY_AREA_LOADERS } from '../../web/src/i18n/all-areas';
import { EAGER_AREAS } from '../../web/src/i18n';

const SRC = resolve(__dirname, '../../web/src');

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(c) && c.match(/\.(ts|tsx)$/)) return c;
  return null;
}

const all = files(SRC);
const rel = (f: string) => relative(SRC, f).split('\\').join('/');
const imports = new Map<string, string[]>();
const importers = new Map<string, string[]>();
for (const f of all) {
  const text = readFileSync(f, 'utf8');
  const specs = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
  const targets = specs.map((s) => resolveImport(f, s)).filter((t): t is string => t !== null);
  imports.set(f, targets);
  for (const t of targets) (importers.get(t) ?? importers.set(t, []).get(t)!).push(f);
}

/** True when every way into `f` passes a module importing `loader`. */
function covered(f: string, loader: string, seen = new Set<string>()): boolean {
  if ((imports.get(f) ?? []).includes(loader)) return true;
  if (seen.has(f)) return true; // a cycle: decided by the other ways in
  seen.add(f);
  const from = importers.get(f) ?? [];
  return from.length > 0 && from.every((i) => covered(i, loader, seen));
}

describe('lazily loaded texts', () => {
  it('leave the eager areas small: the console and workspace areas are not among them', () => {
    const eager = EAGER_AREAS.map((a) => a.area);
    for (const area of Object.keys(LAZY_AREA_LOADERS)) expect(eager).not.toContain(area);
  });

  for (const [area, loaderRel] of Object.entries(LAZY_AREA_LOADERS)) {
    it(`${area}: every module using its keys is reached only through ${loaderRel}`, () => {
      const loader = join(SRC, loaderRel);
      const key = new RegExp(`['"\`]${area}\\.[A-Za-z]`);
      const users = all.filter((f) => !rel(f).startsWith('i18n/') && key.test(readFileSync(f, 'utf8')));
      expect(users.length).toBeGreaterThan(0);
      const uncovered = users.filter((f) => !covered(f, loader)).map(rel);
      expect(uncovered).toEqual([]);
    });
  }
});
