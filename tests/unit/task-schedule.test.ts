/**
 * When a scheduled task runs (server/core/scheduler/schedule.ts): cron with seconds and intervals,
 * limits, start and end dates, and the checks of a task row. Pure functions: no clock, no network.
 */
import { describe, expect, it } from 'vitest';
import { cronNext, cronProblem, nextRunTime, nextRunTimes, scheduleOf, timeOf, type Schedule } from '../../server/core/scheduler/schedule';
import { settleTaskChange, taskRowErrors } from '../../server/core/scheduler/task-check';
import { checkTaskData, defineTask } from '../../server/core/scheduler/registry';

const T = (iso: string) => Date.parse(iso);
const at = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const plan = (p: Partial<Schedule>): Schedule => ({ cron: null, every: null, startDate: null, endDate: null, limit: null, ...p });

defineTask<{ days: number }>('unit.sample', {
  schema: { properties: { days: { type: 'integer', minimum: 1, default: 30 } }, additionalProperties: false },
  run: () => null,
});

describe('cron expressions', () => {
  it('accepts six fields with seconds and refuses five, seven, random and out-of-range ones', () => {
    expect(cronProblem('*/5 * * * * *')).toBeNull();
    expect(cronProblem('0 30 3 * * MON-FRI')).toBeNull();
    expect(cronProblem('0 0 12 * * thu')).toBeNull();
    expect(cronProblem('* * * * *')).not.toBeNull();
    expect(cronProblem('0 * * * * * *')).not.toBeNull();
    expect(cronProblem('H * * * * *')).not.toBeNull();
    expect(cronProblem('61 * * * * *')).not.toBeNull();
    expect(cronProblem('@daily')).not.toBeNull();
    expect(cronProblem('a b c d e f')).not.toBeNull();
  });

  it('computes the next time strictly after a moment, in UTC, within an end date', () => {
    expect(at(cronNext('*/5 * * * * *', T('2026-01-01T00:00:02Z')))).toBe('2026-01-01T00:00:05.000Z');
    expect(at(cronNext('*/5 * * * * *', T('2026-01-01T00:00:05Z')))).toBe('2026-01-01T00:00:10.000Z');
    expect(at(cronNext('0 30 3 * * *', T('2026-01-01T05:00:00Z')))).toBe('2026-01-02T03:30:00.000Z');
    expect(cronNext('0 30 3 * * *', T('2026-01-01T05:00:00Z'), T('2026-01-02T00:00:00Z'))).toBeNull();
  });
});

describe('the next run', () => {
  const now = T('2026-03-01T10:00:00.300Z');

  it('runs a cron task at its next matching second, then strictly after the previous run', () => {
    const s = plan({ cron: '* * * * * *' });
    expect(at(nextRunTime(s, now))).toBe('2026-03-01T10:00:01.000Z');
    expect(at(nextRunTime(s, T('2026-03-01T10:00:01.004Z'), T('2026-03-01T10:00:01Z')))).toBe('2026-03-01T10:00:02.000Z');
    // A tick missed while nothing ran is skipped, not caught up.
    expect(at(nextRunTime(s, T('2026-03-01T10:00:05.500Z'), T('2026-03-01T10:00:01Z')))).toBe('2026-03-01T10:00:06.000Z');
  });

  it('runs an interval task at once, then every `every` ms after the previous run, skipping missed ones', () => {
    const s = plan({ every: 60_000 });
    expect(nextRunTime(s, now)).toBe(now);
    expect(nextRunTime(s, now + 5, now)).toBe(now + 60_000);
    expect(nextRunTime(s, now + 150_000, now)).toBe(now + 180_000);
  });

  it('ignores every when a cron is set', () => {
    const s = scheduleOf({ cron: '0 0 * * * *', every: 1000 });
    expect(s).toMatchObject({ cron: '0 0 * * * *', every: null });
    expect(at(nextRunTime(s, now))).toBe('2026-03-01T11:00:00.000Z');
  });

  it('waits for the start date, and counts it as a run time', () => {
    const start = T('2026-03-02T00:00:00Z');
    expect(nextRunTime(plan({ every: 1000, startDate: start }), now)).toBe(start);
    expect(nextRunTime(plan({ cron: '0 0 0 * * *', startDate: start }), now)).toBe(start);
    expect(nextRunTime(plan({ every: 1000, startDate: T('2026-01-01T00:00:00Z') }), now)).toBe(now);
  });

  it('stops at the end date, inclusive', () => {
    const end = now + 2000;
    const s = plan({ every: 1000, endDate: end });
    expect(nextRunTime(s, now + 1, now + 1000)).toBe(end);
    expect(nextRunTime(s, now + 2001, end)).toBeNull();
    expect(nextRunTime(plan({ cron: '0 0 0 * * *', endDate: now }), now)).toBeNull();
  });

  it('has no run left once the limit is reached', () => {
    const s = plan({ every: 1000, limit: 3 });
    expect(nextRunTime(s, now, null, 2)).toBe(now);
    expect(nextRunTime(s, now, null, 3)).toBeNull();
    expect(nextRunTimes(s, now, 10)).toEqual([now, now + 1000, now + 2000]);
  });

  it('previews the next five runs of a cron task', () => {
    expect(nextRunTimes(plan({ cron: '0 */15 * * * *' }), now, 5).map(at)).toEqual([
      '2026-03-01T10:15:00.000Z',
      '2026-03-01T10:30:00.000Z',
      '2026-03-01T10:45:00.000Z',
      '2026-03-01T11:00:00.000Z',
      '2026-03-01T11:15:00.000Z',
    ]);
  });

  it('reads stored and ISO times as UTC', () => {
    expect(timeOf('2026-03-01 10:00:00.300')).toBe(now);
    expect(timeOf('2026-03-01T18:00:00.300+08:00')).toBe(now);
    expect(timeOf(null)).toBeNull();
  });
});

