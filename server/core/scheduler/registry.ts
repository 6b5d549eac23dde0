/**
 * Task handlers are code, registered by name: a task row's `service` names one and its `data` is a
 * JSON object checked against that handler's JSON Schema. Nothing read from the database is ever
 * evaluated; an unknown name is refused when the row is written (1002) and fails the run.
 *
 * A handler lives in the module that owns its work, in a `*.task.ts` file the module loader imports
 * at start-up (server/core/modules.ts), or in a core file the core imports itself.
 */
import type { ValidateFunction } from 'ajv';
import { lazyAjv, lazyValidator } from '../lazy-ajv';
import type { Core } from '../core';
import type { InvalidField } from '../errors';
import { schemaErrorField } from '../http/schema-errors';

/** A JSON Schema of a handler's `data` (an object). */
export type TaskSchema = Record<string, unknown>;

/** What a run gets besides the core and its data. */
export interface TaskRunContext {
  taskId: number;
  /** The scheduled time of this run (UTC), or null for a run asked for with `once`. */
  tick: Date | null;
  /** Which instance runs it. */
  instance: string;
  /** Aborted when the run exceeds its time limit: long handlers should stop then. */
  signal: AbortSignal;
}

/** The row a handler asks to be seeded as a system task (type 0) on the first start that knows it. */
export interface SystemTaskSeed {
  name: string;
  /** Six fields with seconds, UTC; or `every` in milliseconds. */
  cron?: string;
  every?: number;
  data?: Record<string, unknown>;
  remark?: string;
}

export interface TaskHandler<D = Record<string, unknown>> {
  /** JSON Schema of `data`; defaults it declares are filled in before `run`. */
  schema: TaskSchema;
  /**
   * Does the work. Write it to be safe to run again (a run cut short by a dead instance is not
   * retried, but the next tick does the same work). The answer, if any, becomes the log's detail.
   */
  run(core: Core, data: D, ctx: TaskRunContext): Promise<unknown> | unknown;
  /** Time limit of a run in milliseconds, unless the task row sets its own (default: TASK_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Seeded once as a system task. */
  system?: SystemTaskSeed;
}

interface Registered {
  name: string;
  handler: TaskHandler;
  validate: ValidateFunction;
}

const ajv = lazyAjv({ allErrors: true, strict: false, useDefaults: true });
const handlers = new Map<string, Registered>();

/** Handler names: letters, digits, dots and dashes (`recycle.purge`). */
const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;

/**
 * Registers the handler `name` (once per process; a second registration of the name throws).
 *
 * @example
 * ```ts
 * // server/modules/system/recycle/recycle-purge.task.ts
 * import { defineTask } from '../../core/scheduler/registry';
 *
 * export default defineTask<{ days: number }>('recycle.purge', {
 *   schema: { type: 'object', properties: { days: { type: 'integer', minimum: 1, default: 30 } }, additionalProperties: false },
 *   system: { name: 'Recycle bin purge', cron: '0 30 3 * * *', data: { days: 30 } },
 *   async run(core, { days }, ctx) {
 *     return { removed: await purgeRecycle(core, days, ctx.signal) };
 *   },
 * });
 * ```
 */
export function defineTask<D = Record<string, unknown>>(name: string, handler: TaskHandler<D>): TaskHandler<D> {
  if (!NAME.test(name)) throw new Error(`task handler name '${name}' is not valid`);
  if (handlers.has(name)) throw new Error(`task handler '${name}' is registered twice`);
  const schema = { type: 'object', ...handler.schema };
  handlers.set(name, { name, handler: handler as TaskHandler, validate: lazyValidator(ajv, schema) });
  return handler;
}

/** The handler registered as `name`, or undefined. */
export function taskHandler(name: string): TaskHandler | undefined {
  return handlers.get(name)?.handler;
}

/** Every registered handler name, sorted. */
export function taskNames(): string[] {
  return [...handlers.keys()].sort();
}

/** The system tasks the registered handlers ask for, by handler name. */
export function systemTasks(): Array<{ service: string; seed: SystemTaskSeed }> {
  return taskNames().flatMap((service) => {
    const seed = handlers.get(service)!.handler.system;
    return seed ? [{ service, seed }] : [];
  });
}

/**
 * `data` of a task for handler `name`: the stored text (JSON; empty means `{}`) or an object,
 * checked against the handler's schema with its defaults filled in. Answers the value, or the
 * errors naming `data` or `data.<property>` (an unknown handler is the caller's to report).
 */
export function checkTaskData(name: string, raw: unknown): { value: Record<string, unknown> | null; errors: InvalidField[] } {
  const reg = handlers.get(name);
  let value: unknown = raw;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) value = {};
  else if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { value: null, errors: [{ field: 'data', rule: 'type', params: { type: 'JSON object' } }] };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { value: null, errors: [{ field: 'data', rule: 'type', params: { type: 'JSON object' } }] };
  }
  if (!reg) return { value: value as Record<string, unknown>, errors: [] };
  const copy = structuredClone(value) as Record<string, unknown>;
  if (reg.validate(copy)) return { value: copy, errors: [] };
  return { value: null, errors: (reg.validate.errors ?? []).map((e) => schemaErrorField(e, 'data')) };
}
