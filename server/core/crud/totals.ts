/**
 * Page totals. `live`: counted on every request. `estimated`: an unfiltered total read from the
 * database's statistics, for very large tables. `cached` (the default), kept right through writes:
 *
 * - A total is kept in the total store (Redis once configured, shared by every instance) under the
 *   entity, the filter and the caller's data scope, with its row test: the filter's equality, IN
 *   and keyword parts, the access rule or data scope, the live flag ({@link RowTest}).
 * - A write through the operations records each row before it and reads it back after it, in its
 *   transaction. After the commit, each cached total of the entity whose test decides both rows
 *   moves by the difference, atomically in the store (an add to status 1 is +1 on `{status: 1}`
 *   and on the unfiltered total, 0 on `{status: 0}`). No COUNT runs.
 * - A total whose test the rows cannot decide (membership sub-selects, the department scope's
 *   users, text the MariaDB collation folds beyond ASCII, dates and decimals) is dropped by the
 *   write and counted again by the next page, which is exact. Writes to the entities such a test
 *   looks into drop it too. A write that names no rows (purge) drops every total of the entity.
 * - A count and a write can overlap. A write marks itself under way before its commit and bumps
 *   the entity's version with its adjustment; a count is kept as exact only when the version it
 *   read before counting is still current and no write is under way. Otherwise it is kept only
 *   where no total was, marked due for a recount. No write is lost or counted twice this way.
 * - A total older than `TOTAL_RECOUNT_SECONDS` (or one kept while writes landed) is served as it
 *   is, with `pagination.approximate: true`, while one recount per interval and total (across
 *   instances) runs in the background. That bounds writes made outside the API.
 * - Counts made inside a transaction are never kept (they see its uncommitted rows).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CacheStore } from '../cache/store';
import { totalStoreFor, type TotalStore } from '../cache/total-store';
import type { Db } from '../db/db';
import type { Entity } from '../entity/model';
import type { ParsedQuery } from './query';
import { hasOpaque, OPAQUE, totalDelta, type RowTest } from './total-match';

/** Default seconds after which a cached total is recounted in the background. */
export const TOTAL_RECOUNT_SECONDS = 60;
/** Below this many rows by the statistics, an `estimated` total is counted exactly after all. */
export const ESTIMATE_FROM_ROWS = 1000;
/** Totals kept per entity; beyond them, pages count (a registry every write reads must stay small). */
export const MAX_TOTALS_PER_ENTITY = 2000;
/** A write that has not ended this long after its commit began has died with its process. */
const WRITE_DEADLINE_MS = 60_000;

/** A row written by a transaction: as it was before (null: absent) and as it is after it. */
export interface RowChange {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface TotalAnswer {
  total: number;
  /** Served while due for a recount: writes made outside the API may be missing. */
  approximate: boolean;
}

/** The writes of one transaction under way, per entity, with the registries read at their start. */
export interface WriteTicket {
  token: string;
  registries: Map<string, Map<string, string>>;
  ended: Set<string>;
  /** Marks started (by entity key), each answering the entity's registry; settle() waits for them. */
  marking: Map<string, Promise<Map<string, string>>>;
}

export class Totals {
  /** Counts running in this process, by entry: concurrent misses share one COUNT. */
  private readonly inflight = new Map<string, Promise<number>>();
  private readonly tests = new Map<string, RowTest>();
  private readonly store: TotalStore;
  /** Entities whose totals' tests look into an entity (by its key): its writes drop their undecidable totals. */
  private dependents = new Map<string, Entity[]>();

  constructor(
    cache: CacheStore,
    private readonly db: Db,
    private readonly recountSeconds = TOTAL_RECOUNT_SECONDS,
  ) {
    this.store = totalStoreFor(cache);
  }

  dependOn(dependents: Map<string, Entity[]>): void {
    this.dependents = dependents;
  }

  /** Drops every cached total of the entity. */
  async bump(e: Entity): Promise<void> {
    await this.store.commit(e.key, '', [], 'all');
  }

  /** The total alone (see {@link answer}). */
  async total(e: Entity, pq: ParsedQuery, scope: string, count: () => Promise<number>): Promise<number> {
    return (await this.answer(e, pq, scope, count)).total;
  }

  async answer(e: Entity, pq: ParsedQuery, scope: string, count: () => Promise<number>, inTransaction = false): Promise<TotalAnswer> {
    if (e.total === 'live') return { total: await count(), approximate: false };
    if (e.total === 'estimated' && !pq.filtered) {
      // Statistics can lag far behind a small or new table; counting such a table exactly is cheap.
      const est = await this.estimate(e);
      if (est !== null && est >= ESTIMATE_FROM_ROWS) return { total: est, approximate: false };
    }
    const id = createHash('sha1').update(`${pq.filterKey}|${scope}`).digest('base64url');
    const hit = await this.store.read(e.key, id);
    if (hit) {
      if (hit.at > 0 && Date.now() - hit.at < this.recountSeconds * 1000) return { total: hit.n, approximate: false };
      if (!inTransaction && (await this.store.claim(e.key, id, this.recountSeconds))) {
        // Stale-while-revalidate: a failed recount leaves the entry due, and the claim's expiry retries it.
        void this.countAndKeep(e, id, pq, count).catch(() => undefined);
      }
      return { total: hit.n, approximate: true };
    }
    if (inTransaction) return { total: await count(), approximate: false };
    return { total: await this.countAndKeep(e, id, pq, count), approximate: false };
  }

