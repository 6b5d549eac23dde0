/**
 * The operations are the only write path: no file of server/modules holds an SQL write (INSERT,
 * UPDATE, DELETE, REPLACE, TRUNCATE) in a string or template, calls a database's `run`, or opens a
 * raw database transaction. Modules write through `core.ops` (server/core/crud/operations.ts);
 * reads the generic query cannot express may stay SQL in a module's own `*.queries.ts`. Entity
 * files (entities/) write no SQL either: their hooks write through the operation's transaction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const MODULES = join(ROOT, 'server/modules');
const ENTITIES = join(ROOT, 'entities');

const WRITE_SQL = [/\bINSERT\s+(?:IGNORE\s+)?INTO\b/i, /\bREPLACE\s+INTO\b/i, /\bUPDATE\s+\S+\s+SET\b/i, /\bDELETE\s+FROM\b/i, /\bTRUNCATE\s+(?:TABLE\s+)?\S/i];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** The text of a string or template literal, each substitution as one word. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => ` x ${s.literal.text}`)].join('');
  return null;
}

/** Every SQL write, `.run(` call and raw `db.transaction(` of a source text, as `line: what`. */
function sqlWrites(source: string, name = 'file.ts'): string[] {
  const sf = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== null) {
      const hit = WRITE_SQL.find((re) => re.test(text));
      if (hit) found.push(`${at(node)}: ${text.replace(/\s+/g, ' ').slice(0, 80)}`);
      if (!ts.isTemplateExpression(node)) return;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression.getText(sf);
      if (method === 'run') found.push(`${at(node)}: ${receiver}.run(`);
      if (method === 'transaction' && /(^|\.)(db|tx)$/i.test(receiver)) found.push(`${at(node)}: ${receiver}.transaction(`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('writes in server/modules and entities/', () => {
  it('recognizes each kind of SQL write, a run call and a raw transaction', () => {
    const samples = [
      'db.query(`INSERT INTO ${t} (a) VALUES (?)`)',
      "q('insert ignore into x values (1)')",
      "const s = 'REPLACE INTO t (a) VALUES (1)'",
      'tx.query(`UPDATE ${q(e.table)} SET ${q("a")} = ?`)',
      "x('delete from t where id = 1')",
      "x('TRUNCATE TABLE t')",
      'await core.db.run(sql)',
      'await tx.run(sql, [])',
      'await core.db.transaction(async (tx) => null)',
    ];
    for (const s of samples) expect(sqlWrites(s), s).toHaveLength(1);
  });

  it('passes reads, operations, comments and prose', () => {
    const fine = [
      'core.db.query(`SELECT ${q("id")} FROM ${t} WHERE a = ?`)',
      'core.ops.transaction(user, async (t) => t.update(users, { id }))',
      '// UPDATE t SET a = 1 was the old way',
      "const m = 'Update the settings and delete the old ones'",
    ];
    for (const s of fine) expect(sqlWrites(s), s).toEqual([]);
  });

  it('finds no INSERT, UPDATE, DELETE or REPLACE statement, run call or raw transaction in server/modules', () => {
    const offenders = files(MODULES).flatMap((f) => sqlWrites(readFileSync(f, 'utf8'), f).map((w) => `${relative(ROOT, f)}:${w}`));
    expect(offenders).toEqual([]);
  });

  it('finds no INSERT, UPDATE, DELETE or REPLACE statement, run call or raw transaction in entities/', () => {
    const offenders = files(ENTITIES).flatMap((f) => sqlWrites(readFileSync(f, 'utf8'), f).map((w) => `${relative(ROOT, f)}:${w}`));
    expect(offenders).toEqual([]);
  });
});
