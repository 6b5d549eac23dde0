/**
 * The one read of the search index that the generic list cannot express: the sources within some
 * scopes that hold every term of a query, newest first. One parameterized statement, which SQLite
 * and MariaDB answer alike from the (term, scope, source, sourceId) index; the term column compares
 * code points on both (binary collation), so a prefix is a range of it.
 */
import { entity } from '../../../core/api';
import type { Core } from '../../../core/api';
import { prefixUpperBound, type QueryTerm } from './terms';

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export interface TermMatch {
  source: string;
  /** Only these scopes (at least one). */
  scopes: string[];
  /** At least one term, each of which a source must hold. */
  terms: QueryTerm[];
  limit: number;
  /** Only sources with a lower id (the next page). */
  beforeSourceId?: number;
}

/** Ids of the sources holding every term, highest first, at most `limit`. */
export async function sourcesWithTerms(core: Core, m: TermMatch): Promise<number[]> {
  const { db } = core;
  const q = db.q.bind(db);
  const term = q('term');
  const exact = m.terms.filter((t) => !t.prefix).map((t) => t.term);
  const ranges = m.terms.filter((t) => t.prefix).map((t) => [t.term, prefixUpperBound(t.term)]);
  const inRange = `(${term} >= ? AND ${term} < ?)`;
  const matches = [...(exact.length ? [`${term} IN (${marks(exact.length)})`] : []), ...ranges.map(() => inRange)];
  // Each exact term counted once, and each prefix matched by some term of the source.
  const having = [
    ...(exact.length ? [`COUNT(DISTINCT CASE WHEN ${term} IN (${marks(exact.length)}) THEN ${term} END) = ?`] : []),
    ...ranges.map(() => `MAX(CASE WHEN ${inRange} THEN 1 ELSE 0 END) = 1`),
  ];
  const before = m.beforeSourceId !== undefined ? ` AND ${q('sourceId')} < ?` : '';
  const rows = await db.query<{ sourceId: number | string }>(
    `SELECT ${q('sourceId')} FROM ${q(entity(core.model, 'base/searchTerm').table)} ` +
      `WHERE ${q('source')} = ? AND ${q('scope')} IN (${marks(m.scopes.length)}) AND (${matches.join(' OR ')})${before} ` +
      `GROUP BY ${q('sourceId')} HAVING ${having.join(' AND ')} ORDER BY ${q('sourceId')} DESC LIMIT ?`,
    [
      m.source,
      ...m.scopes,
      ...exact,
      ...ranges.flat(),
      ...(m.beforeSourceId !== undefined ? [m.beforeSourceId] : []),
      ...(exact.length ? [...exact, exact.length] : []),
      ...ranges.flat(),
      m.limit,
    ],
  );
  return rows.map((r) => Number(r.sourceId));
}
