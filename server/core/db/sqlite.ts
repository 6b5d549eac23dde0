/** Db over one better-sqlite3 connection, with cached prepared statements and serialized transactions. */
import type BetterSqlite3 from 'better-sqlite3';
import { bindable, countStatement, quoteIdent, UniqueViolation, type Db, type RunResult } from './db';

function mapError(e: unknown): never {
  const err = e as { code?: string; message?: string };
  if (err.code === 'SQLITE_CONSTRAINT_UNIQUE' || err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const m = /failed: [\w]+\.(\w+)/.exec(err.message ?? '');
    throw new UniqueViolation(m?.[1] ?? 'id');
  }
  throw e;
}

export class SqliteDb implements Db {
  readonly dialect = 'sqlite' as const;
  readonly stats = { statements: 0, byPrefix: new Map<string, number>() };
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /** Set while a transaction holds the connection; everything else waits for it. */
  private busy: Promise<void> | null = null;

  constructor(readonly raw: BetterSqlite3.Database, private readonly log: ((sql: string) => void) | null = null) {}

  q(name: string): string {
    return quoteIdent(name);
  }

  private stmt(sql: string): BetterSqlite3.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.raw.prepare(sql);
      if (this.statements.size > 2000) this.statements.clear();
      this.statements.set(sql, s);
    }
    return s;
  }

  private exec<T>(sql: string, params: unknown[], reader: boolean): T[] | RunResult {
    countStatement(this.stats, sql);
    this.log?.(sql);
    try {
      const s = this.stmt(sql);
      if (s.reader) return s.all(...bindable(params)) as T[];
      const r = s.run(...bindable(params));
      return reader ? [] : { affected: r.changes, insertId: Number(r.lastInsertRowid) };
    } catch (e) {
      return mapError(e);
    }
  }

  private async idle(): Promise<void> {
    while (this.busy) await this.busy;
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (this.busy) await this.idle();
    return this.exec<T>(sql, params, true) as T[];
  }

  async run(sql: string, params: unknown[] = []): Promise<RunResult> {
    if (this.busy) await this.idle();
    return this.exec(sql, params, false) as RunResult;
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    await this.idle();
    let release!: () => void;
    this.busy = new Promise<void>((r) => (release = r));
    const tx: Db = {
      dialect: 'sqlite',
      stats: this.stats,
      q: quoteIdent,
      query: async <R>(sql: string, params: unknown[] = []) => this.exec<R>(sql, params, true) as R[],
      run: async (sql: string, params: unknown[] = []) => this.exec(sql, params, false) as RunResult,
      transaction: (inner) => inner(tx),
      close: async () => undefined,
    };
    this.raw.exec('BEGIN IMMEDIATE');
    try {
      const result = await fn(tx);
      this.raw.exec('COMMIT');
      return result;
    } catch (e) {
      this.raw.exec('ROLLBACK');
      throw e;
    } finally {
      this.busy = null;
      release();
    }
  }

  async close(): Promise<void> {
    await this.idle();
    this.statements.clear();
  }
}
