/**
 * The reads of the knowledge's retrieval that the generic list cannot express: a ranked search of
 * the search index (base/searchTerm) for the sources holding ANY of a question's terms, where the
 * chat's search (search-index.queries.ts) wants every term of a typed query. Parameterized; SQLite
 * and MariaDB answer alike from the (term, scope, source, sourceId) index.
 *
 * Ranking: each term weighs its rarity within the scopes searched (an inverse document frequency,
 * log(1 + N / df), from one statement counting the sources per term), and a source scores the sum
 * of the weights of the terms it holds (a prefix term counted once however many words it starts).
 */
import { entity, type Core } from '../../../core/api';
import { prefixUpperBound, type QueryTerm } from '../../chat/search/terms';

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export interface RankedSearch {
  source: string;
  scopes: string[];
  terms: QueryTerm[];
  limit: number;
}

export interface Ranked {
  sourceId: number;
  score: number;
}

/** The condition of one term, and its parameters. */
function termMatch(q: (s: string) => string, t: QueryTerm): [string, unknown[]] {
  return t.prefix ? [`(${q('term')} >= ? AND ${q('term')} < ?)`, [t.term, prefixUpperBound(t.term)]] : [`${q('term')} = ?`, [t.term]];
}

/** Sources within `scopes` holding at least one term, best first (see the file's comment), at most `limit`. */
export async function rankedSources(core: Core, s: RankedSearch): Promise<Ranked[]> {
  if (!s.scopes.length || !s.terms.length || s.limit < 1) return [];
  const { db } = core;
  const q = db.q.bind(db);
  const table = q(entity(core.model, 'base/searchTerm').table);
  const matches = s.terms.map((t) => termMatch(q, t));
  const any = `(${matches.map(([sql]) => sql).join(' OR ')})`;
  const anyParams = matches.flatMap(([, p]) => p);
  const where = `${q('source')} = ? AND ${q('scope')} IN (${marks(s.scopes.length)}) AND ${any}`;
  const whereParams = [s.source, ...s.scopes, ...anyParams];
  // Document frequencies: one COUNT(DISTINCT) per term, and the sources holding any.
  const dfCols = matches.map(([sql], i) => `COUNT(DISTINCT CASE WHEN ${sql} THEN ${q('sourceId')} END) AS ${q(`d${i}`)}`);
  const [dfRow] = await db.query<Record<string, number | string>>(
    `SELECT COUNT(DISTINCT ${q('sourceId')}) AS ${q('n')}, ${dfCols.join(', ')} FROM ${table} WHERE ${where}`,
    [...anyParams, ...whereParams],
  );
  const total = Number(dfRow?.n ?? 0);
  if (!total) return [];
  const weights = matches.map((_, i) => {
    const df = Number(dfRow?.[`d${i}`] ?? 0);
    return df ? Math.log(1 + (total + 1) / df) : 0;
  });
  const scoreSql = matches.map(([sql]) => `MAX(CASE WHEN ${sql} THEN ? ELSE 0 END)`).join(' + ');
  const scoreParams = matches.flatMap(([, p], i) => [...p, weights[i]]);
  const rows = await db.query<{ sourceId: number | string; score: number | string }>(
    `SELECT ${q('sourceId')}, (${scoreSql}) AS ${q('score')} FROM ${table} WHERE ${where} GROUP BY ${q('sourceId')} ORDER BY ${q('score')} DESC, ${q('sourceId')} DESC LIMIT ?`,
    [...scoreParams, ...whereParams, s.limit],
  );
  return rows.map((r) => ({ sourceId: Number(r.sourceId), score: Number(r.score) }));
}

/** Ids of the chunks of document `docId`, at most `limit`. */
export async function chunkIdsOfDoc(core: Core, docId: number, limit: number): Promise<number[]> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ id: number | string }>(
    `SELECT ${q('id')} FROM ${q(entity(core.model, 'ai/knowledgeChunk').table)} WHERE ${q('docId')} = ? ORDER BY ${q('id')} LIMIT ?`,
    [docId, limit],
  );
  return rows.map((r) => Number(r.id));
}

/** Documents waiting for an indexing run (queued, or indexing with a hold that passed at `now`, stored datetime text), oldest first. */
export async function waitingDocIds(core: Core, now: string, limit: number): Promise<number[]> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ id: number | string }>(
    `SELECT ${q('id')} FROM ${q(entity(core.model, 'ai/knowledgeDoc').table)} ` +
      `WHERE ${q('state')} = 'queued' OR (${q('state')} = 'indexing' AND ${q('leaseUntil')} < ?) ORDER BY ${q('id')} LIMIT ?`,
    [now, limit],
  );
  return rows.map((r) => Number(r.id));
}

/** The stored vectors of a group's chunks made by `model`, at most `limit`. */
export async function vectorsOfGroup(core: Core, groupId: number, model: string, limit: number): Promise<Array<{ id: number; vector: string }>> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ id: number | string; vector: string | null }>(
    `SELECT ${q('id')}, ${q('vector')} FROM ${q(entity(core.model, 'ai/knowledgeChunk').table)} ` +
      `WHERE ${q('groupId')} = ? AND ${q('vectorModel')} = ? AND ${q('vector')} IS NOT NULL ORDER BY ${q('id')} LIMIT ?`,
    [groupId, model, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), vector: r.vector ?? '' }));
}
