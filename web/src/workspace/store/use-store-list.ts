/**
 * The store's goods for a filter, page after page: the first page when the filter changes, the
 * next one on `loadMore` (the scroll sentinel or the button). Answers to an older filter are
 * dropped; a failed page can be asked again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../app/api';
import { EMPTY_PAGED, mergePage, type Paged } from './paging';
import { storeCalls, type StoreFilter, type StoreGoods } from './store-calls';

export const PAGE_SIZE = 12;

export interface StoreList {
  paged: Paged<StoreGoods>;
  loading: boolean;
  /** The message of the last failed page, null when none. */
  error: string | null;
  loadMore(): void;
  /** Asks again for the page that failed. */
  retry(): void;
}

interface State {
  paged: Paged<StoreGoods>;
  loading: boolean;
  error: string | null;
}

export function useStoreList(filter: StoreFilter, size = PAGE_SIZE): StoreList {
  const key = JSON.stringify(filter);
  const [state, setState] = useState<State>({ paged: EMPTY_PAGED, loading: true, error: null });
  const live = useRef(state);
  live.current = state;
  const round = useRef(0);

  const load = useCallback(
    (page: number) => {
      const mine = ++round.current;
      setState((s) => ({ ...s, loading: true, error: null }));
      storeCalls.list({ ...(JSON.parse(key) as StoreFilter), page, size }).then(
        (answer) => {
          if (mine !== round.current) return;
          setState((s) => ({ paged: mergePage(s.paged, answer), loading: false, error: null }));
        },
        (err: unknown) => {
          if (mine !== round.current) return;
          setState((s) => ({ ...s, loading: false, error: err instanceof ApiError ? err.message : String(err) }));
        },
      );
    },
    [key, size],
  );

  useEffect(() => {
    setState({ paged: EMPTY_PAGED, loading: true, error: null });
    load(1);
  }, [load]);

  const loadMore = useCallback(() => {
    const s = live.current;
    if (s.loading || s.error || !s.paged.hasMore) return;
    load(s.paged.page + 1);
  }, [load]);

  const retry = useCallback(() => {
    const s = live.current;
    load(s.paged.page === 0 ? 1 : s.paged.page + 1);
  }, [load]);

  return { ...state, loadMore, retry };
}
