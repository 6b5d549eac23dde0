/**
 * The X monitor (issue 21), against a local fake X API v2 (tests/helpers/fake-x.ts), on every database:
 * the task `monitor.fetch`, run through `once` and through the scheduler, stores posts once each;
 * twitterData answers them newest first without a token; a failing fetch is logged and retried by the
 * next tick with nothing stored lost; a 429 is honoured; the credentials never appear in an answer, the
 * task log, the request log or the server's log output; the calls refuse members and anonymous callers;
 * a post sent to a member reaches their notifications.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { FakeX, type FakeXUser } from '../helpers/fake-x';
import { caller, member, type Person, type Res } from './friends-world';

const kinds = await databaseKinds();
const FAR = '0 0 0 1 1 *';
const PUBLIC_KEYS = ['authorName', 'authorUsername', 'createdAt', 'metrics', 'postId', 'text', 'url'];

/** Every file under `dir`, read as text. */
function filesText(dir: string): string {
  let out = '';
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    out += statSync(p).isDirectory() ? filesText(p) : readFileSync(p, 'utf8');
  }
  return out;
}

describe.each(kinds)('X monitor on %s', (kind) => {
  let t: TestApp;
  let x: FakeX;
  let api: ReturnType<typeof caller>;
  let alice: FakeXUser;
  let bob: FakeXUser;
  let someone: Person;
  const printed: string[] = [];
  const wrongToken = `wrong-${randomBytes(8).toString('hex')}`;
  const secrets = () => [x.bearerToken, x.apiKey, x.apiSecret, wrongToken];

  const admin = (path: string, body: unknown = {}) => api.post(path, body, t.adminToken);
  const ok = (res: Res) => {
    expect(res.body, JSON.stringify(res.body).slice(0, 400)).toMatchObject({ code: 1000 });
    return res.body.data;
  };
  const save = async (body: Record<string, unknown>) => ok(await admin('/admin/base/monitor/saveSetting', body));
  const taskId = async () => Number(ok(await admin('/admin/base/monitor/getSetting')).taskId);
  const logs = async () => ok(await api.get('/admin/task/info/log', { id: await taskId(), size: 100 }, t.adminToken)).list as Array<Record<string, any>>;
  /** Runs the monitor task once through the scheduler's run-now path; answers its finished log row. */
  const runOnce = async () => {
    const { logId } = ok(await admin('/admin/task/info/once', { id: await taskId() }));
    for (let i = 0; i < 400; i++) {
      const run = (await logs()).find((r) => r.id === logId);
      if (run && run.status !== 2) return run;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('monitor.fetch did not finish');
  };
  const stored = async () => ok(await admin('/admin/base/monitorPost/page', { size: 1000 })).list as Array<Record<string, any>>;
  const twitterData = (query: Record<string, string | number> = {}) => api.get('/admin/base/monitor/twitterData', query);

  beforeAll(async () => {
    const unique = (p: string) => `${p}-${randomBytes(8).toString('hex')}`;
    x = await new FakeX(unique('bt'), unique('ak'), unique('as')).start();
    alice = x.addUser('alice', 'Alice A.');
    bob = x.addUser('bob', 'Bob B.');
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
        printed.push(String(chunk));
        return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write);
    }
    t = await startApp(kind, { env: { ...process.env, ...x.env(), X_API_MAX_RETRIES: '1', X_API_RETRY_BASE_MS: '5', X_API_TIMEOUT_MS: '5000' } });
    api = caller(t);
    someone = await member(t);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
    await x?.close();
  });

  it('refuses the settings and sending to a member (403), sending to an anonymous caller (401), and keeps twitterData public', async () => {
    expect((await api.post('/admin/base/monitor/saveSetting', { keywords: ['b'] }, someone.token)).status).toBe(403);
    expect((await api.post('/admin/base/monitor/getSetting', {}, someone.token)).status).toBe(403);
    expect((await api.post('/admin/base/monitor/sendTwitterToUser', { userId: someone.id, postId: '1' }, someone.token)).status).toBe(403);
    const anonymous = await api.post('/admin/base/monitor/sendTwitterToUser', { userId: someone.id, postId: '1' });
    expect(anonymous.status).toBe(401);
    expect((await twitterData()).body.code).toBe(1000);
  });

  it('saves the settings and the schedule, keeps a secret left out, clears one sent empty, and refuses what cannot run', async () => {
    const bad = await admin('/admin/base/monitor/saveSetting', { accounts: ['not a name!'], maxResults: 5, every: 10, colour: 'red' });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['accounts', 'colour', 'every', 'maxResults']);
    const badCron = await admin('/admin/base/monitor/saveSetting', { keywords: ['cosmac'], cron: 'every morning' });
    expect(badCron.body).toMatchObject({ code: 1002, data: [{ field: 'cron' }] });
    const noCredentials = await admin('/admin/base/monitor/saveSetting', { keywords: ['cosmac'], enabled: true });
    expect(noCredentials.body).toMatchObject({ code: 1002, data: [{ field: 'enabled' }] });

    const first = await save({ accounts: ['@alice'], keywords: ['cosmac'], enabled: true, cron: FAR, bearerToken: x.bearerToken, apiKey: x.apiKey });
    expect(first).toMatchObject({ accounts: ['alice'], keywords: ['cosmac'], enabled: true, credentialsSet: true, cron: FAR, maxResults: 10 });
    const task = ok(await api.get('/admin/task/info/info', { id: first.taskId }, t.adminToken));
    expect(task).toMatchObject({ service: 'monitor.fetch', cron: FAR, status: 1, type: 0 });
    // Left out: kept. The answer never holds a credential, only whether usable ones are stored.
    expect(await save({ maxResults: 20 })).toMatchObject({ credentialsSet: true, maxResults: 20 });
    expect(ok(await admin('/admin/base/monitor/getSetting'))).toMatchObject({ credentialsSet: true, taskId: first.taskId });
    // An empty string clears; clearing the only credential of an enabled monitor is refused.
    expect((await admin('/admin/base/monitor/saveSetting', { bearerToken: '' })).body).toMatchObject({ code: 1002, data: [{ field: 'enabled' }] });
    expect(await save({ bearerToken: '', enabled: false })).toMatchObject({ credentialsSet: false, enabled: false });
    expect(ok(await api.get('/admin/task/info/info', { id: first.taskId }, t.adminToken)).status).toBe(0);
    expect(await save({ bearerToken: x.bearerToken, apiKey: '', enabled: true, maxResults: 10 })).toMatchObject({ credentialsSet: true, enabled: true });
  });

  it('fetches accounts and keywords through the task, stores each post once, and answers them newest first without a token', async () => {
    const a1 = x.addPost(alice, 'alice says hello', new Date(Date.now() - 60_000));
    const b1 = x.addPost(bob, 'bob likes cosmac', new Date(Date.now() - 30_000));
    const a2 = x.addPost(alice, 'alice on cosmac too', new Date(Date.now() - 10_000));
    x.addPost(bob, 'bob on something else');
    const run = await runOnce();
    expect(run.status, run.detail).toBe(1);
    // alice's two from her timeline; cosmac finds b1 and a2 (a2 already stored).
    expect(JSON.parse(run.detail)).toMatchObject({ added: 3, seen: 4 });
    const search = x.calls('/2/tweets/search/recent').at(-1)!;
    expect(search.authorization).toBe(`Bearer ${x.bearerToken}`);
    expect(search.query).toMatchObject({
      query: 'cosmac',
      max_results: '10',
      'tweet.fields': 'created_at,author_id,public_metrics',
      expansions: 'author_id',
      'user.fields': 'username,name',
    });
    expect(x.calls('/2/users/by/username/alice')).toHaveLength(1);

    const page = await twitterData({ size: 10 });
    expect(page.body.data.list.map((p: { postId: string }) => p.postId)).toEqual([a2.id, b1.id, a1.id]);
    for (const p of page.body.data.list) expect(Object.keys(p).sort()).toEqual(PUBLIC_KEYS);
    expect(page.body.data.list[1]).toMatchObject({
      authorUsername: 'bob',
      authorName: 'Bob B.',
      text: 'bob likes cosmac',
      url: `https://x.com/bob/status/${b1.id}`,
      metrics: { like_count: 4 },
    });
    expect((await twitterData({ size: 5000 })).body.data.pagination).toMatchObject({ page: 1, size: 100, total: 3 });
    expect((await twitterData({ page: 'two' })).body.code).toBe(1002);

    // Again: X is asked only for newer posts (since_id), and nothing is added twice.
    expect(JSON.parse((await runOnce()).detail)).toMatchObject({ added: 0, seen: 0 });
    expect(x.calls('/2/tweets/search/recent').at(-1)!.query.since_id).toBe(a2.id);
    expect(x.calls('/2/users/by/username/alice')).toHaveLength(1);
    // A keyword dropped and added again forgets its cursor: the same posts come back and are not stored twice.
    await save({ keywords: [] });
    await save({ keywords: ['cosmac'] });
    expect(JSON.parse((await runOnce()).detail)).toMatchObject({ added: 0, seen: 2 });
    expect(await stored()).toHaveLength(3);
  });

  it('gets a bearer token with the API key and secret when none is stored', async () => {
    await save({ bearerToken: '', apiKey: x.apiKey, apiSecret: x.apiSecret });
    const c = x.addPost(bob, 'cosmac via app keys');
    const before = x.calls('/oauth2/token').length;
    const run = await runOnce();
    expect(run.status, run.detail).toBe(1);
    expect(JSON.parse(run.detail)).toMatchObject({ added: 1 });
    const exchange = x.calls('/oauth2/token').slice(before);
    expect(exchange).toHaveLength(1);
    expect(exchange[0]!.authorization).toBe(`Basic ${Buffer.from(`${x.apiKey}:${x.apiSecret}`).toString('base64')}`);
    expect((await stored()).map((p) => p.postId)).toContain(c.id);
    await save({ bearerToken: x.bearerToken, apiKey: '', apiSecret: '' });
  });

  it('logs a failing fetch and retries it on the next tick, keeping the posts stored before the failure', async () => {
    const a3 = x.addPost(alice, 'alice before the outage');
    const b3 = x.addPost(bob, 'cosmac during the outage');
    // One run asks X twice (the adapter retries once): both searches of the first run fail.
    x.fail(2, { status: 500, path: '/2/tweets/search/recent' });
    const seen = new Set((await logs()).map((r) => r.id));
    await save({ cron: '', every: 1000 });
    let runs: Array<Record<string, any>> = [];
    for (let i = 0; i < 300; i++) {
      runs = (await logs()).filter((r) => !seen.has(r.id) && r.status !== 2).reverse();
      if (runs.some((r) => r.status === 1)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await save({ every: null, cron: FAR });
    const failed = runs.find((r) => r.status === 0)!;
    expect(failed, JSON.stringify(runs)).toBeDefined();
    expect(failed.tick).toBeTruthy();
    expect(failed.detail).toContain('HTTP 500');
    const retried = runs.find((r) => r.status === 1 && r.id > failed.id)!;
    expect(retried, JSON.stringify(runs)).toBeDefined();
    // alice's post was stored by the failed run (her cursor moved past it); the retry added bob's.
    expect(JSON.parse(retried.detail)).toMatchObject({ added: 1 });
    expect((await stored()).map((p) => p.postId)).toEqual(expect.arrayContaining([a3.id, b3.id]));
    expect(ok(await admin('/admin/base/monitor/getSetting')).lastError).toBeNull();
  });

  it('honours a 429: stops, makes no request before x-rate-limit-reset, then fetches again', async () => {
    x.fail(1, { status: 429, resetInSeconds: 2 });
    const before = x.requests.length;
    const limited = await runOnce();
    expect(limited.status).toBe(0);
    expect(limited.detail).toContain('HTTP 429');
    expect(x.requests.length - before).toBe(1);
    const until = ok(await admin('/admin/base/monitor/getSetting')).rateLimitedUntil;
    expect(Date.parse(until)).toBeGreaterThan(Date.now());
    const skipped = await runOnce();
    expect(skipped.status).toBe(1);
    expect(JSON.parse(skipped.detail)).toMatchObject({ skipped: 'rate_limited' });
    expect(x.requests.length - before).toBe(1);
    await new Promise((r) => setTimeout(r, Date.parse(until) - Date.now() + 100));
    const again = await runOnce();
    expect(again.status, again.detail).toBe(1);
    expect(x.requests.length - before).toBeGreaterThan(1);
  });

  it('sends a fetched post to a member as a notification, and refuses unknown users and posts', async () => {
    const post = (await stored()).find((p) => p.authorUsername === 'bob')!;
    const sent = ok(await admin('/admin/base/monitor/sendTwitterToUser', { userId: someone.id, postId: post.postId }));
    const mine = ok(await api.post('/admin/base/notify/page', {}, someone.token)).list;
    expect(mine[0]).toMatchObject({ id: sent.id, title: 'Post by @bob on X', toId: someone.id, type: 0 });
    expect(mine[0].content).toContain(post.text);
    expect(mine[0].content).toContain(post.url);
    expect((await admin('/admin/base/monitor/sendTwitterToUser', { userId: 99_999_999, postId: post.postId })).status).toBe(404);
    expect((await admin('/admin/base/monitor/sendTwitterToUser', { userId: someone.id, postId: '42' })).status).toBe(404);
    const bad = await admin('/admin/base/monitor/sendTwitterToUser', { userId: 'me', postId: 'x' });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['postId', 'userId']);
  });

  it('never shows the credentials: not in answers, the task log, the request log or the server log output', async () => {
    // A wrong token stored once: X's 401 lands in the task log.
    await save({ accounts: ['alice'], keywords: ['cosmac'], enabled: true, cron: FAR, bearerToken: wrongToken, apiKey: x.apiKey, apiSecret: x.apiSecret });
    const refused = await runOnce();
    expect(refused.status).toBe(0);
    expect(refused.detail).toContain('HTTP 401');
    await save({ bearerToken: x.bearerToken });
    const monitorId = ok(await admin('/admin/base/monitor/page', {})).list[0].id;
    const answers = [
      await admin('/admin/base/monitor/getSetting'),
      await admin('/admin/base/monitor/page', {}),
      await api.get('/admin/base/monitor/info', { id: monitorId }, t.adminToken),
      await api.get('/admin/base/open/eps', {}, t.adminToken),
      await twitterData(),
      await api.get('/admin/task/info/log', { id: await taskId(), size: 100 }, t.adminToken),
    ].map((r) => r.text);
    await t.core.requestLog.flush();
    const q = (n: string) => t.core.db.q(n);
    const requestLog = JSON.stringify(await t.core.db.query(`SELECT * FROM ${q(t.core.model.system('requestLog').table)}`));
    expect(requestLog).toContain('/admin/base/monitor/saveSetting');
    const taskLog = JSON.stringify(await t.core.db.query(`SELECT * FROM ${q(t.core.model.system('taskLogs').table)}`));
    const serverLog = filesText(process.env.LOG_DIR!) + printed.join('');
    for (const secret of secrets()) {
      for (const [where, text] of [
        ...answers.map((a, i) => [`answer ${i}`, a]),
        ['request log', requestLog],
        ['task log', taskLog],
        ['server log', serverLog],
      ]) {
        expect(text.includes(secret), `${where} holds a credential`).toBe(false);
      }
    }
  });
});
