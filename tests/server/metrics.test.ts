/**
 * `GET /metrics` (issue 24 item 3), on SQLite and MariaDB: Prometheus text for an administrator or
 * the configured scraper token only (401 without a token or with a wrong one, 403 for a member);
 * requests counted and timed by route template and status (a 404 outside the table as `unmatched`);
 * the database pool on MariaDB; sockets connected; task runs by outcome and the scheduler's lag,
 * from real scheduled runs; and `X-Request-Id` on every answer.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineTask } from '../../server/core/scheduler/registry';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { person, type Person } from '../helpers/group-members';
import { closeAll, connect } from '../helpers/sockets';

const kinds = await databaseKinds();

defineTask('test.metrics-ok', { schema: { properties: {}, additionalProperties: false }, run: () => 'ok' });
defineTask('test.metrics-fail', {
  schema: { properties: {}, additionalProperties: false },
  run: () => {
    throw new Error('failing on purpose');
  },
});

/** The value of one sample (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^([^{\s]+)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(kinds)('metrics on %s', (kind) => {
  let t: TestApp;
  let member: Person;
  const scrapeToken = `scrape-${randomBytes(12).toString('hex')}`;
  const PAGE = { method: 'POST', route: '/admin/base/sys/user/page', status: '200' };

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, METRICS_TOKEN: scrapeToken } });
    member = await person(t, 'metrics');
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async (auth: string | null = t.adminToken) => {
    const r = t.http().get('/metrics');
    if (auth) r.set('Authorization', auth);
    return r;
  };
  const text = async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    return res.text;
  };

  it('answers only an administrator or the scraper token', async () => {
    const anonymous = await scrape(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(1001);
    const wrong = await scrape('Bearer not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/metrics token/i);
    const byMember = await scrape(member.token);
    expect(byMember.status).toBe(403);
    expect(byMember.text).not.toContain('cosmac_http_requests_total');

    const byScraper = await scrape(`Bearer ${scrapeToken}`);
    expect(byScraper.status).toBe(200);
    expect(byScraper.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(byScraper.headers['cache-control']).toBe('no-store');
    expect(byScraper.text).toContain('# TYPE cosmac_http_requests_total counter');
    expect(byScraper.text).toContain('process_cpu_user_seconds_total');
    expect((await scrape()).status).toBe(200);
  });

  it('counts and times requests by route template and status, and carries a request id', async () => {
    const before = await text();
    const page = await t.http().post('/admin/base/sys/user/page').set('Authorization', t.adminToken).send({ page: 1 });
    expect(page.body.code).toBe(1000);
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await t
      .http()
      .post('/admin/base/sys/user/page')
      .set('Authorization', t.adminToken)
      .set('X-Request-Id', 'lb-1.2:3_x')
      .send({ page: 1 })
      .expect('X-Request-Id', 'lb-1.2:3_x');
    // Not a sane token (a space; too long): replaced.
    const odd = await t.http().get('/health').set('X-Request-Id', 'two words');
    expect(odd.headers['x-request-id']).not.toBe('two words');
    expect((await t.http().get('/health').set('X-Request-Id', 'x'.repeat(129))).headers['x-request-id']).toHaveLength(36);
    await t
      .http()
      .get(`/api/admin/no/such/${randomBytes(4).toString('hex')}`)
      .expect(404);
    await t.http().post('/admin/base/sys/user/page').send({}).expect(401);

    const after = await text();
    expect(sample(after, 'cosmac_http_requests_total', PAGE) - sample(before, 'cosmac_http_requests_total', PAGE)).toBe(2);
    expect(sample(after, 'cosmac_http_request_duration_seconds_count', PAGE) - sample(before, 'cosmac_http_request_duration_seconds_count', PAGE)).toBe(2);
    expect(sample(after, 'cosmac_http_request_duration_seconds_bucket', { ...PAGE, le: '+Inf' })).toBe(
      sample(after, 'cosmac_http_request_duration_seconds_count', PAGE),
    );
    expect(sample(after, 'cosmac_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'cosmac_http_requests_total', { route: '/admin/base/sys/user/page', status: '401' })).toBeGreaterThanOrEqual(1);
    // Raw paths never become labels.
    expect(after).not.toContain('/admin/no/such/');
    expect(sample(after, 'cosmac_ready')).toBe(1);
  });

  it('shows the database pool on MariaDB and the sockets connected', async () => {
    const first = await text();
    if (kind === 'mysql') {
      expect(sample(first, 'cosmac_db_pool_connections', { state: 'limit' })).toBe(20);
      expect(sample(first, 'cosmac_db_pool_connections', { state: 'idle' }) + sample(first, 'cosmac_db_pool_connections', { state: 'used' })).toBeGreaterThan(
        0,
      );
      expect(first).toContain('cosmac_db_pool_waiting 0');
    } else expect(first).not.toContain('cosmac_db_pool_connections{');
    const base = sample(first, 'cosmac_socket_connections');
    const s1 = await connect(member.token);
    const s2 = await connect(t.adminToken);
    expect(sample(await text(), 'cosmac_socket_connections')).toBe(base + 2);
    await closeAll(s1, s2);
    expect(sample(await until(text, (x) => sample(x, 'cosmac_socket_connections') === base), 'cosmac_socket_connections')).toBe(base);
  });

  it('counts task runs by outcome and how late scheduled ticks start', async () => {
    const before = await text();
    const add = async (service: string) => {
      const r = await t
        .http()
        .post('/admin/task/info/add')
        .set('Authorization', t.adminToken)
        .send({ name: `metrics ${service}`, service, data: '{}', taskType: 1, every: 1000, status: 1 });
      expect(r.body.code, JSON.stringify(r.body)).toBe(1000);
      return Number(r.body.data.id);
    };
    const ids = [await add('test.metrics-ok'), await add('test.metrics-fail')];
    const runs = (x: string, outcome: string) => sample(x, 'cosmac_task_runs_total', { outcome }) - sample(before, 'cosmac_task_runs_total', { outcome });
    const after = await until(text, (x) => runs(x, 'succeeded') >= 1 && runs(x, 'failed') >= 1);
    await t.http().post('/admin/task/info/delete').set('Authorization', t.adminToken).send({ ids });
    expect(runs(after, 'succeeded')).toBeGreaterThanOrEqual(1);
    expect(runs(after, 'failed')).toBeGreaterThanOrEqual(1);
    const lag = sample(after, 'cosmac_scheduler_queue_lag_seconds_count') - sample(before, 'cosmac_scheduler_queue_lag_seconds_count');
    expect(lag).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'cosmac_scheduler_queue_lag_seconds_bucket', { le: '+Inf' })).toBe(sample(after, 'cosmac_scheduler_queue_lag_seconds_count'));
  });
});
