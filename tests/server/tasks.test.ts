/**
 * Scheduled tasks (issue 19) through the real HTTP stack, on every database and on both back ends
 * (in-process timers; BullMQ when Redis answers, under a key prefix of its own): once, stop, limit,
 * update and delete, the checks that refuse a bad row with 1002, and the time limit of a run.
 * The handlers here are registered by the test, as a module registers its own.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineTask } from '../../server/core/scheduler/registry';
import { TaskRunner } from '../../server/core/scheduler/runner';
import { startApp, type TestApp } from '../helpers/app';
import { REDIS_URL, databaseKinds, redisUp } from '../helpers/databases';

const kinds = await databaseKinds();
const backends: Array<'memory' | 'bullmq'> = (await redisUp()) ? ['memory', 'bullmq'] : ['memory'];
const matrix = kinds.flatMap((kind) => backends.map((backend) => [kind, backend] as const));

/** Runs per task, by the tag in its data, as the handler saw them. */
const seen = new Map<string, number>();
defineTask<{ tag: string }>('test.count', {
  schema: { properties: { tag: { type: 'string', default: '' } }, additionalProperties: false },
  run: (_core, { tag }) => {
    seen.set(tag, (seen.get(tag) ?? 0) + 1);
    return { n: seen.get(tag) };
  },
});
defineTask<{ ms: number }>('test.sleep', {
  schema: { properties: { ms: { type: 'integer', minimum: 0 } }, required: ['ms'], additionalProperties: false },
  run: (_core, { ms }, ctx) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve('slept'), ms);
      ctx.signal.addEventListener('abort', () => clearTimeout(timer));
    }),
});

type Res = { status: number; body: { code: number; message: string; data: any } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await sleep(100);
  }
}

