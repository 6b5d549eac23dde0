/**
 * Db over one better-sqlite3 connection, with cached prepared statements. Transactions take the
 * connection in turn (first come, first served); statements sent meanwhile wait their turn too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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

/** The transaction turn the current async flow runs inside, while it is open. */
const insideTurn = new AsyncLocalStorage<{ open: boolean }>();
/**
 * Transactions open in this process, on any database. With none, the store above is switched off:
 * while it is on, Node runs a hook for every promise made anywhere (operations.ts says more).
 */
let openTransactions = 0;

export class SqliteDb implements Db {
  readonly dialect = 'sqlite' as const;
  readonly stats = { statements: 0, byPrefix: new Map<string, number>() };
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /** Settles when the last queued turn on the connection has finished. */
  private tail: Promise<void> = Promise.resolve();
  /** Turns queued or running; while there are any, every statement takes a turn too. */
  private turns = 0;

  readonly returning: boolean;

  constructor(
    readonly raw: BetterSqlite3.Database,
    private readonly log: ((sql: string) => void) | null = null,
  ) {
    const { v } = raw.prepare('SELECT sqlite_version() AS v').get() as { v: string };
    const [major, minor] = v.split('.').map(Number);
    this.returning = major > 3 || (major === 3 && minor >= 35);
  }

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

  /**
   * Runs `work` after every turn queued before it has finished. A transaction is one turn from
   * BEGIN to COMMIT or ROLLBACK, so no statement of another caller lands inside it; the turn ends
   * however `work` ends.
   */
  private async turn<T>(work: () => T | Promise<T>): Promise<T> {
    const before = this.tail;
    let done!: () => void;
    this.tail = new Promise<void>((r) => (done = r));
    this.turns++;
    try {
      await before;
      return await work();
    } finally {
      this.turns--;
      done();
    }
  }

  /**
   * A statement sent on the database (not the transaction's handle) from inside a transaction's own
   * flow would wait for that transaction's turn to end, which waits for the statement: it runs in the
   * transaction instead (SQLite has one connection), so such a slip reads the transaction's own rows
   * rather than hanging the server.
   */
  private withinOwnTurn(): boolean {
    return insideTurn.getStore()?.open === true;
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    // better-sqlite3 is synchronous: with no turn open or waiting, the statement runs whole right now.
    if (this.turns === 0 || this.withinOwnTurn()) return this.exec<T>(sql, params, true) as T[];
    return this.turn(() => this.exec<T>(sql, params, true) as T[]);
  }

  async run(sql: string, params: unknown[] = []): Promise<RunResult> {
    if (this.turns === 0 || this.withinOwnTurn()) return this.exec(sql, params, false) as RunResult;
    return this.turn(() => this.exec(sql, params, false) as RunResult);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const tx: Db = {
      dialect: 'sqlite',
      returning: this.returning,
      stats: this.stats,
      q: quoteIdent,
      query: async <R>(sql: string, params: unknown[] = []) => this.exec<R>(sql, params, true) as R[],
      run: async (sql: string, params: unknown[] = []) => this.exec(sql, params, false) as RunResult,
      transaction: (inner) => inner(tx),
      close: async () => undefined,
    };
    return this.turn(async () => {
      this.raw.exec('BEGIN IMMEDIATE');
      const mark = { open: true };
      openTransactions++;
      try {
        const result = await insideTurn.run(mark, () => fn(tx));
        mark.open = false;
        this.raw.exec('COMMIT');
        return result;
      } catch (e) {
        mark.open = false;
        // A failed COMMIT can leave the transaction open; a failed BEGIN never opened one.
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
        throw e;
      } finally {
        if (--openTransactions === 0) insideTurn.disable();
      }
    });
  }

  async close(): Promise<void> {
    await this.turn(() => undefined);
    this.statements.clear();
  }
}
