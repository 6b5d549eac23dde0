/**
 * One run of a task, the same on both back ends: a claim, the handler under a time limit, the log.
 *
 * The claim is the run's task/log row, added with `addIfAbsent` on the unique (taskId, claimKey):
 * a scheduled tick's key is its time, so whichever instance (or retried job) comes second for a
 * tick finds the row and does nothing. The same transaction counts the run, sets lastExecuteTime
 * and nextRunTime, and stops the task (status 0) when no run is left (limit reached, end date
 * passed). The handler then runs outside any transaction; one that exceeds its time limit is
 * aborted (its signal) and logged as failed, and whatever it answers later is ignored.
 */
import { randomUUID } from 'node:crypto';
import type { Core } from '../core';
import type { Row } from '../entity/define';
import { SYSTEM } from '../entity/access';
import { and, eq } from '../condition';
import { checkTaskData, taskHandler } from './registry';
import { nextRunTime, scheduleOf, timeOf } from './schedule';
import { countTaskRun, observeQueueLag, type TaskOutcome } from '../ops/metrics';
import type { Claim, ClaimedRun } from './types';

/** task/log status values. */
export const LOG_STATUS = { failed: 0, succeeded: 1, running: 2 } as const;

/** Longest detail text kept in a log row. */
const MAX_DETAIL = 500;
/** A run still marked running this long after its time limit belongs to an instance that died. */
const SWEEP_GRACE_MS = 60_000;

/** What a runner needs besides the core. */
export interface RunnerOptions {
  instance: string;
  /** A run's time limit when neither the task row nor its handler sets one. */
  defaultTimeoutMs: number;
  onError(err: unknown): void;
}

interface Outcome {
  ok: boolean;
  detail: string;
  /** For the metrics, when not ok: why (a failure unless said otherwise). */
  kind?: TaskOutcome;
}

interface InFlight {
  done: Promise<void>;
  abandon(): void;
}

const iso = (ms: number) => new Date(ms).toISOString();

function clip(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}

function summary(answer: unknown): string {
  if (answer === undefined || answer === null) return 'ok';
  if (typeof answer === 'string') return clip(answer);
  try {
    return clip(JSON.stringify(answer));
  } catch {
    return clip(String(answer));
  }
}

/** Claims, runs and logs runs of tasks for one instance; tracks the runs under way for a graceful stop. */
export class TaskRunner {
  private readonly inFlight = new Map<number, InFlight>();
  private closed = false;

  constructor(
    private readonly core: Core,
    readonly opts: RunnerOptions,
  ) {}

  /** The time limit of a run of `task`: its own, its handler's, or the default. */
  timeoutOf(task: Row): number {
    const own = Number(task.timeout);
    if (task.timeout !== null && task.timeout !== undefined && own > 0) return own;
    return taskHandler(String(task.service ?? ''))?.timeoutMs ?? this.opts.defaultTimeoutMs;
  }

  /** Claims the run of task `taskId` for `tick` (ms, a scheduled time) or, with null, a run asked for now. */
  async claim(taskId: number, tick: number | null): Promise<Claim> {
    if (this.closed) return { kind: 'closed', next: null };
    if (tick !== null) observeQueueLag(tick);
    const tasks = this.core.model.system('tasks');
    const logs = this.core.model.system('taskLogs');
    return this.core.ops.transaction(SYSTEM, async (t): Promise<Claim> => {
      const [task] = await t.lock(tasks, taskId);
      if (!task) return { kind: 'gone', next: null };
      const schedule = scheduleOf(task);
      const runs = Number(task.runCount ?? 0);
      if (tick !== null) {
        if (Number(task.status) !== 1) return { kind: 'stopped', next: null };
        if ((schedule.limit !== null && runs >= schedule.limit) || (schedule.endDate !== null && tick > schedule.endDate)) {
          await t.updateWhere(tasks, taskId, { status: 0, nextRunTime: null });
          return { kind: 'done', next: null };
        }
      }
      const now = Date.now();
      const claimKey = tick !== null ? `t:${iso(tick)}` : `once:${randomUUID()}`;
      const row = {
        taskId,
        claimKey,
        tick: tick !== null ? iso(tick) : null,
        status: LOG_STATUS.running,
        startTime: iso(now),
        instance: this.opts.instance.slice(0, 100),
      };
      const claim = await t.addIfAbsent(logs, row, ['taskId', 'claimKey']);
      if (!claim.created) return { kind: 'duplicate', next: tick !== null ? nextRunTime(schedule, now, tick, runs) : null };
      let next: number | null = null;
      if (tick !== null) {
        next = nextRunTime(schedule, now, tick, runs + 1);
        await t.updateWhere(tasks, taskId, {
          runCount: runs + 1,
          lastExecuteTime: iso(now),
          nextRunTime: next !== null ? iso(next) : null,
          ...(next === null ? { status: 0 } : {}),
        });
      } else await t.updateWhere(tasks, taskId, { lastExecuteTime: iso(now) });
      const service = String(task.service ?? '');
      const checked = taskHandler(service) ? checkTaskData(service, task.data) : null;
      const problem = !checked
        ? `no task handler named '${service}'`
        : checked.errors.length
          ? `bad data: ${checked.errors.map((e) => `${e.field} ${e.rule}`).join(', ')}`
          : null;
      return { kind: 'claimed', next, run: { logId: claim.id, taskId, tick, service, data: checked?.value ?? null, problem, timeoutMs: this.timeoutOf(task) } };
    });
  }

