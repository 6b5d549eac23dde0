/** What the scheduler asks of a back end: in-process timers, or BullMQ's job schedulers in Redis. */
import type { Row } from '../entity/define';
import { nextRunTime, scheduleOf } from './schedule';

/** What a back end holds for one task. */
export interface Scheduled {
  /** The schedule it was made from (see `signature`). */
  sig: string;
  /** Its next run (ms), or null when the back end does not know. */
  next: number | null;
}

/** A back end: schedules task rows, and hands each tick to the runner on exactly one instance. */
export interface SchedulerBackend {
  readonly kind: 'memory' | 'bullmq';
  /** Schedules task `row` (replacing what it had); answers its next run, or null when it has none (then nothing is scheduled). */
  schedule(row: Row): Promise<number | null>;
  unschedule(taskId: number): Promise<void>;
  /** The tasks scheduled now, by id. */
  scheduled(): Promise<Map<number, Scheduled>>;
  /** Stops taking ticks; `drain` lets the runs under way end (the runner decides how long). */
  close(drain: () => Promise<void>): Promise<void>;
}

/** What a schedule depends on: a back end reschedules a task when this changes. */
export function signature(row: Row): string {
  const s = scheduleOf(row);
  return JSON.stringify([s.cron, s.every, s.startDate, s.endDate]);
}

/** The next run of a task row about to be scheduled, from now (no previous run known). */
export function firstRun(row: Row, now = Date.now()): number | null {
  if (Number(row.status) !== 1) return null;
  return nextRunTime(scheduleOf(row), now, null, Number(row.runCount ?? 0));
}
