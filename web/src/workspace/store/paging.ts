/**
 * The store's infinite list: pages of `goods/info/openList` appended in order. A goods that moved
 * between two page loads (a new listing pushes the rest down) would come twice; it is kept once,
 * where it came first.
 */

export interface PageAnswer<T> {
  list: T[];
  pagination: { page: number; size: number; total: number };
}

export interface Paged<T> {
  items: T[];
  /** The last page loaded (0 before the first). */
  page: number;
  total: number;
  /** Whether another page may hold more. */
  hasMore: boolean;
}

export const EMPTY_PAGED: Paged<never> = { items: [], page: 0, total: 0, hasMore: true };

/** `prev` with page `answer` appended (page 1 starts over). */
export function mergePage<T extends { id: number | string }>(prev: Paged<T>, answer: PageAnswer<T>): Paged<T> {
  const { page, size, total } = answer.pagination;
  const base = page <= 1 ? [] : prev.items;
  const seen = new Set(base.map((g) => String(g.id)));
  const items = [...base];
  for (const g of answer.list) {
    const k = String(g.id);
    if (seen.has(k)) continue;
    seen.add(k);
    items.push(g);
  }
  // A short page, an empty one, or every row counted: nothing more to ask for.
  const hasMore = answer.list.length >= size && page * size < total && answer.list.length > 0;
  return { items, page, total, hasMore };
}