describe('the checks of a task row', () => {
  const rules = (row: Record<string, unknown>) => taskRowErrors(row).map((e) => `${e.field}:${e.rule}`);

  it('accepts a valid cron task and a valid interval task', () => {
    expect(rules({ cron: '0 0 3 * * *', service: 'unit.sample', data: '{"days": 7}' })).toEqual([]);
    expect(rules({ taskType: 1, every: 5000, service: 'unit.sample', data: '' })).toEqual([]);
  });

  it('refuses a bad cron, an unknown service, bad data, a short interval and dates out of order', () => {
    expect(rules({ cron: '* * * * *', service: 'unit.sample' })).toEqual(['cron:task_cron']);
    expect(rules({ cron: '0 0 3 * * *', service: 'no.such' })).toEqual(['service:task_service']);
    expect(rules({ cron: '0 0 3 * * *' })).toEqual(['service:required']);
    expect(rules({ cron: '0 0 3 * * *', service: 'unit.sample', data: '{"days": 0, "x": 1}' }).sort()).toEqual(['data.days:range', 'data.x:unknown']);
    expect(rules({ cron: '0 0 3 * * *', service: 'unit.sample', data: 'not json' })).toEqual(['data:type']);
    expect(rules({ taskType: 1, every: 10, service: 'unit.sample' })).toEqual(['every:task_every']);
    expect(rules({ taskType: 1, service: 'unit.sample' })).toEqual(['every:task_schedule']);
    expect(rules({ taskType: 0, service: 'unit.sample' })).toEqual(['cron:task_schedule']);
    expect(
      rules({ every: 1000, service: 'unit.sample', startDate: '2026-02-01T00:00:00Z', endDate: '2026-01-01T00:00:00Z', limit: 0, timeout: 5 }).sort(),
    ).toEqual(['endDate:task_end', 'limit:task_limit', 'timeout:task_timeout']);
  });

  it('fills the defaults of the handler schema into the data a run gets', () => {
    expect(checkTaskData('unit.sample', '')).toEqual({ value: { days: 30 }, errors: [] });
  });

  it('drops the stored cron when a task is switched to an interval, and names the kind of a new task', () => {
    const change: Record<string, unknown> = { taskType: 1, every: 2000 };
    settleTaskChange(change, { cron: '0 0 3 * * *', taskType: 0 });
    expect(change).toEqual({ taskType: 1, every: 2000, cron: null });
    const added: Record<string, unknown> = { every: 2000, cron: '  ' };
    settleTaskChange(added, null);
    expect(added).toEqual({ every: 2000, cron: null, taskType: 1 });
  });
});
