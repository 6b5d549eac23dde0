/**
 * A service the instance depends on is away (issue 24 item 4): the database or Redis cannot be
 * reached. A request that needs it fails at once with a 503 envelope (code 1003) naming which one,
 * instead of hanging or answering 500, and the instance recovers by itself when it returns: mysql2's
 * pool drops dead connections and opens new ones, ioredis reconnects (the cache store's client has
 * no offline queue and a per-command timeout, so nothing waits for it; see cache/store.ts).
 *
 * The drivers' errors are tagged where they are raised (db/mysql.ts, cache/store.ts) as
 * `ServiceDown`; `outageOf` also recognises the raw shapes that reach a caller another way (a
 * rollback on a lost connection, a Redis client of a module).
 */
import { AppError } from './errors';
import { OPS } from './ops/ops.messages';

export type Dependency = 'db' | 'cache';

export class ServiceDown extends Error {
  constructor(
    readonly dependency: Dependency,
    readonly original: unknown,
  ) {
    super(`${dependency === 'db' ? 'the database' : 'Redis'} is unreachable: ${(original as Error)?.message ?? String(original)}`);
    this.name = 'ServiceDown';
  }
}

/** mysql2 marks the errors that end a connection (network, protocol, closed state) `fatal`. */
export function isLostDbConnection(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { fatal?: unknown }).fatal === true;
}

/** ioredis's errors when the server is away: no writable stream (offline queue off), closed, timed out, retries spent. */
const REDIS_DOWN =
  /Stream isn't writeable|Connection is closed|Command timed out|Reached the max retries per request limit|connect ECONNREFUSED|connect ETIMEDOUT/;

export function isRedisDown(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: unknown; message?: unknown };
  return e.name === 'MaxRetriesPerRequestError' || (typeof e.message === 'string' && REDIS_DOWN.test(e.message) && !('fatal' in e));
}

/** Which dependency an error says is away, or null for any other error. */
export function outageOf(err: unknown): Dependency | null {
  if (err instanceof ServiceDown) return err.dependency;
  if (isLostDbConnection(err)) return 'db';
  if (isRedisDown(err)) return 'cache';
  return null;
}

/** The 503 envelope's error for an outage. */
export function outageError(dep: Dependency): AppError {
  return new AppError('unavailable', dep === 'db' ? OPS.database_unavailable : OPS.cache_unavailable);
}

const LOG_EVERY_MS = 10_000;
const lastLogged = new Map<string, number>();

/**
 * Whether an outage seen by `who` (`db`, `cache`: requests; or a background client) is worth a log
 * line now: the first one, then one each 10 s while it lasts.
 */
export function outageLogDue(who: string, now = Date.now()): boolean {
  const last = lastLogged.get(who) ?? 0;
  if (now - last < LOG_EVERY_MS) return false;
  lastLogged.set(who, now);
  return true;
}
