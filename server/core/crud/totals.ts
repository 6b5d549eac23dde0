/**
 * Page totals. `cached` (the default): exact for every write made through the API. A total is kept
 * in the cache store under the entity's write generation, the filter and the caller's data scope;
 * any write to the entity bumps the generation (on every instance once Redis is configured), and a
 * short TTL bounds writes made outside the API. `live`: counted on every request. `estimated`: an
 * unfiltered total read from the database's statistics, for very large tables.
 */
import { createHash } from 'node:crypto';
import type { CacheStore } from '../cache/store';
import type { Db } from '../db/db';
import type { Entity } from '../entity/model';
import type { ParsedQuery } from './query';

export const TOTAL_TTL_SECONDS = 60;
/** Below this many rows by the statistics, an `estimated` total is counted exactly after all. */
export const ESTIMATE_FROM_ROWS = 1000;
const GEN_TTL_SECONDS = 30 * 24 * 3600;

export class Totals {
  /** Counts running in this process, by cache key: concurrent misses share one COUNT. */
  private readonly inflight = new Map<string, Promise<number>>();

  constructor(private readonly cache: CacheStore, private readonly db: Db, private readonly ttl = TOTAL_TTL_SECONDS) {}

  private genKey(e: Entity): string {
    return `gen:${e.key}`;
  }

  /** Drops every cached total of the entity. */
  async bump(e: Entity): Promise<void> {
    await this.cache.incr(this.genKey(e), GEN_TTL_SECONDS);
  }

  async total(e: Entity, pq: ParsedQuery, scope: string, count: () => Promise<number>): Promise<number> {
    if (e.total === 'live') return count();
    if (e.total === 'estimated' && !pq.filtered) {
      // Statistics can lag far behind a small or new table; counting such a table exactly is cheap.
      const est = await this.estimate(e);
      if (est !== null && est >= ESTIMATE_FROM_ROWS) return est;
    }
    // The generation is read before counting, so a write that lands meanwhile makes this entry unreachable.
    const gen = (await this.cache.get(this.genKey(e))) ?? '0';
    const key = `total:${e.key}:${gen}:${createHash('sha1').update(`${pq.filterKey}|${scope}`).digest('base64url')}`;
    const hit = await this.cache.get(key);
    if (hit !== null) return Number(hit);
    let running = this.inflight.get(key);
    if (!running) {
      running = (async () => {
        try {
          const n = await count();
          await this.cache.set(key, String(n), this.ttl);
          return n;
        } finally {
          this.inflight.delete(key);
        }
      })();
      this.inflight.set(key, running);
    }
    return running;
  }

  /** Row count from the database's statistics, or null when it has none. */
  async estimate(e: Entity): Promise<number | null> {
    if (this.db.dialect === 'mysql') {
      const [r] = await this.db.query<{ n: number | null }>(
        'SELECT TABLE_ROWS AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
        [e.table],
      );
      return r && r.n !== null ? Number(r.n) : null;
    }
    try {
      const [r] = await this.db.query<{ stat: string }>('SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1', [e.table]);
      return r ? Number(r.stat.split(' ')[0]) : null;
    } catch {
      return null; // no ANALYZE has run yet: sqlite_stat1 does not exist
    }
  }
}
