/**
 * Db over a mysql2 pool, with server-side prepared statements (execute) and pooled transactions.
 * It speaks mysql2's callback API: its promise wrapper captures a stack trace for every statement,
 * which a CPU profile of the chat bench showed as 6 % of a busy instance.
 */
import type { Pool, PoolConnection, ResultSetHeader } from 'mysql2';
import { bindable, countStatement, quoteIdent, UniqueViolation, type Db, type RunResult } from './db';
import { isLostDbConnection, ServiceDown } from '../outage';

type Done = (err: unknown, rows?: unknown) => void;

interface Executor {
  execute(sql: string, params: unknown[], done: Done): unknown;
  query(sql: string, params: unknown[], done: Done): unknown;
}

/** A callback of mysql2 as a promise. */
function settle<T>(start: (done: (err: unknown, value?: T) => void) => unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    start((err, value) => (err ? reject(err) : resolve(value as T)));
  });
}

function mapError(e: unknown): never {
  // A connection that failed or was lost (the server away): the pool opens new ones once it is back.
  if (isLostDbConnection(e)) throw new ServiceDown('db', e);
  const err = e as { code?: string; message?: string };
  if (err.code === 'ER_DUP_ENTRY') {
    const m = /for key '(?:[\w]+\.)?ux_\w+?__(\w+)'/.exec(err.message ?? '');
    throw new UniqueViolation(m?.[1] ?? (/PRIMARY/.test(err.message ?? '') ? 'id' : 'unique'));
  }
  throw e;
}

/**
 * Most placeholders a statement may have and still be prepared on the server. mysql2 keeps a
 * prepared statement's parameter definitions (an object per placeholder) for as long as the
 * connection caches it, on every connection of the pool that ran it: the request log's multi-row
 * INSERTs (up to 3,500 placeholders, for a batch of 500 rows) held about 11 MiB of heap after one
 * short pass over the CRUD bench's scenarios, on the way to some 30 MiB once every connection of a
 * pool of 20 has prepared every batch shape. Such statements are sent as text with client-side
 * escaping instead; single-row writes stay prepared (the widest entity, sys/user, has about 60
 * columns).
 */
export const MAX_PREPARED_PARAMS = 100;

/** preparable()'s verdict on the shape of each statement text seen lately (the count of values aside). */
const preparableShape = new Map<string, boolean>();

/**
 * Whether a statement is sent as a server-side prepared statement (execute) rather than as text
 * (query). Not worth a prepare: statements whose shape varies (IN lists of any length), DDL and
 * transaction control, statements with more than MAX_PREPARED_PARAMS placeholders, and inserts that
 * answer their row (RETURNING): the binary protocol of a prepared statement drops a DATETIME's
 * zero milliseconds ('…:00' where a read says '…:00.000'), so they go as text and the row comes back
 * exactly as a read of it does.
 */
export function preparable(sql: string, params: number): boolean {
  if (params > MAX_PREPARED_PARAMS) return false;
  let shape = preparableShape.get(sql);
  if (shape === undefined) {
    shape = !/ IN \(| RETURNING /.test(sql) && !/^\s*(CREATE|ALTER|DROP|ANALYZE|SHOW|BEGIN|COMMIT|SAVEPOINT|ROLLBACK|RELEASE)/i.test(sql);
    if (preparableShape.size >= 2000) preparableShape.clear();
    preparableShape.set(sql, shape);
  }
  return shape;
}

/** mapError's verdict as a value, for a callback to reject with. */
function mapped(e: unknown): unknown {
  try {
    return mapError(e);
  } catch (m) {
    return m;
  }
}

/**
 * One statement: a single promise settled by mysql2's callback (an async wrapper around it cost two
 * more promises and their turns of the microtask queue on every statement).
 */
function exec(ex: Executor, stats: Db['stats'], sql: string, params: unknown[], log: ((sql: string) => void) | null): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    try {
      countStatement(stats, sql);
      log?.(sql);
      const p = bindable(params);
      const done: Done = (err, rows) => (err ? reject(mapped(err)) : resolve(rows));
      if (preparable(sql, p.length)) ex.execute(sql, p, done);
      else ex.query(sql, p, done);
    } catch (e) {
      reject(mapped(e));
    }
  });
}

