/**
 * What the store's front offers, from the server's rows: the goods types as chips, the suggested
 * search keywords, and the pinned goods of the featured row.
 */
import type { GoodsType, SearchKeyword, StoreGoods } from './store-calls';

/** The permission that lists the suggested keywords (the member role does not hold it). */
export const KEYWORDS_PERM = 'goods:searchKeyword:list';

/** Enabled top-level types (a type's subtypes come with it in openList), by sortNum then id. */
export function shownTypes(types: readonly GoodsType[]): GoodsType[] {
  return types
    .filter((t) => Number(t.status ?? 1) === 1 && (t.parentId === null || t.parentId === undefined) && !!t.name)
    .sort((a, b) => Number(a.sortNum ?? 0) - Number(b.sortNum ?? 0) || a.id - b.id);
}

/** The keywords' names, each once, in their order. */
export function keywordNames(rows: readonly SearchKeyword[]): string[] {
  const out: string[] = [];
  for (const r of [...rows].sort((a, b) => Number(a.sortNum ?? 0) - Number(b.sortNum ?? 0) || a.id - b.id)) {
    const name = String(r.name ?? '').trim();
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/** How many pinned goods the featured row shows. */
export const FEATURED_MAX = 8;

/** The pinned goods among `list`, in its order, at most `max`. */
export function pinnedOf(list: readonly StoreGoods[], max = FEATURED_MAX): StoreGoods[] {
  return list.filter((g) => Number(g.isPinned) === 1).slice(0, max);
}
