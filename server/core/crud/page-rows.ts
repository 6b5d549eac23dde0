/**
 * The rows query of page: OFFSET for the first pages, a deferred join (ids over the index first,
 * then only the rows of the page) for deep ones, and a keyset seek after the previous page's last
 * row when the client pages forward, or at the page's own first row when the same deep page is
 * asked again under the same write generation (keyset.ts).
 */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import type { Plan } from './plan';
import { orderSql, type ParsedQuery } from './query';
import { afterClause, fromClause, seekColumn, type Boundary, type PageBoundaries } from './keyset';

/** From this offset on, page uses a deferred join. */
export const DEFERRED_JOIN_OFFSET = 500;

export interface RowsQuery {
  sql: string;
  params: unknown[];
  /** How the rows are found, for tests and EXPLAIN output. */
  via: 'offset' | 'deferred' | 'keyset' | 'again';
  /** Identical deferred reads under the same write generation share one run while it is under way (in-flight.ts). */
  shareKey: string | null;
  /** Records the page's boundary for the next page; call with the rows as read, before decoding. */
  served(rows: Row[]): Promise<void>;
}

export async function pageRows(
  e: Entity,
  pq: ParsedQuery,
  plan: Plan,
  q: (n: string) => string,
  boundaries: PageBoundaries,
  scope: string,
): Promise<RowsQuery> {
  const offset = (pq.page - 1) * pq.size;
  const col = seekColumn(e, pq);
  const seek = col ? await boundaries.seek(e, pq, scope) : null;
  const served = async (rows: Row[]) => {
    if (seek && col) await boundaries.remember(e, pq, scope, seek, col, rows);
  };
  // The ids come from a covering read of the index: MariaDB then scans the index range itself
  // instead of walking every row of the filter value and checking each against the boundary.
  // CROSS JOIN keeps the page's ids the outer loop on SQLite, which otherwise may walk the whole
  // table in order and probe the ids; on MySQL it is a plain inner join.
  const byIds = (where: string, limit: string) =>
    `SELECT ${plan.selectAliased} FROM (SELECT ${q('id')} FROM ${plan.table}${where} ORDER BY ${pq.orderBy} ${limit}) k CROSS JOIN ${plan.table} t ON t.${q('id')} = k.${q('id')} ORDER BY ${orderSql(pq.order, q, 't')}`;
  const seekFrom = (b: Boundary, inclusive: boolean, via: RowsQuery['via']): RowsQuery => {
    const c = inclusive ? fromClause(pq, b, q) : afterClause(pq, b, q);
    const where = pq.where ? `${pq.where} AND ${c.sql}` : ` WHERE ${c.sql}`;
    return { sql: byIds(where, 'LIMIT ?'), params: [...pq.params, ...c.params, pq.size], via, served, shareKey: null };
  };
  if (seek?.start && offset >= DEFERRED_JOIN_OFFSET) return seekFrom(seek.start, true, 'again');
  if (seek?.after) return seekFrom(seek.after, false, 'keyset');
  if (offset < DEFERRED_JOIN_OFFSET) {
    return {
      sql: `SELECT ${plan.select} FROM ${plan.table}${pq.where} ORDER BY ${pq.orderBy} LIMIT ? OFFSET ?`,
      params: [...pq.params, pq.size, offset],
      via: 'offset',
      served,
      shareKey: null,
    };
  }
  const sql = byIds(pq.where, 'LIMIT ? OFFSET ?');
  const params = [...pq.params, pq.size, offset];
  const shareKey = seek ? `${e.key}|${seek.gen}|${sql}|${JSON.stringify(params)}` : null;
  return { sql, params, via: 'deferred', served, shareKey };
}
