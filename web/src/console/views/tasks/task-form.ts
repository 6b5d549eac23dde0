/**
 * The task form's values and the task calls' bodies, both ways, and how the server's 1002 problems land
 * on the form's fields. Pure: no React, no network (tests/web/console-tasks.test.ts).
 *
 * Decisions: the interval is edited in seconds (people think in seconds; the API keeps milliseconds);
 * `data` is edited as JSON text and must be an object (the handler's schema is the server's to check);
 * date-times travel as ISO strings in UTC and are shown in the browser's local time.
 */

/** The schedule kinds of `taskType`. */
export const TASK_TYPE = { cron: 0, interval: 1 } as const;

/** The task row fields the form reads. */
export interface TaskRowLike {
  id?: number;
  name?: string | null;
  service?: string | null;
  data?: string | null;
  taskType?: number | null;
  cron?: string | null;
  every?: number | null;
  limit?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  remark?: string | null;
}

/** A date the form holds: a dayjs or Date (anything with toISOString), an ISO string, or nothing. */
export type FormDate = { toISOString(): string } | string | null | undefined;

export interface TaskFormValues {
  name?: string;
  service?: string;
  data?: string;
  taskType?: number;
  cron?: string;
  /** Seconds. */
  everySeconds?: number | null;
  limit?: number | null;
  startDate?: FormDate;
  endDate?: FormDate;
  remark?: string;
}

/** The form's start values of a row (a new task when null): an hourly interval, data `{}`. */
export function formValuesOf<D>(
  row: TaskRowLike | null,
  toDate: (iso: string) => D,
): Omit<TaskFormValues, 'startDate' | 'endDate'> & { startDate?: D; endDate?: D } {
  if (!row) return { taskType: TASK_TYPE.interval, everySeconds: 3600, data: '{}' };
  const interval = row.taskType === TASK_TYPE.interval || (!row.cron && row.every != null);
  return {
    name: row.name ?? undefined,
    service: row.service ?? undefined,
    data: prettyData(row.data),
    taskType: interval ? TASK_TYPE.interval : TASK_TYPE.cron,
    cron: row.cron ?? undefined,
    everySeconds: row.every != null ? row.every / 1000 : null,
    limit: row.limit ?? null,
    startDate: row.startDate ? toDate(row.startDate) : undefined,
    endDate: row.endDate ? toDate(row.endDate) : undefined,
    remark: row.remark ?? undefined,
  };
}

/** Stored data text indented for editing; text that is no JSON stays as it is. */
function prettyData(text: string | null | undefined): string {
  if (!text || !text.trim()) return '{}';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Why a data text is refused: `null` when it is empty or a JSON object. */
export function dataProblem(text: string | undefined | null): null | 'json' | 'object' {
  if (!text || !text.trim()) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return 'json';
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? null : 'object';
}

/** An ISO string (UTC) of a form date, or null. */
export function isoOf(v: FormDate): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  return v.toISOString();
}

/** Seconds to whole milliseconds (null when empty). */
export function msOf(seconds: number | null | undefined): number | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
}

const text = (v: string | undefined | null) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The body of `add` / `update` (without the id): the schedule of the chosen kind only (the other one
 * null, so a switched task drops its old cron or interval), empty optional fields as null.
 */
export function taskBody(v: TaskFormValues): Record<string, unknown> {
  const interval = v.taskType === TASK_TYPE.interval;
  const data = text(v.data);
  return {
    name: (v.name ?? '').trim(),
    service: (v.service ?? '').trim(),
    data: data === null ? null : JSON.stringify(JSON.parse(data)),
    taskType: interval ? TASK_TYPE.interval : TASK_TYPE.cron,
    cron: interval ? null : text(v.cron),
    every: interval ? msOf(v.everySeconds) : null,
    limit: typeof v.limit === 'number' ? v.limit : null,
    startDate: isoOf(v.startDate),
    endDate: isoOf(v.endDate),
    remark: text(v.remark),
  };
}

/** The body of `preview` for the schedule being edited, or null while it is too incomplete to ask about. */
export function previewBody(v: TaskFormValues): Record<string, unknown> | null {
  const body: Record<string, unknown> = { count: 5 };
  if (v.taskType === TASK_TYPE.interval) {
    const every = msOf(v.everySeconds);
    if (every === null) return null;
    body.every = every;
  } else {
    const cron = text(v.cron);
    if (cron === null) return null;
    body.cron = cron;
  }
  const start = isoOf(v.startDate);
  const end = isoOf(v.endDate);
  if (start) body.startDate = start;
  if (end) body.endDate = end;
  if (typeof v.limit === 'number') body.limit = v.limit;
  return body;
}

/** One 1002 problem as the data layer gives it. */
export interface Problem {
  field: string;
  message?: string;
  rule?: string;
}

/** The form field a server field is edited in (`every` in seconds, `data.<property>` in the data text). */
export function formFieldOf(field: string): string {
  if (field === 'every') return 'everySeconds';
  if (field.startsWith('data.')) return 'data';
  return field;
}

/** `[{name, errors}]` for `form.setFields`, grouped by form field; only the fields `known` accepts. */
export function taskFieldErrors(problems: Problem[], known: (field: string) => boolean): Array<{ name: string; errors: string[] }> {
  const by = new Map<string, string[]>();
  for (const p of problems) {
    const name = formFieldOf(p.field);
    if (!known(name)) continue;
    const message = p.message || p.rule || p.field;
    by.set(name, [...(by.get(name) ?? []), message]);
  }
  return [...by].map(([name, errors]) => ({ name, errors }));
}

/** An interval in its largest whole unit: 3 600 000 ms is 1 h, 90 000 ms is 90 s. */
export function everyParts(ms: number): { n: number; unit: 'h' | 'min' | 's' } {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return { n: ms / 3_600_000, unit: 'h' };
  if (ms >= 60_000 && ms % 60_000 === 0) return { n: ms / 60_000, unit: 'min' };
  return { n: Math.round(ms / 10) / 100, unit: 's' };
}

/** A run's duration in its unit: under a second in ms, else seconds with one decimal. */
export function durationParts(ms: number | null | undefined): { n: number; unit: 'ms' | 's' } | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  if (ms < 1000) return { n: Math.round(ms), unit: 'ms' };
  return { n: Math.round(ms / 100) / 10, unit: 's' };
}

/** The task's runs against its limit: `3 / 10`, or `3 / ∞` without one. */
export function runsText(runCount: number | null | undefined, limit: number | null | undefined): string {
  return `${runCount ?? 0} / ${typeof limit === 'number' ? limit : '∞'}`;
}
