/**
 * The in-process back end, for an installation without Redis (one instance by definition): one
 * timer per task, armed for its next run. A tick claims its run (runner.ts), re-arms the timer for
 * the next run the claim computed, then runs the handler, so a slow run never delays the next tick.
 */
import type { Row } from '../entity/define';
import type { TaskRunner } from './runner';
import { firstRun, signature, type Scheduled, type SchedulerBackend } from './backend';
import { scheduleOf, timeOf } from './schedule';

/** setTimeout's longest delay; a later run is reached by re-arming. */
const MAX_DELAY = 2 ** 31 - 1;
/** After a claim that could not be written (the database away), the same tick is tried again after this. */
const RETRY_MS = 5000;

interface Armed extends Scheduled {
  timer: NodeJS.Timeout;
}

/** Timers in this process (see the file's comment). */
export class MemoryBackend implements SchedulerBackend {
  readonly kind = 'memory' as const;
  private readonly armed = new Map<number, Armed>();
  private closed = false;

  constructor(private readonly runner: TaskRunner) {}

  async schedule(row: Row): Promise<number | null> {
    const id = Number(row.id);
    this.clear(id);
    let next = firstRun(row);
    // After a restart an interval keeps the next run it had, rather than running at once.
    const s = scheduleOf(row);
    const stored = timeOf(row.nextRunTime);
    const now = Date.now();
    if (next !== null && !s.cron && s.every && stored !== null && stored > now && stored <= now + s.every && (s.endDate === null || stored <= s.endDate))
      next = stored;
    if (next === null || this.closed) return null;
    this.arm(id, signature(row), next);
    return next;
  }

  async unschedule(taskId: number): Promise<void> {
    this.clear(taskId);
  }

  async scheduled(): Promise<Map<number, Scheduled>> {
    return new Map([...this.armed].map(([id, a]) => [id, { sig: a.sig, next: a.next }]));
  }

  async close(drain: () => Promise<void>): Promise<void> {
    this.closed = true;
    for (const id of [...this.armed.keys()]) this.clear(id);
    await drain();
  }

  private clear(id: number): void {
    const a = this.armed.get(id);
    if (a) clearTimeout(a.timer);
    this.armed.delete(id);
  }

  /** Fires tick `next` (its claim key) at `at`, by default the tick itself. */
  private arm(id: number, sig: string, next: number, at = next): void {
    const timer = setTimeout(
      () => {
        if (Date.now() < at) this.arm(id, sig, next, at);
        else void this.fire(id, sig, next);
      },
      Math.min(Math.max(0, at - Date.now()), MAX_DELAY),
    );
    timer.unref();
    this.armed.set(id, { timer, sig, next });
  }

  private async fire(id: number, sig: string, tick: number): Promise<void> {
    this.armed.delete(id);
    let claim;
    try {
      claim = await this.runner.claim(id, tick);
    } catch (err) {
      this.runner.opts.onError(err);
      if (!this.closed && !this.armed.has(id)) this.arm(id, sig, tick, Date.now() + RETRY_MS);
      return;
    }
    // A write to the task meanwhile (stop, update) has already rescheduled or unscheduled it.
    if ((claim.kind === 'claimed' || claim.kind === 'duplicate') && claim.next !== null && !this.closed && !this.armed.has(id)) this.arm(id, sig, claim.next);
    if (claim.kind === 'claimed') void this.runner.execute(claim.run);
  }
}
