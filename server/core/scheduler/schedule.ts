/**
 * When a task runs: pure functions of its schedule and the clock, shared by both back ends (the
 * BullMQ back end computes cron times with `cronNext` too), the console's preview and the tests.
 *
 * - cron: six fields with seconds (`second minute hour day month weekday`), in UTC. The random `H`
 *   of cron-parser is refused: every instance must compute the same times.
 * - interval: `every` milliseconds (at least MIN_EVERY_MS), ignored when `cron` is set. The first run
 *   is at the start date, or at once when it has passed (as BullMQ's job schedulers do); then every
 *   `every` ms after the previous run; runs missed while nothing ran are skipped, not caught up.
 * - `startDate` / `endDate` bound the runs (both inclusive); `limit` runs at most.
 */
import { CronExpressionParser } from 'cron-parser';
import { toStoredDate } from '../crud/values';

/** The shortest interval: cron has a resolution of one second, and so does an interval. */
export const MIN_EVERY_MS = 1000;

/** The schedule of a task, as scheduleOf reads it from a row. */
export interface Schedule {
  cron: string | null;
  every: number | null;
  /** Milliseconds since the epoch, UTC. */
  startDate: number | null;
  endDate: number | null;
  /** Runs at most; null means no limit. */
  limit: number | null;
}

/** Why a cron expression is refused, or null when it is a valid six-field expression. */
export function cronProblem(expr: string): string | null {
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 6) return 'six fields are required';
  // `thu` is the one name holding an h; any other h is cron-parser's random value.
  if (/h/i.test(expr.replace(/thu/gi, ''))) return 'random (H) values are not allowed';
  try {
    CronExpressionParser.parse(fields.join(' '), { tz: 'UTC', currentDate: new Date(0) }).next();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The first time matching `expr` strictly after `after` (ms), not after `endDate`; null when none. */
export function cronNext(expr: string, after: number, endDate: number | null = null): number | null {
  try {
    const it = CronExpressionParser.parse(expr.trim(), { tz: 'UTC', currentDate: new Date(after) });
    const next = it.next().getTime();
    return endDate !== null && next > endDate ? null : next;
  } catch {
    return null;
  }
}

/**
 * The next run: at or after `now`, strictly after `prev` (the previous scheduled run, when known),
 * within the start and end dates; null when there is none (the end date passed, or `runs` reached
 * the limit).
 */
export function nextRunTime(s: Schedule, now: number, prev: number | null = null, runs = 0): number | null {
  if (s.limit !== null && runs >= s.limit) return null;
  let next: number | null;
  if (s.cron) {
    const after = Math.max(now - 1, prev ?? -Infinity, s.startDate !== null ? s.startDate - 1 : -Infinity);
    next = cronNext(s.cron, after);
  } else if (s.every && s.every > 0) {
    if (prev === null) next = Math.max(s.startDate ?? now, now);
    else {
      next = prev + s.every;
      if (next < now) next = prev + Math.ceil((now - prev) / s.every) * s.every;
    }
  } else next = null;
  return next !== null && s.endDate !== null && next > s.endDate ? null : next;
}

/** The next `count` runs from `now` (for a preview), as the schedule would make them with no limit reached yet. */
export function nextRunTimes(s: Schedule, now: number, count: number): number[] {
  const out: number[] = [];
  let prev: number | null = null;
  for (let i = 0; i < count; i++) {
    const next = nextRunTime(s, Math.max(now, prev ?? now), prev, i);
    if (next === null) break;
    out.push(next);
    prev = next;
  }
  return out;
}

/** A stored or API datetime (UTC text, ISO with or without zone) as milliseconds, or null. */
export function timeOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.getTime();
  const stored = toStoredDate(String(v));
  return stored ? Date.parse(`${stored.replace(' ', 'T')}Z`) : null;
}

/** The schedule of a task row (stored or API values): cron when set, else the interval. */
export function scheduleOf(row: Record<string, unknown>): Schedule {
  const cron = typeof row.cron === 'string' && row.cron.trim() !== '' ? row.cron.trim() : null;
  const every = cron === null && row.every !== null && row.every !== undefined ? Number(row.every) : null;
  const limit = row.limit === null || row.limit === undefined ? null : Number(row.limit);
  return { cron, every: every !== null && Number.isFinite(every) ? every : null, startDate: timeOf(row.startDate), endDate: timeOf(row.endDate), limit };
}
