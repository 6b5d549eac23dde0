/**
 * Each language's texts in chunks of their own (used by vite.config.mts). A text area is written as
 * one file with the three languages (src/i18n/locales/<area>.ts, so a key missing from one is a type
 * error); a page needs one language. In the build (and the dev server), an area's module becomes
 * `{ area, load: { en, 'zh-cn', 'zh-tw' } }`, each loader a dynamic import of a module holding that
 * language's tree alone; src/i18n/index.ts loads the page's language (and the next one on a switch).
 * The area files are read here as data: compiled by TypeScript and run with their own imports (the
 * defineLocale helper and sibling text files), nothing else.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

const VIRTUAL = '\0cosmac-texts:';

type Tree = Record<string, unknown>;
interface Area {
  area: string;
  /** One tree per language (the languages are the file's: define.ts types them). */
  texts: Record<string, Tree>;
}

/** Runs a text file and what it imports (relative files only; `../define` is its defineLocale). */
function evaluate(file: string, seen: Map<string, Record<string, unknown>>, read: (f: string) => void): Record<string, unknown> {
  const hit = seen.get(file);
  if (hit) return hit;
  read(file);
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  seen.set(file, module.exports);
  const req = (spec: string): unknown => {
    if (spec === '../define') return { defineLocale: (area: string, texts: unknown) => ({ area, texts }) };
    if (!spec.startsWith('.')) throw new Error(`${file}: a text file imports only sibling text files (${spec})`);
    return evaluate(resolve(dirname(file), `${spec}.ts`), seen, read);
  };
  new Function('module', 'exports', 'require', js)(module, module.exports, req);
  seen.set(file, module.exports);
  return module.exports;
}

export function localeSplit(localesDir: string): Plugin {
  const isArea = (id: string) => dirname(id) === localesDir && id.endsWith('.ts');
  const areaOf = (file: string, read: (f: string) => void): Area | null => {
    const d = evaluate(file, new Map(), read).default as Area | undefined;
    return d && typeof d.area === 'string' && d.texts ? d : null;
  };
  return {
    name: 'cosmac-locale-split',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(VIRTUAL) ? source : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const at = id.lastIndexOf(':');
      const file = id.slice(VIRTUAL.length, at);
      const lang = id.slice(at + 1);
      const area = areaOf(file, (f) => this.addWatchFile(f));
      if (!area) throw new Error(`${file} defines no text area`);
      if (!area.texts[lang]) throw new Error(`${file} has no ${lang} texts`);
      return `export default ${JSON.stringify(area.texts[lang])};`;
    },
    transform(_code, id) {
      if (!isArea(id)) return null;
      const area = areaOf(id, (f) => this.addWatchFile(f));
      // A file of texts spread into an area (no defineLocale of its own) stays as it is.
      if (!area) return null;
      const loaders = Object.keys(area.texts)
        .map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${VIRTUAL}${id}:${l}`)})`)
        .join(', ');
      return { code: `export default { area: ${JSON.stringify(area.area)}, load: { ${loaders} } };`, map: null };
    },
  };
}
