/**
 * The checks of a task row, run by the task entity's beforeChange hook on add and update (and by
 * start and once): a valid six-field cron or an interval, a registered handler, `data` that its
 * schema accepts, dates in order. A failed check is a 1002 naming each bad field; nothing is saved.
 */
import type { Row } from '../entity/define';
import type { InvalidField } from '../errors';
import { fieldRule } from '../i18n/messages';
import { checkTaskData, taskHandler } from './registry';
import { MIN_EVERY_MS, cronProblem, timeOf } from './schedule';
import { TASK } from './scheduler.messages';

/** Bounds of a task row's own time limit. */
export const MIN_TIMEOUT_MS = 100;
export const MAX_TIMEOUT_MS = 24 * 3600_000;

/** The fields whose change needs the row checked again. */
const CHECKED = ['cron', 'every', 'taskType', 'service', 'data', 'startDate', 'endDate', 'limit', 'timeout'];

/** Whether a payload touches a field the checks read. */
export function touchesSchedule(data: Row): boolean {
  return CHECKED.some((k) => k in data);
}

const wholeIn = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/**
 * Settles the payload before it is checked: an empty cron is null; a task switched to an interval
 * (`taskType` 1) without a cron in the same payload drops its stored cron, which would otherwise win;
 * a new task without `taskType` gets the kind its fields give.
 */
export function settleTaskChange(data: Row, stored: Row | null): void {
  if (typeof data.cron === 'string') data.cron = data.cron.trim() === '' ? null : data.cron.trim();
  if (data.taskType === 1 && !('cron' in data) && stored?.cron) data.cron = null;
  if (!stored && data.taskType === undefined) data.taskType = data.cron ? 0 : 1;
}

/** Every problem of a task row (the stored row with the changes applied), as 1002 entries. */
export function taskRowErrors(row: Row): InvalidField[] {
  const errors: InvalidField[] = [];
  const bad = (field: string, rule: string, params: Record<string, string | number> = {}) => errors.push({ field, rule, params });
  const cron = typeof row.cron === 'string' && row.cron.trim() !== '' ? row.cron : null;
  if (cron !== null) {
    if (cronProblem(cron) !== null) bad('cron', fieldRule(TASK.field_task_cron));
  } else if (row.every === null || row.every === undefined) {
    bad(Number(row.taskType ?? 0) === 1 ? 'every' : 'cron', fieldRule(TASK.field_task_schedule));
  } else if (!wholeIn(Number(row.every), MIN_EVERY_MS)) {
    bad('every', fieldRule(TASK.field_task_every), { min: MIN_EVERY_MS });
  }
  const service = typeof row.service === 'string' ? row.service.trim() : '';
  if (!service) bad('service', 'required');
  else if (!taskHandler(service)) bad('service', fieldRule(TASK.field_task_service));
  else errors.push(...checkTaskData(service, row.data).errors);
  const start = timeOf(row.startDate);
  const end = timeOf(row.endDate);
  if (start !== null && end !== null && end < start) bad('endDate', fieldRule(TASK.field_task_end));
  if (row.limit !== null && row.limit !== undefined && !wholeIn(Number(row.limit), 1)) bad('limit', fieldRule(TASK.field_task_limit));
  if (row.timeout !== null && row.timeout !== undefined && !wholeIn(Number(row.timeout), MIN_TIMEOUT_MS, MAX_TIMEOUT_MS)) {
    bad('timeout', fieldRule(TASK.field_task_timeout), { min: MIN_TIMEOUT_MS, max: MAX_TIMEOUT_MS });
  }
  return errors;
}
