/**
 * Day keys in SQL, which differ per dialect: the sales, earnings and dashboard counts group by them.
 * It lives with commerce, whose per-day sums are most of its readers; the dashboard and AI usage read it from here.
 */
import type { Db } from '../../core/api';

/** A day key of a stored UTC datetime column, shifted by `offset` minutes (an integer checked by the caller). */
export function dayExpr(db: Db, column: string, offset: number): string {
  if (!Number.isSafeInteger(offset)) throw new Error('offset must be an integer');
  if (db.dialect === 'mysql') return offset ? `DATE(DATE_ADD(${column}, INTERVAL ${offset} MINUTE))` : `DATE(${column})`;
  return offset ? `substr(datetime(${column}, '${offset >= 0 ? '+' : ''}${offset} minutes'), 1, 10)` : `substr(${column}, 1, 10)`;
}

function stored(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
}

/** The last `days` calendar days at `tzOffset` minutes from UTC (oldest first, YYYY-MM-DD) and the stored UTC moment the first begins. */
export function dayRange(days: number, tzOffset: number, now = Date.now()): { dates: string[]; from: string } {
  const shiftedNow = now + tzOffset * 60_000;
  const todayStart = shiftedNow - (shiftedNow % 86400_000);
  const firstDay = todayStart - (days - 1) * 86400_000;
  const dates = Array.from({ length: days }, (_, i) => new Date(firstDay + i * 86400_000).toISOString().slice(0, 10));
  return { dates, from: stored(firstDay - tzOffset * 60_000) };
}
