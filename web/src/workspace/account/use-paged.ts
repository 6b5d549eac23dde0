/**
 * One page of a member's list (`{list, pagination}` answers): loads page `page` of `load`, again when
 * `deps` change (back to page 1) or `reload()` is called. A refused call leaves `error` (its message
 * and HTTP status) for the screen to show.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../app/api';

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
  loading: boolean;
  error: { message: string; status: number } | null;
  setPage: (page: number) => void;
  reload: () => void;
}

export function usePaged<T>(
  load: (page: number, size: number) => Promise<{ list: T[]; pagination?: { total?: number } }>,
  deps: unknown[],
  size = 10,
): Paged<T> {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ list: T[]; total: number; loading: boolean; error: Paged<T>['error'] }>({
    list: [],
    total: 0,
    loading: true,
    error: null,
  });
  const depKey = JSON.stringify(deps);

  useEffect(() => setPage(1), [depKey]);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load(page, size)
      .then((r) => live && setState({ list: Array.isArray(r?.list) ? r.list : [], total: Number(r?.pagination?.total ?? 0), loading: false, error: null }))
      .catch((e: unknown) => {
        if (!live) return;
        const status = e instanceof ApiError ? e.status : 0;
        setState((s) => ({ ...s, loading: false, error: { message: e instanceof Error ? e.message : String(e), status } }));
      });
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; what it reads is in `deps`.
  }, [page, size, version, depKey]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, page, size, setPage, reload };
}
