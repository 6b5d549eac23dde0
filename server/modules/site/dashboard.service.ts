/**
 * The console dashboard's numbers for the last N days: views (visits: an address counts once per
 * hour in the request log), visitors (distinct IPs in the request log), new people (AI members left
 * out), and sales (paid orders' totalAmount), per day and summed.
 * Days are calendar days at the caller's UTC offset.
 */
import type { Core } from '../../core/api';
import { dayRange } from '../commerce/day-key.queries';
import { liveUserCount, newUsersPerDay, salesPerDay, salesTotal, viewsPerDay, visitorsPerDay, visitorsSince, type PerDay } from './dashboard.queries';

export const MAX_DAYS = 90;

export { dayRange };

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

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function dashboardSummary(core: Core, days: number, tzOffset: number, now = Date.now()): Promise<Summary> {
  const { dates, from } = dayRange(days, tzOffset, now);
  const daily = (byDay: PerDay) => dates.map((d) => byDay.get(d) ?? 0);
  const [views, visitors, visitorSum, newUsers, userTotal, sales, salesAll] = await Promise.all([
    viewsPerDay(core, from, tzOffset).then(daily),
    visitorsPerDay(core, from, tzOffset).then(daily),
    visitorsSince(core, from),
    newUsersPerDay(core, from, tzOffset).then(daily),
    liveUserCount(core),
    salesPerDay(core, from, tzOffset).then(daily),
    salesTotal(core),
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
    sales: { daily: salesDaily, sum: round2(sum(salesDaily)), total: round2(salesAll) },
  };
}
