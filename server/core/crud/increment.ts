/**
 * The atomic increment (or decrement) of a number field of one row, within bounds: a balance or a
 * stock never goes below its floor. The row is read locked, so concurrent increments queue and
 * every one sees the value the one before it left; one that would cross a bound is refused with
 * 409 and writes nothing. The write itself is a conditional update (hooks and rules run).
 */
import type { Entity } from '../entity/model';
import { fail } from '../errors';
import { lockedRows, type Target } from './lock';
import type { OpContext } from './op-context';
import { checkChanges, writeChanges } from './update-where';
import { WRITE } from './write.messages';

export interface IncrementOptions {
  /** The lowest value the field may reach (e.g. 0). */
  floor?: number;
  /** The highest value the field may reach. */
  ceiling?: number;
  /** False for a statistic (visits, views): the row's updateTime stays as it was. Default true. */
  touch?: boolean;
}

const NUMERIC = new Set(['int', 'bigint', 'decimal', 'float']);

/** Adds `by` (negative to take away) to `field` of the one row `target` names; returns the new value. */
export async function increment(c: OpContext, e: Entity, target: Target, field: string, by: number, opts: IncrementOptions = {}): Promise<number> {
  const f = e.byName.get(field);
  if (!f || !NUMERIC.has(f.type)) throw new Error(`${e.key}: '${field}' is not a number field`);
  if (!Number.isFinite(by)) throw new Error(`${e.key}: increment by ${by}`);
  const rows = await lockedRows(c, e, target);
  if (!rows.length) throw fail.notFound('record_not_found');
  if (rows.length > 1) throw new Error(`${e.key}: increment names ${rows.length} rows, not one`);
  const next = Number(rows[0][field] ?? 0) + by;
  if ((opts.floor !== undefined && next < opts.floor) || (opts.ceiling !== undefined && next > opts.ceiling)) {
    throw fail.conflict(WRITE.write_out_of_bounds, { field: f.label.en });
  }
  await writeChanges(c, e, rows[0], checkChanges(c, e, { [field]: next }, true), opts.touch ?? true);
  return next;
}
