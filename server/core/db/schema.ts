/**
 * Brings the database up to the declarations, additively: creates missing tables, adds missing
 * columns and indexes, never drops or narrows anything (data is never lost by an upgrade; removing
 * or retyping a column is a deliberate manual migration). When the declarations' hash equals the
 * one stored by the last run, nothing is compared at all, which keeps a restart fast.
 *
 * It only ever reads the declared tables and columns: a column that a code helper change set removed
 * is no longer declared, so it is not added back, and the tables a change set keeps aside
 * (`app_aside_*`) are never touched (schema-change.ts).
 */
import type { Entity, Field, Model } from '../entity/model';
import type { Db, Dialect } from './db';

const STATE_TABLE = 'app_schema_state';

export interface SchemaReport {
  skipped: boolean;
  createdTables: string[];
  addedColumns: string[];
  addedIndexes: string[];
}

function sqlType(f: Field, d: Dialect): string {
  switch (f.type) {
    case 'string':
      return `VARCHAR(${f.length ?? 255})`;
    case 'text':
    case 'json':
      return d === 'mysql' ? 'LONGTEXT' : 'TEXT';
    case 'int':
      return d === 'mysql' ? 'INT' : 'INTEGER';
    case 'bigint':
      return 'BIGINT';
    case 'float':
      return d === 'mysql' ? 'DOUBLE' : 'REAL';
    case 'decimal':
      return `DECIMAL(${f.precision ?? 12},${f.scale ?? 2})`;
    case 'boolean':
      return d === 'mysql' ? 'TINYINT(1)' : 'BOOLEAN';
    case 'datetime':
      return d === 'mysql' ? 'DATETIME(3)' : 'DATETIME';
  }
}

function literal(v: string | number | boolean): string {
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`bad default ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/** The column definition; `adding` relaxes NOT NULL without a default, which no existing row could satisfy. */
export function columnDef(db: Db, f: Field, adding: boolean): string {
  if (f.name === 'id') {
    return db.dialect === 'mysql' ? '`id` INT NOT NULL AUTO_INCREMENT PRIMARY KEY' : '`id` INTEGER PRIMARY KEY AUTOINCREMENT';
  }
  const hasDefault = f.default !== undefined && f.default !== null;
  const notNull = !f.nullable && (hasDefault || !adding);
  const parts = [db.q(f.name), sqlType(f, db.dialect)];
  // SQLite compares text byte for byte unless told otherwise; MySQL tables default to a folding collation.
  if (f.collation === 'binary' && db.dialect === 'mysql') parts.push('CHARACTER SET utf8mb4 COLLATE utf8mb4_bin');
  parts.push(notNull ? 'NOT NULL' : 'NULL');
  if (hasDefault) parts.push('DEFAULT', literal(f.default as string | number | boolean));
  return parts.join(' ');
}

export interface IndexSpec {
  name: string;
  fields: string[];
  unique: boolean;
}

/** The index's name in the database: deterministic, so a restart finds the indexes it made. */
export function indexName(table: string, fields: string[], unique: boolean): string {
  const name = `${unique ? 'ux' : 'ix'}_${table}__${fields.join('_')}`;
  // MySQL caps identifiers at 64 characters.
  return name.length > 64 ? name.slice(0, 55) + '_' + hash8(name) : name;
}

export function indexSpecs(e: Entity): IndexSpec[] {
  const out: IndexSpec[] = [];
  for (const f of e.columns) {
    if (f.unique) out.push({ name: indexName(e.table, [f.name], true), fields: [f.name], unique: true });
    else if (f.index) out.push({ name: indexName(e.table, [f.name], false), fields: [f.name], unique: false });
  }
  for (const ix of e.indexes) out.push({ name: indexName(e.table, ix.fields, ix.unique), fields: ix.fields, unique: ix.unique });
  for (const fields of e.pageIndexes) out.push({ name: indexName(e.table, fields, false), fields, unique: false });
  // A field's own index may also be declared as a page index: one index of a name.
  return out.filter((ix, i) => out.findIndex((o) => o.name === ix.name) === i);
}

function hash8(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}

export async function existingColumns(db: Db, table: string): Promise<Set<string> | null> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.query<{ name: string }>(`SELECT name FROM pragma_table_info(?)`, [table])
      : await db.query<{ name: string }>('SELECT COLUMN_NAME AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?', [
          table,
        ]);
  return rows.length ? new Set(rows.map((r) => r.name)) : null;
}

async function existingIndexes(db: Db, table: string): Promise<Set<string>> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.query<{ name: string }>(`SELECT name FROM pragma_index_list(?)`, [table])
      : await db.query<{ name: string }>(
          'SELECT DISTINCT INDEX_NAME AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ?',
          [table],
        );
  return new Set(rows.map((r) => r.name));
}

/** Columns of `table` that refuse NULL (none when the table is missing). */
export async function notNullColumns(db: Db, table: string): Promise<Set<string>> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.query<{ name: string }>('SELECT name FROM pragma_table_info(?) WHERE "notnull" = 1', [table])
      : await db.query<{ name: string }>(
          "SELECT COLUMN_NAME AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND IS_NULLABLE = 'NO'",
          [table],
        );
  return new Set(rows.map((r) => r.name));
}

export function createIndexSql(db: Db, table: string, ix: IndexSpec): string {
  return `CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX ${db.q(ix.name)} ON ${db.q(table)} (${ix.fields.map((c) => db.q(c)).join(', ')})`;
}

/** SQLite names indexes per database, MySQL per table. */
export function dropIndexSql(db: Db, table: string, name: string): string {
  return db.dialect === 'mysql' ? `DROP INDEX ${db.q(name)} ON ${db.q(table)}` : `DROP INDEX ${db.q(name)}`;
}

/** The statements that create `e`'s table and its indexes, in order (what syncTable runs for a new table). */
export function createStatements(db: Db, e: Entity): string[] {
  const engine = db.dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci' : '';
  const defs = e.columns.map((f) => columnDef(db, f, false)).join(', ');
  return [`CREATE TABLE ${db.q(e.table)} (${defs})${engine}`, ...indexSpecs(e).map((ix) => createIndexSql(db, e.table, ix))];
}

/** Tolerates the race of two instances upgrading at once. */
async function tolerant(db: Db, sql: string): Promise<void> {
  try {
    await db.run(sql);
  } catch (e) {
    const msg = String((e as Error).message);
    if (/Duplicate column|duplicate column|Duplicate key name|already exists/i.test(msg)) return;
    throw e;
  }
}

/**
 * The CREATE TABLE of a new table. On MySQL its indexes go into the same statement: InnoDB makes a
 * table with its keys in one step, where each later CREATE INDEX is a table change of its own (a fresh
 * database's ~60 tables carry over 300 indexes: 2.4 s to make apart on MariaDB here).
 */
function createTableSql(db: Db, e: Entity): string {
  const defs = e.columns.map((f) => columnDef(db, f, false));
  if (db.dialect !== 'mysql') return `CREATE TABLE IF NOT EXISTS ${db.q(e.table)} (${defs.join(', ')})`;
  for (const ix of indexSpecs(e)) defs.push(`${ix.unique ? 'UNIQUE ' : ''}KEY ${db.q(ix.name)} (${ix.fields.map((c) => db.q(c)).join(', ')})`);
  return `CREATE TABLE IF NOT EXISTS ${db.q(e.table)} (${defs.join(', ')}) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`;
}

/** The columns of every table of the database, by table (one query where syncTable would ask per table). */
async function allColumns(db: Db): Promise<Map<string, Set<string>>> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.query<{ t: string; name: string }>(
          `SELECT m.name AS t, p.name AS name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'`,
        )
      : await db.query<{ t: string; name: string }>(
          'SELECT TABLE_NAME AS t, COLUMN_NAME AS name FROM information_schema.columns WHERE table_schema = DATABASE()',
        );
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    let set = out.get(r.t);
    if (!set) out.set(r.t, (set = new Set()));
    set.add(r.name);
  }
  return out;
}

