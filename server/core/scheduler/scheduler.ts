/**
 * The scheduler of a running core: keeps the back end's schedules equal to the task rows, and runs
 * `once`. One back end per process: BullMQ when REDIS_URL is set (every instance schedules and
 * works the one queue, each tick on one of them), in-process timers otherwise.
 *
 * The rows are the truth. A write to a task through the operations reaches `written` after its
 * commit (app.ts), so add, update, delete, restore, start and stop reschedule or unschedule at once;
 * every TASK_RECONCILE_SECONDS, and at start, `syncAll` compares every running task with what the
 * back end holds (catching writes made outside the API and a schedule BullMQ lost when an instance
 * died between two of its steps), and runs left `running` by a dead instance are marked failed.
 */
import { hostname } from 'node:os';
import type { Core } from '../core';
import type { Row } from '../entity/define';
import type { RowChange } from '../crud/totals';
import { SYSTEM } from '../entity/access';
import { TaskRunner } from './runner';
import type { Claim, CoreScheduler, SchedulerSettings } from './types';
import { firstRun, signature, type SchedulerBackend } from './backend';
import { MemoryBackend } from './memory-backend';
import { timeOf } from './schedule';
import './task-log-purge.task';

/** A BullMQ schedule whose next run is this far in the past lost its next job: it is made again. */
const STALE_MS = 30_000;
/** How long a stop waits for runs under way before logging them as stopped. */
const GRACE_MS = 3000;

/** The scheduler's settings from the environment. */
export function schedulerSettings(env: Record<string, string | undefined>): SchedulerSettings {
  const num = (v: string | undefined, d: number, min: number) => (v && Number.isFinite(Number(v)) ? Math.max(min, Number(v)) : d);
  return {
    instance: (env.INSTANCE_ID || `${hostname()}:${process.pid}`).slice(0, 100),
    defaultTimeoutMs: num(env.TASK_TIMEOUT_MS, 600_000, 100),
    concurrency: Math.floor(num(env.TASK_CONCURRENCY, 4, 1)),
    reconcileMs: num(env.TASK_RECONCILE_SECONDS, 60, 1) * 1000,
  };
}

/** The scheduler of one process (see the file's comment). */
export class Scheduler implements CoreScheduler {
  private core: Core | null = null;
  private runner: TaskRunner | null = null;
  private backend: SchedulerBackend | null = null;
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;

  /**
   * @param redis the Redis address and key prefix, or null for the in-process back end.
   */
  constructor(
    readonly settings: SchedulerSettings,
    private readonly redis: { url: string; prefix: string } | null,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** `memory` or `bullmq` once started. */
  get kind(): SchedulerBackend['kind'] | null {
    return this.backend?.kind ?? null;
  }

  /** Opens the back end, schedules every running task and starts the reconciliation timer. */
  async start(core: Core): Promise<void> {
    this.core = core;
    this.runner = new TaskRunner(core, { instance: this.settings.instance, defaultTimeoutMs: this.settings.defaultTimeoutMs, onError: this.onError });
    if (this.redis) {
      // Loaded only with Redis: BullMQ costs start-up time a single instance does not need.
      const { BullBackend } = await import('./bullmq-backend');
      this.backend = new BullBackend(this.runner, {
        redisUrl: this.redis.url,
        prefix: `${this.redis.prefix}bull`,
        concurrency: this.settings.concurrency,
        onError: this.onError,
      });
    } else this.backend = new MemoryBackend(this.runner);
    await this.syncAll();
    this.timer = setInterval(() => void this.reconcile(), this.settings.reconcileMs);
    this.timer.unref();
  }

  private get parts(): { core: Core; runner: TaskRunner; backend: SchedulerBackend } {
    if (!this.core || !this.runner || !this.backend) throw new Error('the scheduler has not started');
    return { core: this.core, runner: this.runner, backend: this.backend };
  }

  /** After a committed write to tasks: reschedules what changed (rows null: every task). Never throws. */
  async written(rows: RowChange[] | null): Promise<void> {
    if (!this.backend) return;
    try {
      if (!rows) return await this.syncAll();
      for (const c of rows) {
        const row = c.after ?? c.before;
        if (!row) continue;
        if (!c.after) {
          await this.parts.backend.unschedule(Number(row.id));
          continue;
        }
        const was = c.before && Number(c.before.status) === 1 ? signature(c.before) : null;
        const now = Number(c.after.status) === 1 ? signature(c.after) : null;
        if (was !== now) await this.apply(c.after);
      }
    } catch (err) {
      this.onError(err);
    }
  }

  /** Schedules task `taskId` again from its row (after `start`). */
  async refresh(taskId: number): Promise<void> {
    const { core } = this.parts;
    await this.apply(await core.ops.info(core.model.system('tasks'), taskId, SYSTEM));
  }

  /** Claims a run of task `taskId` now and runs it in the background; the claim names its log row. */
  runNow(taskId: number): Promise<Claim> {
    return this.parts.runner.runNow(taskId);
  }

  /** Makes the back end hold exactly the running tasks' schedules. */
  syncAll(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const { core, backend } = this.parts;
    const active = await core.ops.list(core.model.system('tasks'), { status: 1, size: 1000 }, SYSTEM);
    const have = await backend.scheduled();
    const now = Date.now();
    for (const row of active) {
      const id = Number(row.id);
      const held = have.get(id);
      have.delete(id);
      if (held && held.sig === signature(row) && !(held.next !== null && held.next < now - STALE_MS)) await this.setNext(row, held.next);
      else if (!held && firstRun(row) === null) await this.setNext(row, null);
      else await this.apply(row);
    }
    for (const id of have.keys()) await backend.unschedule(id);
  }

  private async reconcile(): Promise<void> {
    try {
      await this.syncAll();
      await this.parts.runner.sweep();
    } catch (err) {
      this.onError(err);
    }
  }

  private async apply(row: Row): Promise<void> {
    const { backend } = this.parts;
    let next: number | null = null;
    if (Number(row.status) === 1) next = await backend.schedule(row);
    else await backend.unschedule(Number(row.id));
    await this.setNext(row, next);
  }

  /** Writes nextRunTime when it differs from the row's. */
  private async setNext(row: Row, next: number | null): Promise<void> {
    if (timeOf(row.nextRunTime) === next) return;
    const { core } = this.parts;
    const value = next === null ? null : new Date(next).toISOString();
    await core.ops.transaction(SYSTEM, (t) => t.updateWhere(core.model.system('tasks'), { field: 'id', eq: Number(row.id) }, { nextRunTime: value }));
  }

  /** Stops the timer and the back end, letting runs under way end (or logging them as stopped). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.syncing?.catch(() => undefined);
    if (!this.backend || !this.runner) return;
    const { backend, runner } = this;
    await backend.close(() => runner.close(GRACE_MS));
  }
}
