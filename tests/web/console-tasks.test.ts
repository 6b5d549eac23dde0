import { describe, expect, it } from 'vitest';
import {
  TASK_TYPE,
  dataProblem,
  durationParts,
  everyParts,
  formValuesOf,
  isoOf,
  previewBody,
  runsText,
  taskBody,
  taskFieldErrors,
} from '../../web/src/console/views/tasks/task-form';

const asIs = (iso: string) => iso;

describe('the task form', () => {
  it('starts a new task as an hourly interval with empty data', () => {
    expect(formValuesOf(null, asIs)).toEqual({ taskType: TASK_TYPE.interval, everySeconds: 3600, data: '{}' });
  });

  it('edits a stored interval in seconds and its data indented', () => {
    const v = formValuesOf(
      {
        id: 4,
        name: 'Purge',
        service: 'taskLog.purge',
        taskType: 1,
        every: 90_000,
        cron: null,
        data: '{"days":30}',
        limit: 3,
        startDate: '2030-01-01T00:00:00.000Z',
      },
      asIs,
    );
    expect(v).toMatchObject({
      name: 'Purge',
      service: 'taskLog.purge',
      taskType: TASK_TYPE.interval,
      everySeconds: 90,
      limit: 3,
      startDate: '2030-01-01T00:00:00.000Z',
    });
    expect(v.data).toBe('{\n  "days": 30\n}');
    expect(v.endDate).toBeUndefined();
  });

  it('reads a row with a cron as a cron task, whatever its stored interval', () => {
    expect(formValuesOf({ taskType: 0, cron: '0 0 3 * * *', every: 5000 }, asIs).taskType).toBe(TASK_TYPE.cron);
  });

  it('sends the interval in milliseconds and no cron, empty optional fields as null', () => {
    const body = taskBody({
      name: ' Purge ',
      service: 'taskLog.purge ',
      data: '{ "days": 7 }',
      taskType: 1,
      cron: '0 0 3 * * *',
      everySeconds: 3600,
      limit: null,
      remark: '  ',
    });
    expect(body).toEqual({
      name: 'Purge',
      service: 'taskLog.purge',
      data: '{"days":7}',
      taskType: 1,
      cron: null,
      every: 3_600_000,
      limit: null,
      startDate: null,
      endDate: null,
      remark: null,
    });
  });

  it('sends a cron task without an interval, and its dates in UTC', () => {
    const start = new Date('2030-05-01T08:30:00.000Z');
    const body = taskBody({
      name: 'Nightly',
      service: 'recycle.purge',
      taskType: 0,
      cron: ' 0 30 3 * * * ',
      everySeconds: 60,
      limit: 5,
      startDate: start,
      endDate: '2030-06-01T00:00:00Z',
      data: '',
    });
    expect(body).toMatchObject({
      taskType: 0,
      cron: '0 30 3 * * *',
      every: null,
      limit: 5,
      data: null,
      startDate: '2030-05-01T08:30:00.000Z',
      endDate: '2030-06-01T00:00:00.000Z',
    });
  });

  it('rounds fractional seconds to whole milliseconds', () => {
    expect(taskBody({ taskType: 1, everySeconds: 1.5 }).every).toBe(1500);
    expect(taskBody({ taskType: 1, everySeconds: 0.0014 + 1 }).every).toBe(1001);
  });

  it('refuses data that is no JSON object, and accepts empty data', () => {
    expect(dataProblem('')).toBeNull();
    expect(dataProblem('  ')).toBeNull();
    expect(dataProblem('{"days": 3}')).toBeNull();
    expect(dataProblem('{days: 3}')).toBe('json');
    expect(dataProblem('[1, 2]')).toBe('object');
    expect(dataProblem('null')).toBe('object');
    expect(dataProblem('"text"')).toBe('object');
  });

  it('reads dates of any form the pickers give', () => {
    expect(isoOf(undefined)).toBeNull();
    expect(isoOf('')).toBeNull();
    expect(isoOf('not a date')).toBeNull();
    expect(isoOf({ toISOString: () => '2030-01-01T00:00:00.000Z' })).toBe('2030-01-01T00:00:00.000Z');
  });
});

describe('the schedule preview', () => {
  it('asks about the kind being edited, with the window and limit', () => {
    expect(previewBody({ taskType: 1, everySeconds: 10, limit: 2, startDate: '2030-01-01T00:00:00Z' })).toEqual({
      count: 5,
      every: 10_000,
      limit: 2,
      startDate: '2030-01-01T00:00:00.000Z',
    });
    expect(previewBody({ taskType: 0, cron: '*/5 * * * * *', everySeconds: 10 })).toEqual({ count: 5, cron: '*/5 * * * * *' });
  });

  it('does not ask while the schedule is empty', () => {
    expect(previewBody({ taskType: 1, everySeconds: null })).toBeNull();
    expect(previewBody({ taskType: 0, cron: '  ' })).toBeNull();
  });
});

describe("the server's field errors on the task form", () => {
  const known = (f: string) => ['name', 'service', 'data', 'cron', 'everySeconds', 'endDate'].includes(f);

  it('puts the interval on the seconds field and the data properties on the data text', () => {
    const errors = taskFieldErrors(
      [
        { field: 'every', message: 'every must be a whole number of milliseconds, at least 1000' },
        { field: 'data.days', message: 'data.days must be an integer' },
        { field: 'data', message: 'data must be a JSON object' },
        { field: 'service', message: 'service names no task handler of this server' },
        { field: 'timeout', message: 'not in this form' },
      ],
      known,
    );
    expect(errors).toEqual([
      { name: 'everySeconds', errors: ['every must be a whole number of milliseconds, at least 1000'] },
      { name: 'data', errors: ['data.days must be an integer', 'data must be a JSON object'] },
      { name: 'service', errors: ['service names no task handler of this server'] },
    ]);
  });
});

describe('task texts', () => {
  it('shows an interval in its largest whole unit', () => {
    expect(everyParts(3_600_000)).toEqual({ n: 1, unit: 'h' });
    expect(everyParts(7_200_000)).toEqual({ n: 2, unit: 'h' });
    expect(everyParts(5_400_000)).toEqual({ n: 90, unit: 'min' });
    expect(everyParts(60_000)).toEqual({ n: 1, unit: 'min' });
    expect(everyParts(90_000)).toEqual({ n: 90, unit: 's' });
    expect(everyParts(1_500)).toEqual({ n: 1.5, unit: 's' });
  });

  it('shows a duration in ms under a second, else in seconds', () => {
    expect(durationParts(35)).toEqual({ n: 35, unit: 'ms' });
    expect(durationParts(1234)).toEqual({ n: 1.2, unit: 's' });
    expect(durationParts(null)).toBeNull();
  });

  it('shows runs against the limit', () => {
    expect(runsText(3, 10)).toBe('3 / 10');
    expect(runsText(3, null)).toBe('3 / ∞');
    expect(runsText(undefined, undefined)).toBe('0 / ∞');
  });
});
