/**
 * The one row condition of the core: what an access rule answers (which rows a caller may touch)
 * and what the write primitives take (conditional update, increment, locking read, find, purge).
 * Field equality, membership in a list or in another entity's live rows, comparisons, and/or;
 * crud/access-sql.ts compiles it to a parameterized clause over declared, quoted columns only.
 *
 * @example
 * ```ts
 * and(eq('status', 0), gte('stock', 1));            // `status` = ? AND `stock` >= ?
 * or(eq('fromId', user.id), eq('toId', user.id));   // an access rule's rows
 * lt('createTime', '2026-01-01 00:00:00.000');      // stored datetime text
 * ```
 */

type Scalar = string | number | null;

/** A row filter: equality, membership in a list or in another entity's rows, comparisons, and/or. */
export type Where =
  | { and: Where[] }
  | { or: Where[] }
  | { field: string; eq: Scalar }
  | { field: string; in: Array<string | number> }
  | { field: string; inRows: { entity: string; column: string; where: Where } }
  | { field: string; lt: Scalar }
  | { field: string; lte: Scalar }
  | { field: string; gt: Scalar }
  | { field: string; gte: Scalar }
  | { field: string; ne: Scalar };

/** `field` equals `value`; `eq(field, null)` is IS NULL. */
export const eq = (field: string, value: Scalar): Where => ({ field, eq: value });
/** `field` is one of `values` (an empty list matches nothing). */
export const isIn = (field: string, values: Array<string | number>): Where => ({ field, in: values });
/** `field` is one of `column` of the live rows of `entity` (a `module/name` key) matching `where`. */
export const inRows = (field: string, entity: string, column: string, where: Where): Where => ({ field, inRows: { entity, column, where } });
/** Every part holds (no part: every row). */
export const and = (...parts: Where[]): Where => ({ and: parts });
/** Some part holds (no part: no row). */
export const or = (...parts: Where[]): Where => ({ or: parts });
export const lt = (field: string, value: Scalar): Where => ({ field, lt: value });
export const lte = (field: string, value: Scalar): Where => ({ field, lte: value });
export const gt = (field: string, value: Scalar): Where => ({ field, gt: value });
export const gte = (field: string, value: Scalar): Where => ({ field, gte: value });
/** Not equal; `ne(field, null)` is IS NOT NULL. */
export const ne = (field: string, value: Scalar): Where => ({ field, ne: value });
