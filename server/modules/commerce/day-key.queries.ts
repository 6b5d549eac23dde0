/**
 * Day keys in SQL, which differ per dialect: the sales, earnings and dashboard counts group by them.
 * It lives with commerce, whose per-day sums are most of its readers; the dashboard reads it from here.
 */
import type { Db } from '../../core/api';

/** A day key of a stored UTC datetime column, shifted by `offset` minutes (an integer checked by the caller). */
export function dayExpr(db: Db, column: string, offset: number): string {
  if (!Number.isSafeInteger(offset)) throw new Error('offset must be an integer');
  if (db.dialect === 'mysql') return offset ? `DATE(DATE_ADD(${column}, INTERVAL ${offset} MINUTE))` : `DATE(${column})`;
  return offset ? `substr(datetime(${column}, '${offset >= 0 ? '+' : ''}${offset} minutes'), 1, 10)` : `substr(${column}, 1, 10)`;
}
