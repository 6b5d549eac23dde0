/**
 * The seller's statistics (`goods/info/totalSold`, `totalRevenue`, `totalEarnedTokens` with
 * `by: 'day'`): the request body of a range of local days, and the answer's series laid on every
 * day of the range (the server leaves days without a sale out).
 */

export interface DayRange {
  /** First day, `YYYY-MM-DD` (local). */
  from: string;
  /** Last day, `YYYY-MM-DD` (local), included. */
  to: string;
}

export interface StatsBody {
  startTime: string;
  endTime: string;
  by: 'day';
  tzOffset: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 400;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `YYYY-MM-DD` of a date in local time. */
export function dayOf(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** The last `n` days up to `today`, today included. */
export function lastDays(n: number, today: Date): DayRange {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (n - 1));
  return { from: dayOf(from), to: dayOf(today) };
}

/** Every day of the range, oldest first (at most 400). */
export function daysOf(r: DayRange): string[] {
  if (!DAY.test(r.from) || !DAY.test(r.to)) return [];
  const out: string[] = [];
  const end = parseDay(r.to);
  for (let d = parseDay(r.from); d <= end && out.length < MAX_DAYS; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) out.push(dayOf(d));
  return out;
}

/**
 * The body for a range of local days: from the start of `from` to the start of the day after `to`
 * (the server's end is exclusive), as instants, with the zone offset so days are the member's own.
 */
export function statsBody(r: DayRange): StatsBody {
  const start = parseDay(r.from);
  const to = parseDay(r.to);
  const end = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
  return { startTime: start.toISOString(), endTime: end.toISOString(), by: 'day', tzOffset: -start.getTimezoneOffset() };
}

/** The series' values on every day of `days` (0 where the server gave none). */
export function fillSeries(days: string[], series: unknown): number[] {
  const byDay = new Map<string, number>();
  if (Array.isArray(series)) {
    for (const s of series as Array<{ day?: unknown; value?: unknown }>) {
      const v = Number(s?.value);
      if (typeof s?.day === 'string' && Number.isFinite(v)) byDay.set(s.day.slice(0, 10), (byDay.get(s.day.slice(0, 10)) ?? 0) + v);
    }
  }
  return days.map((d) => byDay.get(d) ?? 0);
}
