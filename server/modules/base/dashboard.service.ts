/**
 * The console dashboard's numbers for the last N days: views (request log rows), visitors (distinct
 * IPs in the request log), new users, and sales (paid orders' totalAmount), per day and summed.
 * Days are calendar days at the caller's UTC offset; the grouping SQL differs per dialect.
 */
import type { Db } from '../../core/db/db';

export const MAX_DAYS = 90;

export interface Series {
  daily: number[];
  /** Over the whole range (visitors: distinct IPs over the range, not the sum of the days). */
  sum: number;
}

export interface Summary {
  days: number;
  /** Offset of the days from UTC, in minutes (480 for UTC+8). */
  tzOffset: number;
  /** The days, oldest first, as YYYY-MM-DD. */
  dates: string[];
  views: Series;
  visitors: Series;
  users: Series & { total: number };
  sales: Series & { total: number };
}

/** A day key of a stored UTC datetime column, shifted by `offset` minutes (an integer checked by the caller). */
export function dayExpr(db: Db, column: string, offset: number): string {
  if (!Number.isSafeInteger(offset)) throw new Error('offset must be an integer');
  if (db.dialect === 'mysql') return offset ? `DATE(DATE_ADD(${column}, INTERVAL ${offset} MINUTE))` : `DATE(${column})`;
  return offset ? `substr(datetime(${column}, '${offset >= 0 ? '+' : ''}${offset} minutes'), 1, 10)` : `substr(${column}, 1, 10)`;
}

function stored(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
}

/** The days of the range and the UTC moment it starts at. */
export function dayRange(days: number, tzOffset: number, now = Date.now()): { dates: string[]; from: string } {
  const shiftedNow = now + tzOffset * 60_000;
  const todayStart = shiftedNow - (shiftedNow % 86400_000);
  const firstDay = todayStart - (days - 1) * 86400_000;
  const dates = Array.from({ length: days }, (_, i) => new Date(firstDay + i * 86400_000).toISOString().slice(0, 10));
  return { dates, from: stored(firstDay - tzOffset * 60_000) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function dashboardSummary(db: Db, days: number, tzOffset: number, now = Date.now()): Promise<Summary> {
  const q = db.q.bind(db);
  const { dates, from } = dayRange(days, tzOffset, now);
  const index = new Map(dates.map((d, i) => [d, i]));
  const daily = async (table: string, timeCol: string, value: string, where: string): Promise<number[]> => {
    const out = dates.map(() => 0);
    const rows = await db.query<{ d: unknown; n: unknown }>(
      `SELECT ${dayExpr(db, timeCol, tzOffset)} AS ${q('d')}, ${value} AS ${q('n')} FROM ${q(table)} WHERE ${where}${timeCol} >= ? GROUP BY ${q('d')}`,
      [from],
    );
    for (const r of rows) {
      const i = index.get(String(r.d).slice(0, 10));
      if (i !== undefined) out[i] = Number(r.n ?? 0);
    }
    return out;
  };
  const one = async (sql: string, params: unknown[] = []): Promise<number> => {
    const [r] = await db.query<{ n: unknown }>(sql, params);
    return Number(r?.n ?? 0);
  };
  const log = 'base_sys_log';
  const users = 'base_sys_user';
  const orders = 'goods_order';
  const paid = `${q('payStatus')} = 1 AND `;
  const paidTime = `COALESCE(${q('payTime')}, ${q('createTime')})`;
  const liveUser = `${q('delete')} = 0 AND `;

  const [views, visitors, visitorSum, newUsers, userTotal, sales, salesTotal] = await Promise.all([
    daily(log, q('createTime'), 'COUNT(*)', ''),
    daily(log, q('createTime'), `COUNT(DISTINCT ${q('ip')})`, ''),
    one(`SELECT COUNT(DISTINCT ${q('ip')}) AS ${q('n')} FROM ${q(log)} WHERE ${q('createTime')} >= ?`, [from]),
    daily(users, q('createTime'), 'COUNT(*)', liveUser),
    one(`SELECT COUNT(*) AS ${q('n')} FROM ${q(users)} WHERE ${q('delete')} = 0`),
    daily(orders, paidTime, `COALESCE(SUM(${q('totalAmount')}), 0)`, paid),
    one(`SELECT COALESCE(SUM(${q('totalAmount')}), 0) AS ${q('n')} FROM ${q(orders)} WHERE ${q('payStatus')} = 1`),
  ]);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const salesDaily = sales.map(round2);
  return {
    days,
    tzOffset,
    dates,
    views: { daily: views, sum: sum(views) },
    visitors: { daily: visitors, sum: visitorSum },
    users: { daily: newUsers, sum: sum(newUsers), total: userTotal },
    sales: { daily: salesDaily, sum: round2(sum(salesDaily)), total: round2(salesTotal) },
  };
}
