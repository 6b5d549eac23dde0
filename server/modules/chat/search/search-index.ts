/**
 * A full-text index that SQLite and MariaDB serve alike (MariaDB has no n-gram parser, SQLite's
 * trigram index misses two-character words): the terms of each text (terms.ts) as rows of
 * base/searchTerm, and a search for the sources holding every term of a query. Not the chat's
 * alone: a source is any kind of indexed row (`message` for chat messages; the AI's knowledge
 * retrieval adds its document chunks), a scope what a search may be narrowed to (for messages,
 * the conversation), so a caller that knows who may read which scopes searches only those.
 *
 *   await indexText(core, { source: 'message', sourceId: 42, scope: 'g:7', text: '我们的项目今天上线' });
 *   await findInIndex(core, { source: 'message', scopes: ['g:7'], terms: queryTerms('项目'), limit: 20 }); // [42]
 *   await removeFromIndex(core, 'message', 42);
 *
 * Decisions:
 * - Indexing a source replaces its terms (delete, then insert) in one transaction, so an edited
 *   text never keeps a term it lost, and several sources go in one transaction (a batch).
 * - The index answers source ids only: the caller reads the sources themselves and shows only what
 *   its reader may see of them (the index is a filter, never a copy of the text).
 * - Writes go through the operations as the system (the table has no hooks, owner or member access),
 *   a text's terms in a bulk add (multi-row INSERTs: a message has tens of terms); the console page
 *   of the table counts by estimate (entities/base/searchTerm.entity.ts).
 * - How far a background indexing of existing rows has come is a `mark` row of the same table
 *   (`indexMark`, `setIndexMark`), so the index keeps all it needs in one place.
 */
import { and, entity, eq, isIn, SYSTEM } from '../../../core/api';
import type { Core, OpTransaction } from '../../../core/api';
import { sourcesWithTerms } from './search-index.queries';
import { termCounts, type QueryTerm } from './terms';

/** One text to index: what it is (`source`, `sourceId`), where a search finds it (`scope`), what it says. */
export interface IndexedText {
  /** At most 16 characters (`message`...). */
  source: string;
  sourceId: number;
  /** At most 40 characters; '' when the source has no scopes. */
  scope: string;
  /** '' indexes nothing: the source is removed from the index. */
  text: string;
  /**
   * The source was never indexed (a row just written): its terms are only added, no old ones are
   * looked for. A source that has terms after all makes the write fail (its key is unique).
   */
  fresh?: boolean;
}

export interface IndexSearch {
  source: string;
  /** The scopes to search; none finds nothing. */
  scopes: readonly string[];
  /** queryTerms(q): every one must match; none finds nothing. */
  terms: readonly QueryTerm[];
  /** At most this many ids. */
  limit: number;
  /** Only ids below this one (the next page of a newest-first list). */
  beforeSourceId?: number;
}

/** The source of the rows that keep how far a background indexing has come. */
const MARK = 'mark';
/** Scopes per statement of a search (a member of very many conversations is read in parts). */
const SCOPES_PER_QUERY = 500;
/** Rows per bulk add (the operations' batch limit). */
const ROWS_PER_ADD = 1000;

const terms = (core: Core) => entity(core.model, 'base/searchTerm');

async function replaceTerms(core: Core, t: OpTransaction, list: readonly IndexedText[]): Promise<void> {
  const e = terms(core);
  const bySource = new Map<string, number[]>();
  for (const item of list) {
    if (!item.fresh) (bySource.get(item.source) ?? bySource.set(item.source, []).get(item.source)!).push(item.sourceId);
  }
  for (const [source, ids] of bySource) await t.purge(e, and(eq('source', source), isIn('sourceId', [...new Set(ids)])));
  // A source listed twice keeps its last text.
  const last = new Map(list.map((item) => [`${item.source}:${item.sourceId}`, item]));
  const rows = [...last.values()].flatMap((item) =>
    [...termCounts(item.text)].map(([term, hits]) => ({ source: item.source, sourceId: item.sourceId, scope: item.scope, term, hits })),
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_ADD) await t.addAll(e, rows.slice(i, i + ROWS_PER_ADD), { trusted: true });
}

/** Replaces the terms of each source by those of its text (adds them, for a fresh one), all in one transaction. */
export async function indexTexts(core: Core, list: readonly IndexedText[]): Promise<void> {
  if (!list.length) return;
  await core.ops.transaction(SYSTEM, (t) => replaceTerms(core, t, list));
}

/** Replaces the terms of one source by those of its text (one transaction). */
export function indexText(core: Core, item: IndexedText): Promise<void> {
  return indexTexts(core, [item]);
}

/** Removes sources from the index. */
export async function removeFromIndex(core: Core, source: string, sourceIds: number | readonly number[]): Promise<void> {
  const ids = typeof sourceIds === 'number' ? [sourceIds] : [...sourceIds];
  if (!ids.length) return;
  await core.ops.transaction(SYSTEM, (t) => t.purge(terms(core), and(eq('source', source), isIn('sourceId', ids))));
}

/**
 * Ids of the sources within `scopes` whose text holds every term, highest (newest) first, at most
 * `limit`: one statement (per SCOPES_PER_QUERY scopes).
 */
export async function findInIndex(core: Core, s: IndexSearch): Promise<number[]> {
  if (!s.scopes.length || !s.terms.length || s.limit < 1) return [];
  const scopes = [...new Set(s.scopes)];
  const found: number[] = [];
  for (let i = 0; i < scopes.length; i += SCOPES_PER_QUERY) {
    const part = scopes.slice(i, i + SCOPES_PER_QUERY);
    found.push(...(await sourcesWithTerms(core, { source: s.source, scopes: part, terms: [...s.terms], limit: s.limit, beforeSourceId: s.beforeSourceId })));
  }
  return found.sort((a, b) => b - a).slice(0, s.limit);
}

/** How far the background indexing of `source` has come: the last id it covered (0: none). */
export async function indexMark(core: Core, source: string): Promise<number> {
  const rows = await core.ops.reads(SYSTEM).find(terms(core), and(eq('source', MARK), eq('term', source)), { fields: ['sourceId'] });
  return rows.reduce((max, r) => Math.max(max, Number(r.sourceId)), 0);
}

/** Records that the background indexing of `source` has covered every id up to `sourceId`. */
export async function setIndexMark(core: Core, source: string, sourceId: number): Promise<void> {
  await core.ops.transaction(SYSTEM, async (t) => {
    await t.purge(terms(core), and(eq('source', MARK), eq('term', source)));
    await t.add(terms(core), { source: MARK, sourceId, scope: '', term: source, hits: 0 }, { trusted: true });
  });
}