  /** Runs a claimed run and logs its outcome; never rejects. Resolves at the latest when its time limit passes. */
  execute(run: ClaimedRun): Promise<void> {
    let abandon: (o: Outcome) => void = () => undefined;
    const abandoned = new Promise<Outcome>((resolve) => (abandon = resolve));
    const done = this.perform(run, abandoned)
      .catch((err: unknown) => this.opts.onError(err))
      .finally(() => this.inFlight.delete(run.logId));
    this.inFlight.set(run.logId, {
      done,
      abandon: () => abandon({ ok: false, detail: `instance ${this.opts.instance} stopped before the run ended`, kind: 'stopped' }),
    });
    return done;
  }

  private async perform(run: ClaimedRun, abandoned: Promise<Outcome>): Promise<void> {
    const started = Date.now();
    let outcome: Outcome;
    if (run.problem) outcome = { ok: false, detail: run.problem };
    else {
      const handler = taskHandler(run.service)!;
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<Outcome>((resolve) => {
        timer = setTimeout(() => {
          abort.abort();
          resolve({ ok: false, detail: `timed out after ${run.timeoutMs} ms`, kind: 'timed_out' });
        }, run.timeoutMs);
      });
      const ctx = { taskId: run.taskId, tick: run.tick !== null ? new Date(run.tick) : null, instance: this.opts.instance, signal: abort.signal };
      const work = Promise.resolve()
        .then(() => handler.run(this.core, run.data ?? {}, ctx))
        .then(
          (answer): Outcome => ({ ok: true, detail: summary(answer) }),
          (err: unknown): Outcome => ({ ok: false, detail: clip(err instanceof Error ? `${err.name}: ${err.message}` : String(err)) }),
        );
      void abandoned.then(() => abort.abort());
      outcome = await Promise.race([work, timedOut, abandoned]);
      clearTimeout(timer);
    }
    countTaskRun(outcome.ok ? 'succeeded' : (outcome.kind ?? 'failed'));
    const logs = this.core.model.system('taskLogs');
    // Only a row still running is finished: the sweep of another instance may have closed it already.
    await this.core.ops.transaction(SYSTEM, (t) =>
      t.updateWhere(logs, and(eq('id', run.logId), eq('status', LOG_STATUS.running)), {
        status: outcome.ok ? LOG_STATUS.succeeded : LOG_STATUS.failed,
        duration: Date.now() - started,
        detail: outcome.detail,
      }),
    );
  }

  /** Claims and runs task `taskId` now, whatever its schedule; answers the log row's id once claimed. */
  async runNow(taskId: number): Promise<Claim> {
    const claim = await this.claim(taskId, null);
    if (claim.kind === 'claimed') void this.execute(claim.run);
    return claim;
  }

  /** Claims and runs the scheduled tick; resolves when its log is written (at most its time limit). */
  async runTick(taskId: number, tick: number): Promise<Claim> {
    const claim = await this.claim(taskId, tick);
    if (claim.kind === 'claimed') await this.execute(claim.run);
    return claim;
  }

  /** Marks failed the runs left `running` by an instance that died (past their time limit and a grace). */
  async sweep(now = Date.now()): Promise<number> {
    const logs = this.core.model.system('taskLogs');
    const tasks = this.core.model.system('tasks');
    const running = (await this.core.ops.list(logs, { status: LOG_STATUS.running }, SYSTEM)).filter((r) => !this.inFlight.has(Number(r.id)));
    const limits = new Map<number, number>();
    let n = 0;
    for (const r of running) {
      const taskId = Number(r.taskId);
      if (!limits.has(taskId)) {
        const task = await this.core.ops.info(tasks, taskId, SYSTEM).catch(() => null);
        limits.set(taskId, task ? this.timeoutOf(task) : this.opts.defaultTimeoutMs);
      }
      const started = timeOf(r.startTime) ?? 0;
      if (started + limits.get(taskId)! + SWEEP_GRACE_MS > now) continue;
      n += await this.core.ops.transaction(SYSTEM, (t) =>
        t.updateWhere(logs, and(eq('id', Number(r.id)), eq('status', LOG_STATUS.running)), {
          status: LOG_STATUS.failed,
          detail: `no answer from instance ${String(r.instance ?? '?')}: marked failed`,
        }),
      );
    }
    return n;
  }

  /**
   * Waits up to `graceMs` for the runs under way, then refuses new claims and logs the runs still
   * going as failed (stopped with the instance) while the database is still open. The back end has
   * stopped taking ticks before, so a tick it took meanwhile is still run or logged.
   */
  async close(graceMs: number): Promise<void> {
    const pending = () => Promise.all([...this.inFlight.values()].map((f) => f.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([pending(), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    this.closed = true;
    for (const f of this.inFlight.values()) f.abandon();
    await pending();
  }
}
