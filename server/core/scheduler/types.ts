/**
 * The scheduler's shapes that name no implementation: its settings, what a claim comes to, and what
 * the core exposes of it (`core.scheduler`; the class is scheduler.ts).
 */
import type { SchedulerBackend } from './backend';

/** Settings of the scheduler (environment variables in brackets). */
export interface SchedulerSettings {
  /** Names this process in task logs (INSTANCE_ID; default host:pid). */
  instance: string;
  /** A run's time limit when neither the row nor the handler gives one (TASK_TIMEOUT_MS). */
  defaultTimeoutMs: number;
  /** Runs at once per instance with BullMQ (TASK_CONCURRENCY). */
  concurrency: number;
  /** Milliseconds between two reconciliations (TASK_RECONCILE_SECONDS). */
  reconcileMs: number;
}

/** A run this instance has claimed and must now execute (and log). */
export interface ClaimedRun {
  logId: number;
  taskId: number;
  tick: number | null;
  service: string;
  data: Record<string, unknown> | null;
  /** Why the run fails before it starts (unknown handler, bad data), or null. */
  problem: string | null;
  timeoutMs: number;
}

/**
 * What a claim came to: the run is ours; another instance (or an earlier attempt) has it; or no run:
 * the task is gone, stopped, done (limit reached or end date passed) or this runner is closed.
 */
export type Claim =
  | { kind: 'claimed'; run: ClaimedRun; next: number | null }
  | { kind: 'duplicate'; next: number | null }
  | { kind: 'gone' | 'stopped' | 'done' | 'closed'; next: null };

/** The scheduler as the core holds it: its settings, its back end, and the calls writes to tasks make. */
export interface CoreScheduler {
  readonly settings: SchedulerSettings;
  /** `memory` or `bullmq` once started. */
  readonly kind: SchedulerBackend['kind'] | null;
  /** Schedules task `taskId` again from its row (after `start`). */
  refresh(taskId: number): Promise<void>;
  /** Claims a run of task `taskId` now and runs it in the background; the claim names its log row. */
  runNow(taskId: number): Promise<Claim>;
}
