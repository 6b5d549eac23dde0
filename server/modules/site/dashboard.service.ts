/**
 * The console dashboard's numbers for the last N days: views (visits: an address counts once per
 * hour in the request log), visitors (distinct IPs in the request log), new people (AI members left
 * out), and sales (paid orders' totalAmount), per day and summed.
 * Days are calendar days at the caller's UTC offset.
 */
import type { Core } from '../../core/api';
import { liveUserCount, newUsersPerDay, salesPerDay, salesTotal, viewsPerDay, visitorsPerDay, visitorsSince, type PerDay } from './dashboard.queries';

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
