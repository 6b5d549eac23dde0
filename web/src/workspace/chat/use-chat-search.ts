/**
 * The search panel's results (`message/search`): the first page for a query (already debounced by
 * the panel) in one conversation or in all of the member's, then one more page each time `more()`
 * is asked (`beforeId`: the last message shown).
 *
 * Decisions:
 * - Only the answer to the latest query counts: an answer to an older one (typed past meanwhile)
 *   is dropped.
 * - A query without a letter or digit is not sent (the server would refuse it): `noWord`.
 * - A failed page is said in the panel (calls are silent), with a retry; too many searches (HTTP
 *   429) say so apart.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { calls } from '../../app/data';
import { ApiError } from '../../lib/http';
import type { ChatMessage, Target } from '../../app/socket';
import { hasSearchWord } from './search-highlight';

export const SEARCH_PAGE_SIZE = 20;

export interface SearchHit {
  message: ChatMessage;
  /** The conversation as the member names it: the group, or the other user. */
  target: Target;
}

export interface ChatSearchState {
  hits: SearchHit[];
  hasMore: boolean;
  /** A page is on its way (the first one or a further one). */
  loading: boolean;
  /** The last page failed: 'tooFast' (HTTP 429) or 'failed'. */
  error: 'tooFast' | 'failed' | null;
  /** The query holds nothing to search for. */
  noWord: boolean;
  /** An answer came for the current query (so "no results" may be said). */
  done: boolean;
  more(): void;
  retry(): void;
}

interface Answer {
  list: Array<{ message: unknown; toType: number; toId: number }>;
  hasMore: boolean;
}

function fetchPage(q: string, scope: Target | null, beforeId?: number): Promise<Answer> {
  return calls.base.message.search(
    { q, size: SEARCH_PAGE_SIZE, ...(scope ? { toType: scope.toType, toId: scope.toId } : {}), ...(beforeId ? { beforeId } : {}) },
    { silent: true },
  ) as Promise<Answer>;
}

const toHit = (f: Answer['list'][number]): SearchHit => ({ message: f.message as ChatMessage, target: { toType: f.toType === 1 ? 1 : 0, toId: f.toId } });

const EMPTY = { hits: [] as SearchHit[], hasMore: false, loading: false, error: null as ChatSearchState['error'], done: false };

export function useChatSearch(q: string, scope: Target | null): ChatSearchState {
  const query = q.trim();
  const key = `${query}|${scope ? `${scope.toType}-${scope.toId}` : 'all'}`;
  const latest = useRef(key);
  latest.current = key;
  const [state, setState] = useState(EMPTY);
  const [attempt, setAttempt] = useState(0);
  const noWord = query !== '' && !hasSearchWord(query);

  const load = useCallback(
    (beforeId?: number) => {
      const asked = key;
      setState((s) => ({ ...s, loading: true, error: null }));
      fetchPage(query, scope, beforeId).then(
        (page) => {
          if (latest.current !== asked) return;
          const hits = (page.list ?? []).map(toHit);
          setState((s) => ({ hits: beforeId ? [...s.hits, ...hits] : hits, hasMore: !!page.hasMore, loading: false, error: null, done: true }));
        },
        (err: unknown) => {
          if (latest.current !== asked) return;
          const error = err instanceof ApiError && err.status === 429 ? 'tooFast' : 'failed';
          setState((s) => ({ ...s, loading: false, error, done: true }));
        },
      );
    },
    [key], // the key names the query and the scope
  );

  useEffect(() => {
    setState(EMPTY);
    if (!query || noWord) return;
    load();
  }, [key, attempt, noWord, load]); // attempt: a retry of the first page

  const last = state.hits[state.hits.length - 1];
  const more = useCallback(() => {
    if (!state.loading && state.hasMore && last) load(last.message.id);
  }, [state.loading, state.hasMore, last, load]);
  const retry = useCallback(() => {
    if (state.hits.length && last) load(last.message.id);
    else setAttempt((n) => n + 1);
  }, [state.hits.length, last, load]);

  return { ...state, noWord, more, retry };
}
