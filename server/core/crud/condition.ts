/**
 * The row conditions of the write primitives (conditional update, increment, locking read, purge):
 * the access rules' {@link Where} (eq, isIn, inRows, and, or) plus comparisons, compiled to a
 * parameterized clause over declared, quoted columns only.
 *
 * @example
 * ```ts
 * import { and, eq, gte, lt } from '../../core/crud/condition';
 * and(eq('status', 0), gte('stock', 1));          // `status` = ? AND `stock` >= ?
 * lt('createTime', '2026-01-01 00:00:00.000');    // stored datetime text
 * ```
 */
import type { Entity, Model } from '../entity/model';
import type { Where } from '../entity/access';
import { quoteIdent as q } from '../db/db';
import { whereClause } from './access-sql';
import type { Clause } from './query';

type Scalar = string | number | null;
type Comparison = { field: string; lt: Scalar } | { field: string; lte: Scalar } | { field: string; gt: Scalar } | { field: string; gte: Scalar } | { field: string; ne: Scalar };

export type Condition = Where | Comparison | { and: Condition[] } | { or: Condition[] };

export { eq, isIn, inRows } from '../entity/access';
export const and = (...parts: Condition[]): Condition => ({ and: parts });
export const or = (...parts: Condition[]): Condition => ({ or: parts });
export const lt = (field: string, value: Scalar): Condition => ({ field, lt: value });
export const lte = (field: string, value: Scalar): Condition => ({ field, lte: value });
export const gt = (field: string, value: Scalar): Condition => ({ field, gt: value });
export const gte = (field: string, value: Scalar): Condition => ({ field, gte: value });
/** Not equal; `ne(field, null)` is IS NOT NULL. */
export const ne = (field: string, value: Scalar): Condition => ({ field, ne: value });

const OPS = { lt: '<', lte: '<=', gt: '>', gte: '>=', ne: '<>' } as const;

function compile(model: Model, e: Entity, w: Condition, params: unknown[]): string {
  if ('and' in w || 'or' in w) {
    const parts: Condition[] = 'and' in w ? w.and : w.or;
    if (!parts.length) return 'and' in w ? '1 = 1' : '1 = 0';
    return `(${parts.map((p) => compile(model, e, p, params)).join('and' in w ? ' AND ' : ' OR ')})`;
  }
  const op = (Object.keys(OPS) as Array<keyof typeof OPS>).find((k) => k in w);
  if (!op) {
    const c = whereClause(model, e, w as Where);
    params.push(...c.params);
    return c.sql;
  }
  const f = e.byName.get(w.field);
  if (!f || f.virtual) throw new Error(`${e.key}: condition names '${w.field}', which is not a column`);
  const value = (w as Record<string, Scalar>)[op];
  if (value === null) {
    if (op !== 'ne') throw new Error(`${e.key}: '${op}' null compares nothing`);
    return `${q(w.field)} IS NOT NULL`;
  }
  params.push(value);
  return `${q(w.field)} ${OPS[op]} ?`;
}

export function conditionClause(model: Model, e: Entity, w: Condition): Clause {
  const params: unknown[] = [];
  return { sql: compile(model, e, w, params), params };
}
