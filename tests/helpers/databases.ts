/**
 * The databases every data test runs on: SQLite always, MariaDB when it answers. With CI=true a
 * missing MariaDB or Redis fails the run instead of skipping those tests.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import Redis from 'ioredis';

export const MYSQL_URL_BASE = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const CI = process.env.CI === 'true';

// A server that is down refuses at once; the long connect limits are for one that is slow to answer
// on a busy machine (with 3 s, tasks-cluster's MariaDB test was skipped at the start of a run at load 20;
// with CI=true it would have failed).
async function mysqlUp(): Promise<boolean> {
  try {
    const u = new URL(MYSQL_URL_BASE);
    const c = await mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      connectTimeout: 30_000,
    });
    await c.end();
    return true;
  } catch (e) {
    if (CI) throw new Error(`CI=true but MariaDB at ${MYSQL_URL_BASE} does not answer: ${(e as Error).message}`);
    return false;
  }
}

export async function redisUp(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 30_000, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch (e) {
    if (CI) throw new Error(`CI=true but Redis at ${REDIS_URL} does not answer: ${(e as Error).message}`);
    return false;
  } finally {
    r.disconnect();
  }
}

export interface TestDb {
  kind: 'sqlite' | 'mysql';
  url: string;
  drop(): Promise<void>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export async function createTestDb(kind: 'sqlite' | 'mysql'): Promise<TestDb> {
  if (kind === 'sqlite') {
    const file = join(process.env.DATA_DIR ?? tmpdir(), `${uniqueName('t')}.sqlite`);
    return { kind, url: `sqlite:${file}`, drop: async () => undefined };
  }
  const name = uniqueName('cosmac_test');
  const url = `${MYSQL_URL_BASE}/${name}`;
  return {
    kind,
    url,
    async drop() {
      const u = new URL(MYSQL_URL_BASE);
      const c = await mysql.createConnection({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
      });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/** The kinds of database available here: ['sqlite'] plus 'mysql' when MariaDB answers (required in CI). */
export async function databaseKinds(): Promise<Array<'sqlite' | 'mysql'>> {
  return (await mysqlUp()) ? ['sqlite', 'mysql'] : ['sqlite'];
}
