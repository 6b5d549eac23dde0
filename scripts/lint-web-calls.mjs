#!/usr/bin/env node
/**
 * Refuses calls reached by a string outside the web's data layer (issue 36): screens call
 * `calls.<module>.<group>.<action>(input)` and `data('<module>/<entity>')`, typed from the
 * declarations, never a path or an action name. Walks web/src/**\/*.{ts,tsx} (or the files and folders
 * given) with the TypeScript compiler API, skipping web/src/app/data (the data layer, which holds the
 * few raw paths in paths.ts) and web/src/generated, and reports
 * - `path`: a string literal or template text containing `/admin/<module>` (then `/`, `?` or its end), where `<module>` is a
 *   module of the API (the top-level keys of CALL_ROUTES in web/src/generated/calls.ts and the
 *   prefixes of ENTITY_KEYS in web/src/generated/entities.ts, read by parsing them);
 * - `built path`: `/admin/` followed by a value (`\`/admin/${key}\``, `'/admin/' + key`), a call path
 *   made at run time;
 * - `entityAction`: any use of the old by-name call.
 * Screen addresses (`/admin/login`, `/admin/*`, `${CONSOLE_BASE}${router}`) are not calls and pass.
 * Prints `file:line:col kind: text` per finding and exits 1 when any.
 *
 *   node scripts/lint-web-calls.mjs [paths...]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Parts of web/src the rule leaves alone: the data layer, the generated code and the http client (which sends its refresh call itself). */
export const SKIPPED = ['web/src/app/data', 'web/src/generated', 'web/src/lib/http.ts'];

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** The initializer of `export const NAME = ...` in a source file (through `as const`). */
function constInitializer(sf, name) {
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) {
        let init = d.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression?.(init) || ts.isParenthesizedExpression(init)) init = init.expression;
        return init;
      }
    }
  }
  return null;
}

/** The API's module names: CALL_ROUTES' top-level keys and ENTITY_KEYS' prefixes. */
export function moduleNames(root = ROOT) {
  const names = new Set();
  const routes = constInitializer(parse(join(root, 'web/src/generated/calls.ts')), 'CALL_ROUTES');
  if (routes && ts.isObjectLiteralExpression(routes)) {
    for (const p of routes.properties) if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) names.add(p.name.text);
  }
  const keys = constInitializer(parse(join(root, 'web/src/generated/entities.ts')), 'ENTITY_KEYS');
  if (keys && ts.isArrayLiteralExpression(keys)) {
    for (const e of keys.elements) if (ts.isStringLiteral(e)) names.add(e.text.split('/')[0]);
  }
  if (!names.size) throw new Error('lint-web-calls: no module names found in web/src/generated (run npm run codegen:types)');
  return [...names].sort();
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Findings `{ line, col, text, kind }` of one source text, given the API's module names. */
export function lintSource(fileName, sourceText, modules) {
  const sf = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const apiPath = new RegExp(`/admin/(${modules.map(escape).join('|')})(?![\\w-])`);
  const out = [];
  const report = (node, text, kind) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    out.push({ line: line + 1, col: character + 1, text: text.slice(0, 80), kind });
  };
  const endsInAdmin = (text) => /\/admin\/$/.test(text);
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (apiPath.test(node.text)) report(node, node.text, 'path');
      else if (
        endsInAdmin(node.text) &&
        ts.isBinaryExpression(node.parent) &&
        node.parent.left === node &&
        node.parent.operatorToken.kind === ts.SyntaxKind.PlusToken
      ) {
        report(node, node.text, 'built path');
      }
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      const whole = parts.join('${…}');
      if (parts.some((p) => apiPath.test(p))) report(node, whole, 'path');
      else if (parts.slice(0, -1).some(endsInAdmin)) report(node, whole, 'built path');
    } else if (ts.isIdentifier(node) && node.text === 'entityAction') {
      report(node, 'entityAction', 'entityAction');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function sourceFiles(path, root) {
  const rel = relative(root, path).split(sep).join('/');
  if (SKIPPED.some((s) => rel === s || rel.startsWith(`${s}/`))) return [];
  const st = statSync(path);
  if (st.isFile()) return /\.(ts|tsx)$/.test(path) && !path.endsWith('.d.ts') ? [path] : [];
  const files = [];
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    files.push(...sourceFiles(join(path, name), root));
  }
  return files.sort();
}

/** Findings with their file (relative to `base`) for every .ts/.tsx under the given paths, outside the skipped folders. */
export function lintPaths(paths, base = process.cwd(), modules = moduleNames()) {
  const out = [];
  for (const p of paths) {
    for (const file of sourceFiles(resolve(base, p), ROOT)) {
      for (const f of lintSource(file, readFileSync(file, 'utf8'), modules)) out.push({ file: relative(base, file), ...f });
    }
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const findings = lintPaths(args.length ? args : ['web/src'], args.length ? process.cwd() : ROOT);
  for (const f of findings) console.log(`${f.file}:${f.line}:${f.col} ${f.kind}: ${JSON.stringify(f.text)}`);
  if (findings.length) {
    console.error(
      `\n${findings.length} call(s) reached by a path or a name: use calls.<module>.<group>.<action>(input) or data('<module>/<entity>') from app/data.`,
    );
    process.exit(1);
  }
  console.log('No call reached by a path or a name outside the data layer.');
}
