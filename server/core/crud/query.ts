/**
 * Turns a list/page request body into a WHERE clause, ORDER BY and LIMIT, accepting only declared
 * fields: `order` must name a column, `sort` is asc|desc, filters are the entity's equality fields,
 * each of them shown to the caller (`shown`, see shown.ts), every value becomes a `?` parameter.
 */
import { fail } from '../errors';
import type { Entity, Field } from '../entity/model';
import { toStoredDate } from './values';
import { OPAQUE, type RowTest } from './total-match';

export const MAX_SIZE = 1000;
export const LIST_LIMIT = 5000;
const MAX_PAGE = 10_000_000;
const MAX_IN = 1000;

/** A piece of WHERE with its parameters. */
export interface Clause {
  sql: string;
  params: unknown[];
  /** The same condition as a test of one row, where the clause comes from an access rule or scope. */
  test?: RowTest;
}

export interface ParsedQuery {
  where: string;
  params: unknown[];
  /** ORDER BY columns, id last to break ties. */
  order: Array<[string, 'ASC' | 'DESC']>;
  orderBy: string;
  /** True when the caller filtered (equality or keyword), beyond the soft-delete flag. */
  filtered: boolean;
  page: number;
  size: number;
  /** A stable text of the filter, for cache keys. */
  filterKey: string;
  /** The whole WHERE as a test of one row, for cached totals that writes adjust. */
  test: RowTest;
}

const CONTROL_KEYS = new Set(['page', 'size', 'keyWord', 'order', 'sort']);

function wholeNumber(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

/** One equality value in the stored form, or undefined when it cannot belong to the field. */
function filterValue(f: Field, v: unknown): unknown {
  if (v === null) return null;
  switch (f.type) {
    case 'int':
    case 'bigint': {
      const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
      return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
    }
    case 'float':
    case 'decimal': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      if (typeof v === 'boolean') return v ? 1 : 0;
      return v === 0 || v === 1 ? v : undefined;
    case 'datetime':
      return typeof v === 'string' ? (toStoredDate(v) ?? undefined) : undefined;
    case 'string':
    case 'text':
      return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
    case 'json':
      return undefined;
  }
}

/** Escapes LIKE wildcards so a keyword matches literally (escape character '!'). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[!%_]/g, (c) => '!' + c)}%`;
}

export function parseQuery(
  e: Entity,
  body: Record<string, unknown>,
  mode: 'page' | 'list',
  q: (n: string) => string,
  scope: Clause | null = null,
  shown: ReadonlySet<string> | null = null,
): ParsedQuery {
  // Only what the answer shows the caller is searched, filtered or sorted by (shown.ts).
  const usable = (name: string): boolean => {
    const f = e.byName.get(name);
    return !!f && !f.hidden && !f.writeOnly && (shown === null || shown.has(name));
  };
  const clauses: string[] = [];
  const params: unknown[] = [];
  const tests: RowTest[] = [];
  if (e.softDelete) {
    clauses.push(`${q(e.softDelete)} = 0`);
    tests.push({ field: e.softDelete, eq: 0 });
  }
  if (scope) {
    clauses.push(scope.sql);
    params.push(...scope.params);
    tests.push(scope.test ?? OPAQUE);
  }

  for (const [key, raw] of Object.entries(body)) {
    if (CONTROL_KEYS.has(key) || raw === undefined || raw === '') continue;
    if (!e.search.equal.includes(key) || !usable(key)) throw fail.bad('bad_filter', { field: key });
    const f = e.byName.get(key)!;
    if (Array.isArray(raw)) {
      if (raw.length === 0 || raw.length > MAX_IN) throw fail.bad('bad_filter_value', { field: key });
      const vals = raw.map((v) => filterValue(f, v));
      if (vals.some((v) => v === undefined || v === null)) throw fail.bad('bad_filter_value', { field: key });
      clauses.push(`${q(key)} IN (${vals.map(() => '?').join(', ')})`);
      params.push(...vals);
      tests.push({ field: key, in: vals as Array<string | number> });
    } else {
      const v = filterValue(f, raw);
      if (v === undefined) throw fail.bad('bad_filter_value', { field: key });
      if (v === null) clauses.push(`${q(key)} IS NULL`);
      else {
        clauses.push(`${q(key)} = ?`);
        params.push(v);
      }
      tests.push({ field: key, eq: v as string | number | null });
    }
  }

  const kw = body.keyWord;
  if (kw !== undefined && kw !== null && kw !== '') {
    if (typeof kw !== 'string' && typeof kw !== 'number') throw fail.bad('bad_keyword');
    const text = String(kw).slice(0, 200);
    const fields = e.search.keyword.filter(usable);
    if (fields.length) {
      clauses.push(`(${fields.map((k) => `${q(k)} LIKE ? ESCAPE '!'`).join(' OR ')})`);
      for (let i = 0; i < fields.length; i++) params.push(likePattern(text));
      tests.push({ like: fields, text });
    } else if (e.search.keyword.length) {
      clauses.push('1 = 0');
      tests.push({ or: [] });
    }
  }

  let orderField = e.order.field;
  let sort = e.order.sort;
  if (body.order !== undefined && body.order !== null && body.order !== '') {
    const f = typeof body.order === 'string' ? e.byName.get(body.order) : undefined;
    if (!f || f.virtual || f.type === 'json' || !usable(f.name)) {
      throw fail.bad('bad_order', { field: String(body.order).slice(0, 64) });
    }
    orderField = f.name;
  }
  if (body.sort !== undefined && body.sort !== null && body.sort !== '') {
    const s = typeof body.sort === 'string' ? body.sort.toLowerCase() : '';
    if (s !== 'asc' && s !== 'desc') throw fail.bad('bad_sort');
    sort = s;
  }
  // id breaks ties so that pages never overlap or skip rows.
  const dir = sort === 'asc' ? 'ASC' : 'DESC';
  const order: Array<[string, 'ASC' | 'DESC']> =
    orderField === 'id'
      ? [['id', dir]]
      : [
          [orderField, dir],
          ['id', dir],
        ];
  const orderBy = orderSql(order, q);

  let page = 1;
  let size = mode === 'page' ? 20 : LIST_LIMIT;
  if (mode === 'page') {
    if (body.page !== undefined && body.page !== null && body.page !== '') {
      const p = wholeNumber(body.page);
      if (p === null || p < 1 || p > MAX_PAGE) throw fail.bad('bad_page');
      page = p;
    }
    if (body.size !== undefined && body.size !== null && body.size !== '') {
      const s = wholeNumber(body.size);
      if (s === null || s < 1 || s > MAX_SIZE) throw fail.bad('bad_size', { max: MAX_SIZE });
      size = s;
    }
  }
  const where = clauses.length ? ` WHERE ${clauses.join(' AND ')}` : '';
  const filtered = clauses.length > (e.softDelete ? 1 : 0) + (scope ? 1 : 0);
  return { where, params, order, orderBy, filtered, page, size, filterKey: JSON.stringify([where, params]), test: { and: tests } };
}

/** `a DESC, id DESC`, optionally with a table alias. */
export function orderSql(order: ParsedQuery['order'], q: (n: string) => string, alias = ''): string {
  const prefix = alias ? `${alias}.` : '';
  return order.map(([c, d]) => `${prefix}${q(c)} ${d}`).join(', ');
}