describe.each(matrix)('scheduled tasks on %s with the %s back end', (kind, backend) => {
  let t: TestApp;
  const prefix = `cosmac-test-tasks-${randomBytes(4).toString('hex')}:`;

  const post = (path: string, body: unknown, token = t.adminToken) =>
    t
      .http()
      .post(path)
      .set('Authorization', token)
      .send(body as object) as unknown as Promise<Res>;
  const ok = (res: Res) => {
    expect(res.body, JSON.stringify(res.body).slice(0, 400)).toMatchObject({ code: 1000 });
    return res.body.data;
  };
  let tags = 0;
  /** Adds a task (by default of test.count, tagged `<kind>-<backend>-<n>`); answers its id. */
  const add = async (row: Record<string, unknown>) => {
    const tag = `${kind}-${backend}-${++tags}`;
    return ok(await post('/admin/task/info/add', { name: `t-${tag}`, service: 'test.count', data: JSON.stringify({ tag }), ...row })).id as number;
  };
  const runsSeen = async (id: number) => seen.get(JSON.parse((await task(id)).data).tag) ?? 0;
  const task = async (id: number) => ok((await t.http().get('/admin/task/info/info').query({ id }).set('Authorization', t.adminToken)) as unknown as Res);
  const runs = async (id: number, status?: number) => {
    const res = (await t
      .http()
      .get('/admin/task/info/log')
      .query({ id, size: 100, ...(status === undefined ? {} : { status }) })
      .set('Authorization', t.adminToken)) as unknown as Res;
    return ok(res).list as Array<Record<string, any>>;
  };
  const taskCount = async () => ok(await post('/admin/task/info/page', { size: 1 })).pagination.total as number;

  beforeAll(async () => {
    process.env.REDIS_PREFIX = prefix;
    t = await startApp(kind, backend === 'bullmq' ? { redisUrl: REDIS_URL } : {});
    delete process.env.REDIS_PREFIX;
    expect(t.core.scheduler.kind).toBe(backend);
  });
  afterAll(async () => {
    await t?.close();
    if (backend === 'bullmq') {
      const r = new Redis(REDIS_URL);
      const keys = await r.keys(`${prefix}*`);
      if (keys.length) await r.del(...keys);
      r.disconnect();
    }
  });

  it('seeds the system tasks once, running', async () => {
    const list = ok(await post('/admin/task/info/page', { type: 0, size: 100 })).list as Array<Record<string, any>>;
    const services = list.map((r) => r.service).sort();
    expect(services).toEqual(expect.arrayContaining(['order.expire', 'recycle.purge', 'requestLog.purge', 'taskLog.purge']));
    expect(new Set(services).size).toBe(services.length);
    for (const r of list) expect(r.status).toBe(1);
    expect(list.find((r) => r.service === 'requestLog.purge')!.nextRunTime).toMatch(/:00:00\.000Z$/);
  });

  it('makes a task added through the API a user task (type 1), whatever type was sent', async () => {
    const id = await add({ cron: '0 0 3 * * *', status: 0, type: 0 });
    expect((await task(id)).type).toBe(1);
    await post('/admin/task/info/update', { id, type: 0 });
    expect((await task(id)).type).toBe(1);
  });

  it('runs a task once on `once`, exactly once, and logs it', async () => {
    const id = await add({ cron: '0 0 3 * * *', status: 0 });
    const { logId } = ok(await post('/admin/task/info/once', { id }));
    const [run] = await until(
      () => runs(id),
      (l) => l[0]?.status === 1,
    );
    expect(run).toMatchObject({ id: logId, taskId: id, status: 1, tick: null, instance: t.core.scheduler.settings.instance, detail: '{"n":1}' });
    expect(run.duration).toBeGreaterThanOrEqual(0);
    await sleep(500);
    expect(await runs(id)).toHaveLength(1);
    expect(await runsSeen(id)).toBe(1);
    expect(await task(id)).toMatchObject({ status: 0, runCount: 0, nextRunTime: null });
    expect((await task(id)).lastExecuteTime).not.toBeNull();
  });

  it('stops a running task on `stop`', async () => {
    const id = await add({ taskType: 1, every: 1000 });
    await until(
      () => runs(id),
      (l) => l.length >= 2,
    );
    const stopped = ok(await post('/admin/task/info/stop', { id }));
    expect(stopped).toMatchObject({ status: 0, nextRunTime: null });
    const after = (await runs(id)).length;
    await sleep(2500);
    expect((await runs(id)).length).toBe(after);
    const ticks = (await runs(id)).map((r) => r.tick);
    expect(new Set(ticks).size).toBe(ticks.length);
  });

  it('runs a task with limit 3 three times, then sets status 0', async () => {
    const id = await add({ taskType: 1, every: 1000, limit: 3 });
    const row = await until(
      () => task(id),
      (r) => r.status === 0,
    );
    expect(row).toMatchObject({ status: 0, runCount: 3, nextRunTime: null });
    await sleep(1500);
    const done = await runs(id);
    expect(done).toHaveLength(3);
    expect(done.every((r) => r.status === 1)).toBe(true);
    // start begins a new count
    expect(ok(await post('/admin/task/info/start', { id })).status).toBe(1);
    await until(
      () => task(id),
      (r) => r.status === 0 && r.runCount === 3,
    );
    expect(await runs(id)).toHaveLength(6);
  });

  it('reschedules on update and unschedules on delete', async () => {
    const id = await add({ cron: '0 0 3 * * *' });
    expect((await task(id)).nextRunTime).toMatch(/T03:00:00\.000Z$/);
    ok(await post('/admin/task/info/update', { id, taskType: 1, every: 1000 }));
    expect(await task(id)).toMatchObject({ cron: null, every: 1000, taskType: 1 });
    await until(
      () => runs(id),
      (l) => l.length >= 1,
    );
    ok(await post('/admin/task/info/delete', { ids: [id] }));
    const tag = `${kind}-${backend}-${tags}`;
    await sleep(300);
    const after = seen.get(tag) ?? 0;
    expect(after).toBeGreaterThan(0);
    await sleep(2000);
    expect(seen.get(tag)).toBe(after);
  });

  it('runs a tick delivered twice at once (two instances, a retried job) only once', async () => {
    const id = await add({ cron: '0 0 3 * * *' });
    const tick = Date.parse('2026-01-01T03:00:00Z');
    const runner = (instance: string) =>
      new TaskRunner(t.core, {
        instance,
        defaultTimeoutMs: 5000,
        onError: (e) => {
          throw e;
        },
      });
    const claims = await Promise.all([runner('x').runTick(id, tick), runner('y').runTick(id, tick), runner('z').runTick(id, tick)]);
    expect(claims.map((c) => c.kind).sort()).toEqual(['claimed', 'duplicate', 'duplicate']);
    const logged = await runs(id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ status: 1, tick: '2026-01-01T03:00:00.000Z' });
    expect(await task(id)).toMatchObject({ runCount: 1 });
  });

  it('previews the next run times of a cron or an interval, and refuses what add would refuse', async () => {
    const cron = ok(await post('/admin/task/info/preview', { cron: '0 30 3 * * *' })).times as string[];
    expect(cron).toHaveLength(5);
    for (const [i, at] of cron.entries()) {
      expect(at).toMatch(/T03:30:00\.000Z$/);
      if (i) expect(Date.parse(at) - Date.parse(cron[i - 1])).toBe(86400_000);
    }
    const start = new Date(Date.now() + 3600_000).toISOString();
    const every = ok(await post('/admin/task/info/preview', { every: 60_000, startDate: start, limit: 3, count: 10 })).times as string[];
    expect(every.map((at) => Date.parse(at) - Date.parse(start))).toEqual([0, 60_000, 120_000]);
    expect((await post('/admin/task/info/preview', { cron: '* * *' })).body.code).toBe(1002);
    expect((await post('/admin/task/info/preview', { every: 10 })).body.code).toBe(1002);
    expect((await post('/admin/task/info/preview', {})).body.code).toBe(1002);
  });

  it('refuses a bad cron, an unknown service or bad data with 1002, and saves nothing', async () => {
    const before = await taskCount();
    const refused = async (body: Record<string, unknown>, field: string, path = '/admin/task/info/add') => {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data.map((e: { field: string }) => e.field)).toContain(field);
      return res;
    };
    await refused({ name: 'bad cron', service: 'test.count', cron: '* * * * *' }, 'cron');
    await refused({ name: 'bad cron', service: 'test.count', cron: 'every minute' }, 'cron');
    const msg = await refused({ name: 'no handler', service: 'no.such.handler', cron: '0 0 3 * * *' }, 'service');
    expect(msg.body.data.find((e: { field: string }) => e.field === 'service').message).toContain('names no task handler of this server');
    await refused({ name: 'bad data', service: 'test.sleep', cron: '0 0 3 * * *', data: '{"ms": -1}' }, 'data.ms');
    await refused({ name: 'too often', service: 'test.count', taskType: 1, every: 10 }, 'every');
    expect(await taskCount()).toBe(before);
    // On update too: the stored row stays as it was.
    const id = await add({ cron: '0 0 3 * * *', status: 0 });
    await refused({ id, cron: '0 0 3 * *' }, 'cron', '/admin/task/info/update');
    await refused({ id, service: 'no.such.handler' }, 'service', '/admin/task/info/update');
    expect(await task(id)).toMatchObject({ cron: '0 0 3 * * *', service: 'test.count' });
    // In the caller's language.
    const zh = (await t
      .http()
      .post('/admin/task/info/add')
      .set('Authorization', t.adminToken)
      .set('language', 'zh-cn')
      .send({ name: 'x', service: 'test.count', cron: '* *' })) as unknown as Res;
    expect(zh.body.data[0].message).toContain('cron');
    expect(zh.body.data[0].message).toContain('六段');
  });

  it('marks a run over its time limit failed, and the next tick still runs', async () => {
    const id = await add({ service: 'test.sleep', data: '{"ms": 1500}', taskType: 1, every: 1000, timeout: 300 });
    const list = await until(
      () => runs(id),
      (l) => l.filter((r) => r.status === 0).length >= 2,
    );
    ok(await post('/admin/task/info/stop', { id }));
    const failed = list.filter((r) => r.status === 0).sort((a, b) => a.id - b.id);
    expect(failed[0].detail).toBe('timed out after 300 ms');
    expect(failed[0].duration).toBeGreaterThanOrEqual(290);
    expect(failed[0].duration).toBeLessThan(1500);
    expect(Date.parse(failed[1].tick) - Date.parse(failed[0].tick)).toBe(1000);
  });

  it('refuses the task calls to a member without their keys and to no token', async () => {
    const added = ok(
      await post('/admin/base/sys/user/add', { username: `keyless_${kind}_${backend}`, password: 'Keyless-123', nickName: 'K', roleIdList: [] }),
    );
    expect(added.id).toBeGreaterThan(0);
    const member = await t.login(`keyless_${kind}_${backend}`, 'Keyless-123');
    for (const action of ['start', 'stop', 'once']) {
      expect((await post(`/admin/task/info/${action}`, { id: 1 }, member)).status).toBe(403);
      expect((await t.http().post(`/admin/task/info/${action}`).send({ id: 1 })).status).toBe(401);
    }
    expect((await t.http().get('/admin/task/info/log').query({ id: 1 }).set('Authorization', member)).status).toBe(403);
    expect((await post('/admin/task/info/once', { id: 999999 })).status).toBe(404);
  });
});
