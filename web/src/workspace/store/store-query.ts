/**
 * The store's filter lives in its address (`/workflow_store?type=2&q=logo&kw=translate&sells=1&sort=newest`),
 * so a reload, a shared link or the back button shows the same goods.
 */
import type { StoreFilter } from './store-calls';

export const SORTS = ['sortNum', 'createTime', 'likeCount', 'viewCount', 'sold', 'priceAsc', 'priceDesc'] as const;
export type SortKey = (typeof SORTS)[number];

export interface StoreQuery {
  /** Words typed in the search box (openList keyWord: title and subtitle). */
  q: string;
  /** A goods type id. */
  type?: number;
  /** A suggested search keyword (openList searchKeyword: title, subtitle and tags). */
  kw: string;
  /** What the listings sell (openList relateType): 1 AI members, 2 groups, 3 prompts and documents. */
  sells?: SoldKind;
  sort: SortKey;
}

/** The kinds of what is sold the store filters by. */
export const SOLD_KINDS = [1, 2, 3] as const;
export type SoldKind = (typeof SOLD_KINDS)[number];

const MAX_TEXT = 200;

export function readQuery(search: URLSearchParams): StoreQuery {
  const type = Number(search.get('type'));
  const sort = search.get('sort') as SortKey | null;
  const sells = Number(search.get('sells'));
  return {
    q: (search.get('q') ?? '').trim().slice(0, MAX_TEXT),
    type: Number.isSafeInteger(type) && type > 0 ? type : undefined,
    kw: (search.get('kw') ?? '').trim().slice(0, MAX_TEXT),
    sells: (SOLD_KINDS as readonly number[]).includes(sells) ? (sells as SoldKind) : undefined,
    sort: sort && (SORTS as readonly string[]).includes(sort) ? sort : 'sortNum',
  };
}

/** The address query of `q` (defaults left out). */
export function writeQuery(q: StoreQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.q) out.set('q', q.q);
  if (q.type) out.set('type', String(q.type));
  if (q.kw) out.set('kw', q.kw);
  if (q.sells) out.set('sells', String(q.sells));
  if (q.sort !== 'sortNum') out.set('sort', q.sort);
  return out;
}

/** The openList filter of `q`. */
export function toFilter(q: StoreQuery): StoreFilter {
  const f: StoreFilter = {};
  if (q.q) f.keyWord = q.q;
  if (q.type) f.typeId = q.type;
  if (q.kw) f.searchKeyword = q.kw;
  if (q.sells) f.relateType = q.sells;
  if (q.sort === 'priceAsc') Object.assign(f, { order: 'price', sort: 'asc' });
  else if (q.sort === 'priceDesc') Object.assign(f, { order: 'price', sort: 'desc' });
  else if (q.sort !== 'sortNum') Object.assign(f, { order: q.sort, sort: 'desc' });
  return f;
}

/** Whether anything narrows the list (the featured row shows only on the whole store). */
export function isFiltered(q: StoreQuery): boolean {
  return !!(q.q || q.type || q.kw || q.sells);
}

/** The goods id in an address segment: digits only, a safe positive integer; null otherwise. */
export function goodsIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const n = Number(param);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
