/**
 * Opens the database named by DATABASE_URL (mysql://user:pass@host:port/db) or the SQLite file
 * (DATABASE_URL=sqlite:path, default DATA_DIR/cosmac.sqlite) with its own driver. (A TypeORM DataSource
 * used to open them; it did nothing else and cost every start about 200 ms and the process several
 * MiB, so the drivers are opened here with the same settings.)
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Pool as CallbackPool } from 'mysql2';
import type BetterSqlite3 from 'better-sqlite3';
import type { Db, Dialect } from './db';
import { mariadbReturning, MysqlDb } from './mysql';
import { SqliteDb } from './sqlite';
import { DATA_DIR, PROJECT_ROOT } from '../paths';

export interface DbTarget {
  dialect: Dialect;
  /** SQLite file path. */
  file?: string;
  mysql?: { host: string; port: number; user: string; password: string; database: string };
}

export function parseDatabaseUrl(url: string | undefined): DbTarget {
  if (!url || url.startsWith('sqlite:')) {
    if (!url || url === 'sqlite:') return { dialect: 'sqlite', file: join(DATA_DIR, 'cosmac.sqlite') };
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { dialect: 'sqlite', file: file === ':memory:' ? file : resolve(PROJECT_ROOT, file) };
  }
  const u = new URL(url);
  if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') throw new Error(`DATABASE_URL: unsupported protocol ${u.protocol}`);
  return {
    dialect: 'mysql',
    mysql: {
      host: u.hostname || '127.0.0.1',
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username || 'root'),
      password: decodeURIComponent(u.password),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'cosmac',
    },
  };
}

/** Creates the MySQL database when it does not exist yet, so a first start needs no manual step. */
async function ensureMysqlDatabase(m: NonNullable<DbTarget['mysql']>): Promise<void> {
  const mysql = await import('mysql2/promise');
  const conn = await mysql.createConnection({ host: m.host, port: m.port, user: m.user, password: m.password });
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${m.database.replace(/`/g, '')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
}

/** SQL_LOG=<file> appends every statement (never its parameters) to the file, for diagnosing queries. */
function statementLog(): ((sql: string) => void) | null {
  const file = process.env.SQL_LOG;
  if (!file) return null;
  const out = createWriteStream(file, { flags: 'a' });
  return (sql) => out.write(sql.replace(/\s+/g, ' ') + '\n');
}

/**
 * Prepared statements each pooled MySQL connection keeps (least recently used closed first). The
 * product runs a few hundred distinct statement texts at most; mysql2's default of 16,000 costs
 * memory before a single statement is cached, since its cache allocates four arrays of that length
 * per connection: 512 KiB each, 10 MiB of heap for a pool of 20 (measured in the CRUD bench). A
 * full pool of 20 (10,000 statements) also stays under MariaDB's server-wide max_prepared_stmt_count
 * (16,382), which 20 x 16,000 did not.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 500;

export interface OpenDb {
  db: Db;
}

/**
 * Opens the database with its driver: better-sqlite3 (WAL, NORMAL sync, 5 s busy wait, foreign
 * keys on, temporary storage in memory) or a mysql2 pool (utf8mb4, dates as strings, big numbers as strings, decimals as
 * numbers), checked with one connection so wrong credentials fail the start at once.
 */
export async function openDatabase(target: DbTarget): Promise<OpenDb> {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file!), { recursive: true });
    const { default: Sqlite } = await import('better-sqlite3');
    const raw: BetterSqlite3.Database = new Sqlite(target.file!, { timeout: 5000 });
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.pragma('busy_timeout = 5000');
    raw.pragma('foreign_keys = ON');
    // Statement journals and sort spills in memory: on disk each one creates, writes and unlinks a file.
    raw.pragma('temp_store = MEMORY');
    return { db: new SqliteDb(raw, statementLog()) };
  }
  const m = target.mysql!;
  await ensureMysqlDatabase(m);
  const { createPool } = await import('mysql2');
  // DB_POOL_SIZE connections per instance in all: half of them for transactions (at least one each).
  const poolSize = Math.max(2, Number(process.env.DB_POOL_SIZE ?? 20) || 20);
  const txPoolSize = Math.floor(poolSize / 2);
  const options = {
    host: m.host,
    port: m.port,
    user: m.user,
    password: m.password,
    database: m.database,
    charset: 'utf8mb4_unicode_ci',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: true,
    stringifyObjects: true,
    connectionLimit: poolSize - txPoolSize,
    // A server that does not answer fails a new connection (and the request waiting for it) in 5 s.
    connectTimeout: 5000,
    maxIdle: poolSize - txPoolSize,
    maxPreparedStatements: PREPARED_STATEMENTS_PER_CONNECTION,
  };
  const pool: CallbackPool = createPool(options);
  // Transactions take their connections from a pool of their own, whose connections run with
  // autocommit off (mysql.ts: no BEGIN round trip per transaction).
  const txPool: CallbackPool = createPool({ ...options, connectionLimit: txPoolSize, maxIdle: txPoolSize });
  const version = await new Promise<string>((resolve, reject) => {
    pool.query('SELECT VERSION() AS v', (err, rows) => {
      if (err) return pool.end(() => txPool.end(() => reject(err)));
      resolve(String((rows as Array<{ v: unknown }>)[0]?.v ?? ''));
    });
  });
  return { db: new MysqlDb(pool, statementLog(), mariadbReturning(version), txPool) };
}
