/**
 * Where SQL may sit in server/modules: a read the generic query cannot express lives in the
 * module's own `*.queries.ts`, so no other module file holds a SELECT or calls a database's
 * `query`. And no module file names a table by its string: tables come from the model
 * (`core.model.system('users').table`, `core.model.byKey.get('goods/info')!.table`).
 * Entity files (entities/) hold no SQL at all, not even in a `*.queries.ts`: their hooks read
 * through the operation's transaction (`t.system.find(...)`, `t.count(...)`), which they get instead
 * of a database handle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../server/core/entity/load';

const ROOT = resolve(__dirname, '../..');
const MODULES = join(ROOT, 'server/modules');
const ENTITIES = join(ROOT, 'entities');
const tables = new Set((await loadModel()).entities.map((e) => e.table));

/** A substitution `${…}` of a template stands as this word in the text tested. */
const SUB = '\u0000';

const READ_SQL = [/\bSELECT\b[\s\S]*\bFROM\b/, new RegExp(`\\b(?:FROM|JOIN)\\s+${SUB}`), /^\s*select\s[\s\S]*\sfrom\s/i];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => `${SUB}${s.literal.text}`)].join('');
  return null;
}

interface Found {
  sql: string[];
  tableNames: string[];
}

/** The SQL reads and `.query(` calls on a database, and the literals naming a table, as `line: what`. */
function scan(source: string, name = 'file.ts'): Found {
  const sf = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  const found: Found = { sql: [], tableNames: [] };
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== null) {
      const shown = text.replace(/\s+/g, ' ').replaceAll(SUB, '${…}').slice(0, 80);
      if (READ_SQL.some((re) => re.test(text))) found.sql.push(`${at(node)}: ${shown}`);
      const named = text.split(/[^A-Za-z0-9_]+/).find((word) => tables.has(word));
      if (named) found.tableNames.push(`${at(node)}: ${named}`);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'query') {
      const receiver = node.expression.expression.getText(sf);
      if (/(^|\.)(db|tx)$/i.test(receiver)) found.sql.push(`${at(node)}: ${receiver}.query(`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const isQueries = (f: string) => f.endsWith('.queries.ts');

describe('SQL and table names in server/modules and entities/', () => {
  it('recognizes a SELECT in a string or template and a query call on a database', () => {
    const samples = [
      'const s = `SELECT ${q("id")} FROM ${t} WHERE a = ?`',
      "const s = 'SELECT id FROM t'",
      'const s = `SELECT COUNT(*) AS n ` + `FROM ${t}`',
      "const s = 'select id from t where a = 1'",
      'await core.db.query(sql, [])',
      'await db.query<{ n: number }>(sql)',
      'await tx.query(sql)',
    ];
    for (const s of samples) expect(scan(s).sql.length, s).toBeGreaterThan(0);
  });

  it('passes operations, request queries, comments and prose', () => {
    const fine = [
      'await core.ops.list(users, { status: 1 }, SYSTEM)',
      'const id = req.query.id',
      '// SELECT id FROM t was the old way',
      "const m = 'Please select members from the list'",
      "const m = l('Select a file', '选择文件')",
    ];
    for (const s of fine) expect(scan(s).sql, s).toEqual([]);
  });

  it('recognizes a table named by its string, alone or inside SQL', () => {
    expect(scan("const t = 'base_sys_user'").tableNames).toHaveLength(1);
    expect(scan('const s = `SELECT id FROM goods_order WHERE a = ?`').tableNames).toHaveLength(1);
    expect(scan("core.model.byKey.get('goods/info')!.table").tableNames).toEqual([]);
  });

  it('finds SQL only in *.queries.ts files', () => {
    const offenders = files(MODULES)
      .filter((f) => !isQueries(f))
      .flatMap((f) => scan(readFileSync(f, 'utf8'), f).sql.map((w) => `${relative(ROOT, f)}:${w}`));
    expect(offenders).toEqual([]);
  });

  it('finds no SQL in entities/ (no *.queries.ts there either)', () => {
    const offenders = files(ENTITIES).flatMap((f) => scan(readFileSync(f, 'utf8'), f).sql.map((w) => `${relative(ROOT, f)}:${w}`));
    expect(offenders).toEqual([]);
  });

  it('finds no table named by its string in server/modules', () => {
    const offenders = files(MODULES).flatMap((f) => scan(readFileSync(f, 'utf8'), f).tableNames.map((w) => `${relative(ROOT, f)}:${w}`));
    expect(offenders).toEqual([]);
  });
});
