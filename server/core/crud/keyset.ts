/**
 * Keyset paging for clients that page forward. Serving page n of a query remembers its last row's
 * (order value, id) in the cache store, under the entity's write generation; page n+1 of the same
 * query (filters, order, size, caller scope) then starts right after that row instead of counting
 * past n * size rows.
 *
 * What "page n+1" means: exactly what OFFSET would answer. That holds because a boundary is used
 * only while the generation it was stored under is still the entity's generation, i.e. no write
 * through the API (to the entity, or to an entity its read rule looks into) has committed since
 * page n was served; after one, page n+1 falls back to the OFFSET query (deferred join when deep),
 * so rows inserted or deleted before the boundary shift pages as they always did. Two limits: a
 * write racing the request itself may yield "the rows after the last row seen", and writes made
 * outside the API are not seen at all; the TTL bounds how long such a boundary lives.
 *
 * A page also remembers its first row, so the same page asked again under the same generation (a
 * jump to a deep page that someone opened a moment ago, a reload) starts at that row instead of
 * counting past everything before it.
 */
import { createHash } from 'node:crypto';
import type { CacheStore } from '../cache/store';
import type { Entity } from '../entity/model';
import type { Clause, ParsedQuery } from './query';

export const BOUNDARY_TTL_SECONDS = 60;
const GEN_TTL_SECONDS = 30 * 24 * 3600;

/** The last row of a page: its order value and id. */
export type Boundary = [unknown, number];

export interface Seek {
  /** The generation read before the rows, stored with this page's boundary. */
  gen: string;
  /** The boundary of the previous page, when it is still exact. */
  after: Boundary | null;
  /** This page's own first row, when this page was served under `gen`. */
  start: Boundary | null;
  /** Whether this page's boundary is stored under `gen` already. */
  known: boolean;
}

/** Order field types whose values the driver hands back exactly as they compare in SQL. */
const EXACT_TYPES = new Set(['int', 'bigint', 'boolean', 'string', 'datetime']);

/** The order column keyset paging can seek on, or null (nullable or inexact columns page by OFFSET). */
export function seekColumn(e: Entity, pq: ParsedQuery): string | null {
  const [col] = pq.order[0];
  if (col === 'id') return col;
  const f = e.byName.get(col);
  return f && !f.nullable && EXACT_TYPES.has(f.type) ? col : null;
}

/** The condition "after the boundary" in the query's order, written so both databases read it as one index range. */
export function afterClause(pq: ParsedQuery, b: Boundary, q: (n: string) => string): Clause {
  const [[col, dir]] = pq.order;
  const [cmp, cmpEq] = dir === 'DESC' ? ['<', '<='] : ['>', '>='];
  if (col === 'id') return { sql: `${q('id')} ${cmp} ?`, params: [b[1]] };
  return { sql: `${q(col)} ${cmpEq} ? AND (${q(col)} ${cmp} ? OR ${q('id')} ${cmp} ?)`, params: [b[0], b[0], b[1]] };
}

/** The condition "at or after the row" in the query's order: a page that starts with that row. */
export function fromClause(pq: ParsedQuery, b: Boundary, q: (n: string) => string): Clause {
  const [[col, dir]] = pq.order;
  const [cmp, cmpEq] = dir === 'DESC' ? ['<', '<='] : ['>', '>='];
  if (col === 'id') return { sql: `${q('id')} ${cmpEq} ?`, params: [b[1]] };
  return { sql: `${q(col)} ${cmpEq} ? AND (${q(col)} ${cmp} ? OR ${q('id')} ${cmpEq} ?)`, params: [b[0], b[0], b[1]] };
}

const generationKey = (entityKey: string) => `kgen:${entityKey}`;

/**
 * The write generations of entities, as one text: each moves after every committed write to its
 * entity (by any instance sharing the cache store), so the same text means no row changed since.
 * For caches of a few small tables kept in memory (the model registry): one cache read, no query.
 * A generation may expire after a month without writes, so such a cache also ages out on its own.
 *
 * @example
 * ```ts
 * const gen = await writeGenerations(core.cache, ['ai/provider', 'ai/model']);
 * if (gen !== cached.gen) cached = await reload();
 * ```
 */
export async function writeGenerations(cache: CacheStore, entityKeys: string[]): Promise<string> {
  return (await cache.mget(entityKeys.map(generationKey))).map((g) => g ?? '0').join(':');
}

export class PageBoundaries {
  /**
   * For reads inside a write transaction: they may see rows that are rolled back later, and the
   * generation moves only after the commit, so such pages neither use nor store boundaries.
   */
  static readonly none = new PageBoundaries(null);

  constructor(
    private readonly cache: CacheStore | null,
    private readonly ttl = BOUNDARY_TTL_SECONDS,
  ) {}

  private genKey(e: Entity): string {
    return generationKey(e.key);
  }

  private key(e: Entity, pq: ParsedQuery, scope: string, page: number): string {
    const q = createHash('sha1').update(`${pq.filterKey}|${pq.orderBy}|${pq.size}|${scope}`).digest('base64url');
    return `kb:${e.key}:${q}:${page}`;
  }

  /** Makes every stored boundary of the entity unusable. */
  async bump(e: Entity): Promise<void> {
    await this.cache?.incr(this.genKey(e), GEN_TTL_SECONDS);
  }

  async seek(e: Entity, pq: ParsedQuery, scope: string): Promise<Seek | null> {
    if (!this.cache) return null;
    const keys = [this.genKey(e), this.key(e, pq, scope, pq.page)];
    if (pq.page > 1) keys.push(this.key(e, pq, scope, pq.page - 1));
    const [g, mine, prev] = await this.cache.mget(keys);
    const gen = g ?? '0';
    // Stored as [generation, last value, last id, first value, first id].
    const parse = (v: string | null | undefined): unknown[] | null => {
      if (!v) return null;
      const a = JSON.parse(v) as unknown[];
      return a[0] === gen ? a : null;
    };
    const p = parse(prev);
    const m = parse(mine);
    return {
      gen,
      after: p ? [p[1], p[2] as number] : null,
      start: m && m.length >= 5 ? [m[3], m[4] as number] : null,
      known: m !== null,
    };
  }

  /** Stores the boundary of a full page (a shorter one is the last page: nothing follows it). */
  async remember(e: Entity, pq: ParsedQuery, scope: string, seek: Seek, col: string, rows: Array<Record<string, unknown>>): Promise<void> {
    if (!this.cache || seek.known || rows.length < pq.size) return;
    const first = rows[0];
    const last = rows[rows.length - 1];
    // A bigint beyond 2^53 comes back as text, which MySQL would compare as a double.
    const text = col !== 'id' && ['string', 'datetime'].includes(e.byName.get(col)!.type);
    if (typeof last[col] !== (text ? 'string' : 'number') || typeof first[col] !== typeof last[col]) return;
    const value = JSON.stringify([seek.gen, last[col], Number(last.id), first[col], Number(first.id)]);
    await this.cache.set(this.key(e, pq, scope, pq.page), value, this.ttl);
  }
}
