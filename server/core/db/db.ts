/**
 * The database handle the core runs its SQL through. SQL is built once per entity and action and
 * always takes its values as `?` parameters; only quoted, declared identifiers are ever spliced in.
 */
export type Dialect = 'sqlite' | 'mysql';

export interface RunResult {
  affected: number;
  insertId?: number;
}

export interface Db {
  readonly dialect: Dialect;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<RunResult>;
  /** Runs `fn` in one transaction: everything it wrote is committed together or not at all. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Quotes an identifier (only declared names ever reach this). */
  q(name: string): string;
  /**
   * True when `INSERT … RETURNING` answers the inserted row (SQLite 3.35+, MariaDB 10.5+; not
   * MySQL): an insert then needs no read of its row afterwards.
   */
  readonly returning?: boolean;
  /** Counts statements run, for tests and the benchmark. */
  readonly stats: { statements: number; byPrefix: Map<string, number> };
  close(): Promise<void>;
}

/** Quotes with backticks; both SQLite and MySQL accept them. */
export function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`refusing to quote identifier '${name}'`);
  return '`' + name + '`';
}

/** Values a driver can bind: booleans as 0/1, undefined as NULL. */
export function bindable(params: unknown[]): unknown[] {
  return params.map((p) => (p === undefined ? null : typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

/** The counting key of each statement text seen lately: most requests run the same few statements. */
const prefixOf = new Map<string, string>();

export function countStatement(stats: Db['stats'], sql: string): void {
  stats.statements++;
  let key = prefixOf.get(sql);
  if (key === undefined) {
    const word = sql.trimStart().slice(0, 12).toUpperCase();
    key = word.startsWith('SELECT COUNT') ? 'COUNT' : word.split(/\s/)[0];
    if (prefixOf.size >= 2000) prefixOf.clear();
    prefixOf.set(sql, key);
  }
  stats.byPrefix.set(key, (stats.byPrefix.get(key) ?? 0) + 1);
}

/** A unique-key violation, mapped by the CRUD layer to a 409. */
export class UniqueViolation extends Error {
  constructor(readonly field: string) {
    super(`unique violation on ${field}`);
  }
}
