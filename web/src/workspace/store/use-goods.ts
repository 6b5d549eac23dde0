/**
 * A goods page's listing by the id in its address: loading, found, not found (404: not on sale, or
 * no such goods; an id that is not a number), or failed (retry). Once found, the view is counted
 * once for this page load (the server counts a visitor once per half hour anyway), and a member's
 * `isPlaced` tells whether they already bought it.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../app/api';
import { storeCalls, type GoodsDetail } from './store-calls';
import { visitorId } from './visitor-id';

export type GoodsState = { state: 'loading' } | { state: 'found'; goods: GoodsDetail } | { state: 'notFound' } | { state: 'failed'; message: string };

const viewed = new Set<number>();

export function useGoods(id: number | null, signedIn: boolean): GoodsState & { reload(): void; patch(p: Partial<GoodsDetail>): void } {
  const [s, setS] = useState<GoodsState>(id === null ? { state: 'notFound' } : { state: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const patch = useCallback((p: Partial<GoodsDetail>) => setS((cur) => (cur.state === 'found' ? { state: 'found', goods: { ...cur.goods, ...p } } : cur)), []);

  useEffect(() => {
    if (id === null) {
      setS({ state: 'notFound' });
      return;
    }
    let live = true;
    setS({ state: 'loading' });
    storeCalls.detail(id, signedIn ? undefined : visitorId()).then(
      (goods) => live && setS({ state: 'found', goods }),
      (err: unknown) => {
        if (!live) return;
        const e = err instanceof ApiError ? err : null;
        if (e && (e.status === 404 || e.status === 400)) setS({ state: 'notFound' });
        else setS({ state: 'failed', message: e?.message ?? String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [id, signedIn, round]);

  const found = s.state === 'found';
  useEffect(() => {
    if (!found || id === null || viewed.has(id)) return;
    viewed.add(id);
    storeCalls.view(id).then(
      (r) => patch({ viewCount: r.viewCount }),
      () => undefined, // a view not counted is no reason to trouble the visitor
    );
  }, [found, id, patch]);

  return { ...s, reload, patch };
}

/** Whether the signed-in member already bought goods `id` (null while asking, or when not asked). */
export function useIsPlaced(id: number | null, ask: boolean): { bought: boolean | null; set(v: boolean): void; recheck(): void } {
  const [bought, setBought] = useState<boolean | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setBought(null);
    if (!ask || id === null) return;
    let live = true;
    storeCalls.isPlaced(id).then(
      (v) => live && setBought(v === true),
      () => live && setBought(false), // unknown: offer to buy; the server refuses a second purchase itself
    );
    return () => {
      live = false;
    };
  }, [id, ask, round]);
  return { bought, set: setBought, recheck: useCallback(() => setRound((r) => r + 1), []) };
}
