#!/usr/bin/env node
/**
 * Refuses literal interface text in JSX: every user-visible text goes through i18n (`t('area.key')`).
 * Walks web/src/**\/*.tsx (or the files and folders given) with the TypeScript compiler API and reports
 * - JSX text containing a letter of any script (latin, CJK, ...);
 * - string literals (or template text) that render as JSX children: `{'text'}`, `{ok ? 'Yes' : 'No'}`;
 * - string literals in user-visible attributes: title, placeholder, label, alt, aria-label, tooltip,
 *   okText, cancelText, description, message, subTitle, content.
 * Numbers and punctuation alone are fine. A technical text that is the same in every language (an example
 * path in a placeholder, say) may be kept by writing `i18n-ok` in a comment on its line or the line above.
 * Prints `file:line:col text` per finding and exits 1 when any.
 *
 *   node scripts/lint-jsx-literals.mjs [paths...]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'label',
  'alt',
  'aria-label',
  'tooltip',
  'okText',
  'cancelText',
  'description',
  'message',
  'subTitle',
  'content',
]);

const LETTER = /\p{L}/u;
const OK_MARK = /(\/\/|\/\*).*\bi18n-ok\b/;

/** The literal texts an expression can evaluate to directly: through parentheses, `a ? b : c`, `a || b`, `a ?? b`, `a && b`. */
function literalTexts(node) {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression?.(node)) return literalTexts(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) return [...literalTexts(node.left), ...literalTexts(node.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(node.right);
  }
  return [];
}

function attributeName(attr) {
  const n = attr.name;
  return ts.isJsxNamespacedName?.(n) ? `${n.namespace.text}:${n.name.text}` : n.text;
}

/** Findings `{ line, col, text, kind }` of one source text. */
export function lintSource(fileName, sourceText) {
  const sf = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out = [];
  const lines = sourceText.split(/\r?\n/);
  const report = (node, text, kind) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    if (OK_MARK.test(lines[line] ?? '') || OK_MARK.test(lines[line - 1] ?? '')) return;
    out.push({ line: line + 1, col: character + 1, text: text.replace(/\s+/g, ' ').trim().slice(0, 80), kind });
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text, 'text');
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const text of literalTexts(node.expression)) if (LETTER.test(text)) report(node, text, 'child');
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(attributeName(node)) && node.initializer) {
      const init = node.initializer;
      const texts = ts.isStringLiteral(init) ? [init.text] : ts.isJsxExpression(init) ? literalTexts(init.expression) : [];
      for (const text of texts) if (LETTER.test(text)) report(node, text, `attr ${attributeName(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function tsxFiles(path) {
  const st = statSync(path);
  if (st.isFile()) return path.endsWith('.tsx') ? [path] : [];
  const files = [];
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    files.push(...tsxFiles(join(path, name)));
  }
  return files.sort();
}

/** Findings with their file (relative to `base`) for every .tsx under the given paths. */
export function lintPaths(paths, base = process.cwd()) {
  const out = [];
  for (const p of paths) {
    for (const file of tsxFiles(resolve(base, p))) {
      for (const f of lintSource(file, readFileSync(file, 'utf8'))) out.push({ file: relative(base, file), ...f });
    }
  }
  return out;
}

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const findings = lintPaths(args.length ? args : ['web/src'], args.length ? process.cwd() : ROOT);
  for (const f of findings) console.log(`${f.file}:${f.line}:${f.col} ${f.kind}: ${JSON.stringify(f.text)}`);
  if (findings.length) {
    console.error(`\n${findings.length} literal text(s) in JSX: put them in a locale file and use t('<area>.<key>').`);
    process.exit(1);
  }
  console.log('No literal text in JSX.');
}
