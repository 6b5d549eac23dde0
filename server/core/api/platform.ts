/**
 * Public API of the core, platform: the core object a module receives, its start-up hook, paths, the
 * cache, realtime notices, scheduled tasks, logs, parameters and the API descriptions.
 */
export type {
  /**
   * The running core a module's routes and services receive: database, model, operations, cache, auth, realtime...
   * @example
   * ```ts
   * export default defineRoutes((core: Core) => [ ... ]);
   * ```
   */
  Core,
} from '../core';

export {
  /**
   * Declares what a module does once when an app starts, in a `*.start.ts` file (default export), e.g. hand a lower domain a function.
   * @example
   * ```ts
   * export default onStart(() => {
   *   whenMessageSent(onMessageSent);
   * });
   * ```
   */
  onStart,
} from '../modules';
export type {
  /** A module's start-up hook. */
  StartHook,
} from '../modules';

export {
  /** The data folder (uploads, packages). */
  DATA_DIR,
  /** The project's root folder. */
  PROJECT_ROOT,
} from '../paths';

export {
  /** The Redis cache store (a module that needs its own Redis client). */
  RedisStore,
} from '../cache/store';

export type {
  /** A notice sent to members over the realtime connection. */
  Notice,
  /** A realtime transport (the socket layer a module provides). */
  RealtimeTransport,
  /** Why a session ends. */
  SessionEndReason,
  /** Whose sessions a notice or an end reaches. */
  SessionTarget,
} from '../realtime';

export {
  /**
   * Declares a scheduled task's service.
   * @example
   * ```ts
   * export default defineTask('base:cleanup', async (core) => { ... });
   * ```
   */
  defineTask,
} from '../scheduler/registry';
export {
  /** The shortest interval of a task. */
  MIN_EVERY_MS,
  /** Why a cron expression is refused, or null. */
  cronProblem,
  /** The next runs of a schedule (a preview). */
  nextRunTimes,
  /** The schedule of a task row. */
  scheduleOf,
  /** A stored or API datetime as milliseconds, or null. */
  timeOf,
} from '../scheduler/schedule';
export {
  /** The scheduler's envelope messages. */
  TASK,
} from '../scheduler/scheduler.messages';
export {
  /** Settles a task change's kind and cron before it is written. */
  settleTaskChange,
  /** Every problem of a task row, as 1002 entries. */
  taskRowErrors,
  /** Whether a payload touches a field the task checks read. */
  touchesSchedule,
} from '../scheduler/task-check';

export {
  /** The parameter key of the log keeping days. */
  LOG_KEEP_KEY,
  /** The most days a log is kept. */
  MAX_LOG_KEEP_DAYS,
  /** The stored form of the moment some days ago. */
  cutoffStored,
  /** The kept days from the params. */
  readKeepDays,
} from '../log/log-keep';
export {
  /** What the request log writes in place of a secret. */
  REDACTED,
  /** The request log entry of one call (path, caller, ip, parameters redacted), for `core.requestLog.record`. */
  requestLogEntry,
} from '../log/request-log';

export {
  /** The AI parameters clamped into their bounds. */
  boundedParams,
  /** The errors of an AI config's params. */
  paramErrors,
  /** A price above the maximum as a field error, or null. */
  priceError,
  /** The AI bounds in force. */
  readAiLimits,
  /** The AI bounds, read by a hook through its transaction. */
  readAiLimitsIn,
} from '../params/ai-limits';
export type {
  /** The AI bounds (prices, parameters). */
  AiLimits,
} from '../params/ai-limits';
export {
  /** Declares a param seeded once with its default, which the administrator may change in the console. */
  seededParam,
  /** Numeric params read in one query, each its default when unset or out of its range. */
  readNumberParams,
} from '../params/seeded-params';
export type {
  /** A numeric param with its range. */
  NumberParam,
} from '../params/seeded-params';

export {
  /** The cool-admin compatible /eps answer. */
  buildCoolEps,
} from '../eps/cool-eps';
export {
  /** The /eps answer: the entities and calls a caller may see. */
  buildEps,
  /** Whether a route is visible to a caller. */
  visibleTo,
} from '../eps/eps';
export {
  /** The OpenAPI 3.1 document of the API. */
  buildOpenApi,
} from '../eps/openapi';