  private countAndKeep(e: Entity, id: string, pq: ParsedQuery, count: () => Promise<number>): Promise<number> {
    const key = `${e.key}:${id}`;
    let running = this.inflight.get(key);
    if (!running) {
      running = (async () => {
        try {
          const version = await this.store.version(e.key);
          const n = await count();
          const test = JSON.stringify(pq.test ?? OPAQUE);
          await this.store.store(e.key, id, { n, version, test, now: Date.now(), ttl: this.entryTtl(), maxEntries: MAX_TOTALS_PER_ENTITY });
          return n;
        } finally {
          this.inflight.delete(key);
        }
      })();
      this.inflight.set(key, running);
    }
    return running;
  }

  private entryTtl(): number {
    return Math.max(3600, this.recountSeconds * 60);
  }

  private test(text: string): RowTest {
    let t = this.tests.get(text);
    if (!t) {
      if (this.tests.size > 10_000) this.tests.clear();
      this.tests.set(text, (t = JSON.parse(text) as RowTest));
    }
    return t;
  }

  /** A transaction's ticket, before any of its writes is marked. */
  newTicket(): WriteTicket {
    return { token: randomUUID(), registries: new Map(), ended: new Set(), marking: new Map() };
  }

  /**
   * Starts marking writes to `entities` (and the entities whose totals look into them) under way,
   * without waiting: a transaction marks an entity as it starts writing it, so the mark travels to
   * the store while the writes do, and the commit waits for it (settle) without another round trip.
   */
  mark(ticket: WriteTicket, entities: Entity[]): void {
    const deadline = Date.now() + WRITE_DEADLINE_MS;
    for (const e of entities) {
      for (const x of [e, ...(this.dependents.get(e.key) ?? [])]) {
        if (ticket.marking.has(x.key)) continue;
        const begun = this.store.begin(x.key, ticket.token, deadline);
        begun.catch(() => undefined); // reported by settle()
        ticket.marking.set(x.key, begun);
      }
    }
  }

  /** Waits for the ticket's marks: their registries are then known; throws when one failed. */
  async settle(ticket: WriteTicket): Promise<void> {
    const keys = [...ticket.marking.keys()];
    const results = await Promise.allSettled(keys.map((k) => ticket.marking.get(k)!));
    results.forEach((r, i) => r.status === 'fulfilled' && ticket.registries.set(keys[i], r.value));
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
    if (failed) throw failed.reason;
  }

  /**
   * After the commit: moves the totals of `e` the rows decide, drops the others (all of them when
   * `rows` is null: the write named no rows), and drops the undecidable totals of its dependents.
   */
  async written(e: Entity, rows: RowChange[] | null, ticket: WriteTicket | null): Promise<void> {
    const token = ticket?.token ?? '';
    const registry = async (x: Entity) => ticket?.registries.get(x.key) ?? (await this.store.registry(x.key));
    if (rows === null) await this.store.commit(e.key, token, [], 'all');
    else {
      const deltas: Array<[string, number]> = [];
      const drop: string[] = [];
      for (const [id, text] of await registry(e)) {
        const t = this.test(text);
        let sum: number | null = 0;
        for (const r of rows) {
          const d = totalDelta(e, this.db.dialect, t, r.before, r.after);
          if (d === null) {
            sum = null;
            break;
          }
          sum += d;
        }
        if (sum === null) drop.push(id);
        else if (sum !== 0) deltas.push([id, sum]);
      }
      await this.store.commit(e.key, token, deltas, drop);
    }
    ticket?.ended.add(e.key);
    for (const d of this.dependents.get(e.key) ?? []) {
      const drop = [...(await registry(d))].filter(([, text]) => hasOpaque(this.test(text))).map(([id]) => id);
      await this.store.commit(d.key, token, [], drop);
      ticket?.ended.add(d.key);
    }
  }

  /** Ends what a transaction left under way (it rolled back, wrote nothing it marked, or its upkeep failed). */
  async end(ticket: WriteTicket): Promise<void> {
    for (const [key, begun] of ticket.marking) {
      if (ticket.ended.has(key)) continue;
      // A mark still travelling is waited for, so it cannot land after this and stay until its deadline.
      if (
        await begun.then(
          () => true,
          () => false,
        )
      )
        await this.store.end(key, ticket.token);
      ticket.ended.add(key);
    }
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
