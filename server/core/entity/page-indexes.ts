/**
 * The indexes an entity's pages need, derived from its declaration: for each equality filter f,
 * `(f, order, id)`, and `(order, id)` for unfiltered pages, so that the rows of any page (and the
 * ids a deep page reads first) come from an index range in order instead of a sort of the table.
 */
import type { Entity, Field } from './model';

/** InnoDB's limit on the bytes of one index key (DYNAMIC rows); SQLite has none worth naming. */
export const MAX_KEY_BYTES = 3072;

/** Bytes a column takes in an index key on MySQL (utf8mb4: four bytes a character), or null when it cannot be indexed. */
function keyBytes(f: Field): number | null {
  switch (f.type) {
    case 'string':
      return 4 * (f.length ?? 255) + 2;
    case 'int':
      return 4;
    case 'bigint':
    case 'float':
      return 8;
    case 'decimal':
      return Math.ceil((f.precision ?? 12) / 9) * 4 + 4;
    case 'boolean':
      return 1;
    case 'datetime':
      return 8;
    case 'text':
    case 'json':
      return null;
  }
}

/** Whether an index on `have` serves every query an index on `want` would (the primary key ends every index). */
function covers(have: string[], want: string[]): boolean {
  const starts = (a: string[], b: string[]) => b.length <= a.length && b.every((c, i) => a[i] === c);
  return starts(have, want) || (want[want.length - 1] === 'id' && have.length === want.length - 1 && starts(have, want.slice(0, -1)));
}

/**
 * Field lists of the indexes to add, in a stable order, none already served by a declared,
 * unique or single-field index (or by the primary key). The soft-delete flag leads each one: every
 * read of such an entity filters on it.
 *
 * @example
 * ```ts
 * // search: { equal: ['status'] }, order createTime desc  ->  [['status', 'createTime', 'id']]
 * // ((createTime, id) is served by the index every entity has on createTime)
 * ```
 */
export function pageIndexes(e: Pick<Entity, 'columns' | 'indexes' | 'search' | 'order' | 'softDelete'>): string[][] {
  const byName = new Map(e.columns.map((c) => [c.name, c]));
  const order = byName.get(e.order.field);
  if (!order || keyBytes(order) === null) return [];
  const have: string[][] = [['id']];
  for (const c of e.columns) if (c.unique || c.index) have.push([c.name]);
  for (const ix of e.indexes) have.push(ix.fields);
  const lead = e.softDelete ? [e.softDelete] : [];
  const tail = order.name === 'id' ? ['id'] : [order.name, 'id'];
  const wanted: string[][] = [[...lead, ...tail]];
  for (const name of e.search.equal) {
    const f = byName.get(name);
    if (!f || name === 'id' || name === order.name || name === e.softDelete || keyBytes(f) === null) continue;
    wanted.push([...lead, name, ...tail]);
  }
  const out: string[][] = [];
  for (const fields of wanted) {
    const bytes = fields.reduce((n, c) => n + (keyBytes(byName.get(c)!) ?? Infinity), 0);
    if (bytes > MAX_KEY_BYTES) continue;
    if ([...have, ...out].some((h) => covers(h, fields))) continue;
    out.push(fields);
  }
  return out;
}