/**
 * Creates `e`'s table, or adds its missing columns and indexes (also for an entity registered while running).
 * `known` is the table's columns when the caller read them already (null: the table is missing).
 */
export async function syncTable(
  db: Db,
  e: Entity,
  report: SchemaReport = { skipped: false, createdTables: [], addedColumns: [], addedIndexes: [] },
  known?: Set<string> | null,
): Promise<SchemaReport> {
  const cols = known !== undefined ? known : await existingColumns(db, e.table);
  let have: Set<string>;
  if (!cols) {
    await db.run(createTableSql(db, e));
    report.createdTables.push(e.table);
    // MySQL made the indexes with the table; on SQLite a table this statement made has none yet. (Another
    // instance making it at the same moment: its indexes are "already there", which tolerant() accepts.)
    have = db.dialect === 'mysql' ? new Set(indexSpecs(e).map((ix) => ix.name)) : new Set();
  } else {
    for (const f of e.columns) {
      if (cols.has(f.name)) continue;
      await tolerant(db, `ALTER TABLE ${db.q(e.table)} ADD COLUMN ${columnDef(db, f, true)}`);
      report.addedColumns.push(`${e.table}.${f.name}`);
    }
    have = await existingIndexes(db, e.table);
  }
  for (const ix of indexSpecs(e)) {
    if (have.has(ix.name)) continue;
    await tolerant(db, createIndexSql(db, e.table, ix));
    report.addedIndexes.push(ix.name);
  }
  return report;
}

export async function syncSchema(db: Db, model: Model, opts: { force?: boolean } = {}): Promise<SchemaReport> {
  const report: SchemaReport = { skipped: false, createdTables: [], addedColumns: [], addedIndexes: [] };
  const engine = db.dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci' : '';
  await db.run(
    `CREATE TABLE IF NOT EXISTS ${db.q(STATE_TABLE)} (${db.q('id')} INTEGER NOT NULL PRIMARY KEY, ${db.q('hash')} VARCHAR(64) NOT NULL, ${db.q('updateTime')} VARCHAR(32) NOT NULL)${engine}`,
  );
  if (!opts.force) {
    const [state] = await db.query<{ hash: string }>(`SELECT ${db.q('hash')} FROM ${db.q(STATE_TABLE)} WHERE ${db.q('id')} = 1`);
    if (state?.hash === model.schemaHash) return { ...report, skipped: true };
  }
  const tables = await allColumns(db);
  for (const e of model.entities) await syncTable(db, e, report, tables.get(e.table) ?? null);
  const now = new Date().toISOString();
  const upsert =
    db.dialect === 'mysql'
      ? `INSERT INTO ${db.q(STATE_TABLE)} (${db.q('id')}, ${db.q('hash')}, ${db.q('updateTime')}) VALUES (1, ?, ?) ON DUPLICATE KEY UPDATE ${db.q('hash')} = VALUES(${db.q('hash')}), ${db.q('updateTime')} = VALUES(${db.q('updateTime')})`
      : `INSERT INTO ${db.q(STATE_TABLE)} (${db.q('id')}, ${db.q('hash')}, ${db.q('updateTime')}) VALUES (1, ?, ?) ON CONFLICT(${db.q('id')}) DO UPDATE SET ${db.q('hash')} = excluded.${db.q('hash')}, ${db.q('updateTime')} = excluded.${db.q('updateTime')}`;
  await db.run(upsert, [model.schemaHash, now]);
  return report;
}
