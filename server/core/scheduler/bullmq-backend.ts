/**
 * The back end with Redis: one BullMQ queue, one job scheduler per running task (`task-<id>`), and a
 * worker on every instance. BullMQ hands each tick's job to exactly one worker and, when an
 * instance dies, its delayed jobs simply go to the others (a job it held is retried after the stall
 * interval; the claim in the database makes that retry a no-op when the first attempt had claimed).
 *
 * Cron times come from our own `cronNext` (the queue's repeat strategy), so the console's preview,
 * the in-process back end and BullMQ agree. A job's id is `repeat:task-<id>:<tick ms>`: the tick
 * its claim is keyed by. Loaded only when REDIS_URL is set.
 */
import IORedis from 'ioredis';
import { Queue, Worker, type Job, type RepeatOptions } from 'bullmq';
import type { Row } from '../entity/define';
import type { TaskRunner } from './runner';
import { firstRun, signature, type Scheduled, type SchedulerBackend } from './backend';
import { cronNext, scheduleOf } from './schedule';
import { isRedisDown, outageLogDue } from '../outage';

const QUEUE = 'tasks';
const JOB = 'tick';
/** How long the worker and the queue may take to close before their connections are cut. */
const CLOSE_MS = 5000;

/** `p`'s outcome, or nothing once `ms` have passed (never a rejection). */
function within(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([
    p.then(
      () => undefined,
      () => undefined,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

interface TickData {
  taskId: number;
  sig: string;
}

const schedulerId = (taskId: number) => `task-${taskId}`;
const ms = (v: unknown) => (v === undefined || v === null ? null : new Date(v as string | number | Date).getTime());

/** BullMQ's repeat strategy for cron patterns: our computation, strictly after `millis`, within the dates. */
function repeatStrategy(millis: number, opts: RepeatOptions): number | undefined {
  const start = ms(opts.startDate);
  return cronNext(String(opts.pattern), Math.max(millis, start !== null ? start - 1 : -Infinity), ms(opts.endDate)) ?? undefined;
}

/** Where and how the BullMQ back end works. */
export interface BullOptions {
  redisUrl: string;
  /** Key prefix (the installation's cache prefix + `bull`). */
  prefix: string;
  concurrency: number;
  onError(err: unknown): void;
}

/** Job schedulers in Redis and a worker of this instance (see the file's comment). */
export class BullBackend implements SchedulerBackend {
  readonly kind = 'bullmq' as const;
  private readonly connections: IORedis[] = [];
  private readonly queue: Queue<TickData>;
  private readonly worker: Worker<TickData>;

  constructor(
    private readonly runner: TaskRunner,
    opts: BullOptions,
  ) {
    // The worker's connection blocks and must wait for Redis; the queue's answers the calls a request
    // makes (reschedule after a write), so it fails fast while Redis is away (the reconciliation repairs).
    // While Redis is away every reconnection attempt fails: logged once each 10 s, not each time.
    const report = (err: unknown) => (!isRedisDown(err) || outageLogDue('bullmq')) && opts.onError(err);
    // The worker opens its blocking connection as a duplicate of ours: it is tracked too, so the
    // close can cut every connection when BullMQ's own close does not end (see close).
    const track = (c: IORedis) => {
      c.on('error', report);
      this.connections.push(c);
      const duplicate = c.duplicate.bind(c);
      c.duplicate = (override) => track(duplicate(override));
      return c;
    };
    const connect = (blocking: boolean) => track(new IORedis(opts.redisUrl, { maxRetriesPerRequest: blocking ? null : 2 }));
    this.queue = new Queue<TickData>(QUEUE, { connection: connect(false), prefix: opts.prefix, settings: { repeatStrategy } });
    this.queue.on('error', report);
    this.worker = new Worker<TickData>(QUEUE, (job) => this.process(job), {
      connection: connect(true),
      prefix: opts.prefix,
      concurrency: opts.concurrency,
      settings: { repeatStrategy },
    });
    this.worker.on('error', report);
  }

  private async process(job: Job<TickData>): Promise<void> {
    const taskId = Number(job.data.taskId);
    const tick = Number(String(job.id).split(':').pop());
    if (!Number.isSafeInteger(taskId) || !Number.isFinite(tick)) return;
    const claim = await this.runner.runTick(taskId, tick);
    if (claim.kind === 'gone' || claim.kind === 'stopped' || claim.kind === 'done') await this.unschedule(taskId);
  }

  async schedule(row: Row): Promise<number | null> {
    const id = Number(row.id);
    const next = firstRun(row);
    if (next === null) {
      await this.unschedule(id);
      return null;
    }
    const s = scheduleOf(row);
    const dates = { ...(s.startDate !== null ? { startDate: s.startDate } : {}), ...(s.endDate !== null ? { endDate: s.endDate } : {}) };
    const repeat: RepeatOptions = s.cron ? { pattern: s.cron, tz: 'UTC', ...dates } : { every: s.every!, ...dates };
    await this.queue.upsertJobScheduler(schedulerId(id), repeat, {
      name: JOB,
      data: { taskId: id, sig: signature(row) },
      opts: { removeOnComplete: true, removeOnFail: true },
    });
    return (await this.queue.getJobScheduler(schedulerId(id)))?.next ?? next;
  }

  async unschedule(taskId: number): Promise<void> {
    await this.queue.removeJobScheduler(schedulerId(taskId));
  }

  async scheduled(): Promise<Map<number, Scheduled>> {
    const out = new Map<number, Scheduled>();
    for (const s of await this.queue.getJobSchedulers(0, -1, true)) {
      const m = /^task-(\d+)$/.exec(String(s.key));
      if (!m) continue;
      const data = s.template?.data as TickData | undefined;
      out.set(Number(m[1]), { sig: data?.sig ?? '', next: s.next ?? null });
    }
    return out;
  }

  /**
   * Stops fetching jobs; the runs under way end (or are logged as stopped) through `drain`. Bounded
   * when Redis is away, where BullMQ's graceful close would wait for ever: it disconnects its
   * blocking connection and waits for ioredis's `end`, which a connection between two reconnection
   * attempts never emits, and it sends `quit`, which waits behind the commands queued for Redis. So
   * with any connection down the worker is closed with `force` (disconnect, no quit; the runs are
   * waited for by `drain`, not by BullMQ), and in any case every connection is cut after CLOSE_MS.
   */
  async close(drain: () => Promise<void>): Promise<void> {
    const away = this.connections.some((c) => c.status !== 'ready');
    const closing = this.worker.close(away);
    await drain();
    await within(Promise.allSettled([closing, this.queue.close()]), CLOSE_MS);
    for (const c of this.connections) c.disconnect();
  }
}