function toRun(r: unknown): RunResult {
  const h = r as ResultSetHeader;
  return { affected: h.affectedRows ?? 0, insertId: h.insertId || undefined };
}

/** Whether a server's VERSION() names MariaDB 10.5 or later, whose INSERT answers rows with RETURNING. */
export function mariadbReturning(version: string): boolean {
  const m = /^(\d+)\.(\d+)\..*mariadb/i.exec(version);
  return !!m && (Number(m[1]) > 10 || (Number(m[1]) === 10 && Number(m[2]) >= 5));
}

/** Connections of a transaction pool whose session has autocommit off already. */
const autocommitOff = new WeakSet<PoolConnection>();

export class MysqlDb implements Db {
  readonly dialect = 'mysql' as const;
  readonly stats = { statements: 0, byPrefix: new Map<string, number>() };

  /**
   * `returning`: the server is MariaDB 10.5 or later (open.ts asks it). `txPool`: a pool used by
   * transactions only. Its connections are switched to autocommit off once, when first taken; a
   * transaction then opens with its first statement and ends with COMMIT or ROLLBACK, which saves
   * the BEGIN round trip of every transaction (one of the six a chat message took). Its connections
   * never run a statement outside a transaction, so nothing is ever left uncommitted on them.
   * Without it, transactions BEGIN on the main pool.
   */
  constructor(
    readonly pool: Pool,
    private readonly log: ((sql: string) => void) | null = null,
    readonly returning = false,
    readonly txPool: Pool | null = null,
  ) {}

  q(name: string): string {
    return quoteIdent(name);
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return exec(this.pool as unknown as Executor, this.stats, sql, params, this.log) as Promise<T[]>;
  }

  run(sql: string, params: unknown[] = []): Promise<RunResult> {
    return exec(this.pool as unknown as Executor, this.stats, sql, params, this.log).then(toRun);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const conn = await settle<PoolConnection>((done) => (this.txPool ?? this.pool).getConnection(done)).catch(mapError);
    const ex = conn as unknown as Executor;
    const tx: Db = {
      dialect: 'mysql',
      returning: this.returning,
      stats: this.stats,
      q: quoteIdent,
      query: async <R>(sql: string, params: unknown[] = []) => (await exec(ex, this.stats, sql, params, this.log)) as R[],
      run: async (sql: string, params: unknown[] = []) => toRun(await exec(ex, this.stats, sql, params, this.log)),
      transaction: (inner) => inner(tx),
      close: async () => undefined,
    };
    let broken = false;
    try {
      if (!this.txPool) await settle((done) => conn.beginTransaction(done)).catch(mapError);
      else if (!autocommitOff.has(conn)) {
        await settle((done) => conn.query('SET autocommit = 0', done)).catch(mapError);
        autocommitOff.add(conn);
      }
      try {
        const result = await fn(tx);
        await settle((done) => conn.commit(done)).catch(mapError);
        return result;
      } catch (e) {
        // On a lost connection the rollback fails too (the server rolls back itself): the first error tells what happened.
        await settle((done) => conn.rollback(done)).catch((r: unknown) => {
          broken = true;
          if (!isLostDbConnection(r)) throw r;
        });
        throw e;
      }
    } finally {
      // A connection whose rollback failed may still hold the transaction: it is closed, never reused.
      if (broken) conn.destroy();
      else conn.release();
    }
  }

  async close(): Promise<void> {
    await settle((done) => this.pool.end(done));
    if (this.txPool) await settle((done) => this.txPool!.end(done));
  }
}
