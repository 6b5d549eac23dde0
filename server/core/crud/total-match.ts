/**
 * Whether a stored row is one a cached total counts, decided from the row alone: the filter of a
 * page (equality, IN, keyword), the access rule or data scope, and the live flag, as a
 * {@link RowTest}. The answer is three-valued: `null` when the row cannot tell (a sub-select, a
 * type or a text whose comparison the database's collation makes uncertain); the caller then
 * counts again instead of guessing.
 */
import type { Entity } from '../entity/model';

export type RowTest =
  | { and: RowTest[] }
  | { or: RowTest[] }
  | { field: string; eq: string | number | null }
  | { field: string; in: Array<string | number> }
  /** Any of the fields `LIKE %text%`, with the wildcards of `text` taken literally. */
  | { like: string[]; text: string }
  /** Decided by other rows (a membership sub-select): never from this row. */
  | { opaque: true };

export type Dialect = 'sqlite' | 'mysql';
type Row = Record<string, unknown>;

export const OPAQUE: RowTest = { opaque: true };

const INTEGER = new Set(['int', 'bigint', 'boolean']);
const TEXT = new Set(['string', 'text']);

// Checked against MariaDB's utf8mb4_unicode_ci and utf8mb4_bin: on printable ASCII, `=` folds
// case (only in _ci) and ignores trailing spaces, and LIKE folds case (only in _ci) without
// padding. Beyond ASCII the collations fold accents and expansions we do not model.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function integer(v: unknown): bigint | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : null;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  return null;
}

function textEquals(dialect: Dialect, binary: boolean, a: string, b: string): boolean | null {
  if (dialect === 'sqlite') return a === b;
  if (!PRINTABLE_ASCII.test(a) || !PRINTABLE_ASCII.test(b)) return null;
  const x = a.replace(/ +$/, '');
  const y = b.replace(/ +$/, '');
  return binary ? x === y : asciiLower(x) === asciiLower(y);
}

function textContains(dialect: Dialect, binary: boolean, value: string, text: string): boolean | null {
  // SQLite's LIKE folds ASCII letters only, whatever the column.
  if (dialect === 'sqlite') return asciiLower(value).includes(asciiLower(text));
  if (!PRINTABLE_ASCII.test(value) || !PRINTABLE_ASCII.test(text)) return null;
  return binary ? value.includes(text) : asciiLower(value).includes(asciiLower(text));
}

function equals(e: Entity, dialect: Dialect, field: string, row: Row, want: string | number | null): boolean | null {
  const f = e.byName.get(field);
  if (!f || f.virtual || !(field in row)) return null;
  const v = row[field];
  if (want === null) return v === null;
  if (v === null) return false;
  if (INTEGER.has(f.type)) {
    const a = integer(v);
    const b = integer(want);
    return a === null || b === null ? null : a === b;
  }
  if (TEXT.has(f.type) && typeof v === 'string' && typeof want === 'string') return textEquals(dialect, f.collation === 'binary', v, want);
  return null;
}

function contains(e: Entity, dialect: Dialect, field: string, row: Row, text: string): boolean | null {
  const f = e.byName.get(field);
  if (!f || f.virtual || !(field in row)) return null;
  const v = row[field];
  if (v === null) return false;
  return TEXT.has(f.type) && typeof v === 'string' ? textContains(dialect, f.collation === 'binary', v, text) : null;
}

/** SQL's answer for `row` (NULL counts as no: the tests hold no NOT), or null when the row cannot tell. */
export function matches(e: Entity, dialect: Dialect, t: RowTest, row: Row): boolean | null {
  if ('and' in t || 'or' in t) {
    const all = 'and' in t;
    let unknown = false;
    for (const p of all ? t.and : t.or) {
      const m = matches(e, dialect, p, row);
      if (m === null) unknown = true;
      else if (m !== all) return m;
    }
    return unknown ? null : all;
  }
  if ('opaque' in t) return null;
  if ('like' in t) {
    let unknown = false;
    for (const field of t.like) {
      const m = contains(e, dialect, field, row, t.text);
      if (m === true) return true;
      if (m === null) unknown = true;
    }
    return unknown ? null : false;
  }
  if ('in' in t) return matches(e, dialect, { or: t.in.map((v) => ({ field: t.field, eq: v })) }, row);
  return equals(e, dialect, t.field, row, t.eq);
}

/**
 * How a total changes when a row goes from `before` to `after` (null: no such row), or null when
 * the rows cannot tell.
 */
export function totalDelta(e: Entity, dialect: Dialect, t: RowTest, before: Row | null, after: Row | null): number | null {
  const was = before ? matches(e, dialect, t, before) : false;
  const is = after ? matches(e, dialect, t, after) : false;
  if (was === null || is === null) return null;
  return Number(is) - Number(was);
}

/** Whether the test has a part that other rows decide (such totals change with other entities). */
export function hasOpaque(t: RowTest): boolean {
  if ('and' in t) return t.and.some(hasOpaque);
  if ('or' in t) return t.or.some(hasOpaque);
  return 'opaque' in t;
}
