/** The /page body of the table's state, and the default column visibility. Pure. */
import type { EpsEntry } from '../eps';

/** ProTable's sort: `{ field: 'ascend' | 'descend' | null }`. */
export type TableSort = Record<string, 'ascend' | 'descend' | null | undefined>;

/**
 * `{page, size, keyWord, order, sort, <fieldEq>: value}` from ProTable's params (current,
 * pageSize, keyWord and the search form's values) and sort. Only declared equality fields are sent.
 */
export function pageBody(entry: EpsEntry, params: Record<string, unknown>, sort: TableSort = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { page: Number(params.current ?? 1), size: Number(params.pageSize ?? 20) };
  const keyWord = typeof params.keyWord === 'string' ? params.keyWord.trim() : '';
  if (keyWord) body.keyWord = keyWord;
  for (const f of entry.search?.fieldEq ?? []) {
    const v = params[f];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    body[f] = v;
  }
  const real = new Set(entry.columns.filter((c) => !c.virtual).map((c) => c.propertyName));
  const [field, dir] = Object.entries(sort).find(([k, d]) => d && real.has(k)) ?? [];
  if (field && dir) {
    body.order = field;
    body.sort = dir === 'ascend' ? 'asc' : 'desc';
  }
  return body;
}

/** Columns shown at first (before the user changes the settings): the first 12. */
export const DEFAULT_SHOWN = 12;

export function defaultColumnsState(names: string[]): Record<string, { show: boolean }> {
  const out: Record<string, { show: boolean }> = {};
  names.forEach((n, i) => {
    out[n] = { show: i < DEFAULT_SHOWN };
  });
  return out;
}
