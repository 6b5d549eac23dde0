/**
 * Async AI runs through a fake workflow engine (a real HTTP server on 127.0.0.1 that checks our
 * signature and calls back as asked), and the public AI catalogue, on every database: the result
 * callback settles once and a replay changes nothing; unsigned, forged, tampered and late callbacks
 * are 401 and change nothing; an unknown id is 404; an engine error or a refused job refunds; a run
 * with no callback before its deadline is failed and refunded by the watchdog; no language model
 * configured -> 503 with nothing reserved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, waitNotice } from '../helpers/sockets';
import { expectLedgerBalanced } from '../helpers/commerce';
import { member } from './chat-world';
import { addApp, balance, counts, fund, get, ledgerOf, ok, post, runRow, startAiWorld, until, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const ADD = '/admin/base/message/addTask';
const SIGNINGS = ['none', 'wrong-secret', 'tampered', 'late'] as const;

describe.each(kinds)('async AI runs through a workflow engine on %s', (kind) => {
  let w: AiWorld;
  const t = () => w.t;
  const engine = () => w.engine!;
  const entries = async (runId: number) => (await ledgerOf(t(), runId)).map((e) => [Number(e.type), Number(e.tokens)]);

  beforeAll(async () => {
    w = await startAiWorld(kind, { workflow: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('posts a signed job and settles the run once on its signed result; the same callback again changes nothing', async () => {
    const jo = await member(t());
    await fund(t(), jo.id, 10);
    const appId = await addApp(t(), { isAsync: 1, tokens: 4, config: { workflow: { steps: ['fetch', 'summarise'] }, savedMinutes: 7 } });
    const s = await connect(jo.token);
    try {
      const started = ok(await post(t(), ADD, { appId, input: { url: 'https://example.com/a' } }, jo.token));
      expect(started).toMatchObject({ cost: 4, balance: 6 });
      expect(started.message).toMatchObject({ type: 20, appId, conversation: `p:${jo.id}:${jo.id}`, content: { url: 'https://example.com/a' } });
      const job = engine().job(started.runId);
      expect(job.signed).toBe(true);
      const run = await runRow(t(), started.runId);
      expect(run).toMatchObject({ status: 0, isAsync: 1 });
      const base = t().core.config.env.PUBLIC_URL;
      expect(job.body).toMatchObject({
        runId: started.runId,
        appId,
        workflowResultId: run.workflowResultId,
        workflow: { steps: ['fetch', 'summarise'] },
        input: { url: 'https://example.com/a' },
        callbackUrl: `${base}/admin/base/message/receiveWorkflowResult/${run.workflowResultId}`,
        errorUrl: `${base}/admin/base/message/receiveWorkflowError/${run.workflowResultId}`,
      });
      expect(Date.parse(job.body.deadline) - Date.now()).toBeGreaterThan(590_000);

      const result = { output: { summary: 'A short page.' }, usage: { promptTokens: 30, completionTokens: 12 } };
      const first = await engine().callBack(job, 'result', result);
      expect(first).toMatchObject({ status: 200, body: { code: 1000, data: { status: 1 } } });
      const answer = await waitNotice(s, 'message', (m) => m.type === 21 && m.relateId === started.runId);
      expect(answer.data.content).toEqual({ summary: 'A short page.' });
      expect(await runRow(t(), started.runId)).toMatchObject({ status: 1, promptTokens: 30, completionTokens: 12, answerId: answer.data.id });

      const before = await counts(t());
      expect(await engine().callBack(job, 'result', result)).toMatchObject({ status: 200, body: { code: 1000, data: { status: 1 } } });
      expect(await engine().callBack(job, 'error', { error: 'too late' })).toMatchObject({ status: 200, body: { data: { status: 1 } } });
      expect(await counts(t())).toEqual(before);
      expect(await entries(started.runId)).toEqual([[10, -4]]);
      expect(await balance(t(), jo.id)).toBe(6);
      expect(ok(await post(t(), '/admin/base/sys/user/savedTimeSummary', {}, jo.token))).toMatchObject({ runs: 1, minutes: 7 });
      await expectLedgerBalanced(t());
    } finally {
      await closeAll(s);
    }
  });

  it('refuses unsigned, forged, tampered and late callbacks with 401 and changes nothing; an unknown id is 404', async () => {
    const kit = await member(t());
    await fund(t(), kit.id, 10);
    const appId = await addApp(t(), { isAsync: 1, tokens: 3 });
    const started = ok(await post(t(), ADD, { appId, input: 'work' }, kit.token));
    const job = engine().job(started.runId);
    const run = await runRow(t(), started.runId);
    const before = await counts(t());
    for (const signing of SIGNINGS) {
      for (const kind of ['result', 'error'] as const) {
        const res = await engine().callBack(job, kind, kind === 'result' ? { output: 'forged' } : { error: 'forged' }, signing);
        expect(res.status, `${kind} ${signing}`).toBe(401);
        expect(res.body.code).toBe(1001);
      }
    }
    expect(await counts(t())).toEqual(before);
    expect(await runRow(t(), started.runId)).toEqual(run);
    const base = t().core.config.env.PUBLIC_URL;
    const unknown = await engine().callBack(
      job,
      'result',
      { output: 'x' },
      'valid',
      `${base}/admin/base/message/receiveWorkflowResult/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown).toMatchObject({ status: 404, body: { code: 1001 } });
    expect((await engine().callBack(job, 'error', { error: 'x' }, 'valid', `${base}/admin/base/message/receiveWorkflowError/not-an-id`)).status).toBe(404);
    // A well-signed body that is not what the callback takes: 1002, nothing changed.
    expect((await engine().callBack(job, 'result', { result: 'wrong field' })).body.code).toBe(1002);
    expect(await counts(t())).toEqual(before);
    expect(await balance(t(), kit.id)).toBe(7);
  });

  it('fails the run and refunds it in full when the engine reports an error', async () => {
    const lou = await member(t());
    await fund(t(), lou.id, 10);
    const appId = await addApp(t(), { isAsync: 1, tokens: 2.25 });
    const started = ok(await post(t(), ADD, { appId, input: 'work' }, lou.token));
    const res = await engine().callBack(engine().job(started.runId), 'error', { error: 'out of credits' });
    expect(res).toMatchObject({ status: 200, body: { code: 1000, data: { status: 2 } } });
    expect(await runRow(t(), started.runId)).toMatchObject({ status: 2, error: 'workflow: out of credits' });
    expect(await entries(started.runId)).toEqual([
      [10, -2.25],
      [11, 2.25],
    ]);
    expect(await balance(t(), lou.id)).toBe(10);
    const [failure] = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `relateId` = ? AND `type` = 22', [started.runId]);
    expect(JSON.parse(failure.content)).toEqual({ runId: started.runId, error: 'workflow' });
    // A result after the failure: answered, nothing changed.
    expect(await engine().callBack(engine().job(started.runId), 'result', { output: 'late' })).toMatchObject({ status: 200, body: { data: { status: 2 } } });
    expect(await entries(started.runId)).toHaveLength(2);
    await expectLedgerBalanced(t());
  });

  it('fails and refunds at once, answering 502, when the engine refuses the job', async () => {
    const max = await member(t());
    await fund(t(), max.id, 10);
    const appId = await addApp(t(), { isAsync: 1, tokens: 5 });
    engine().answerStatus = 500;
    try {
      const res = await post(t(), ADD, { appId, input: 'work' }, max.token);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 1001, message: 'The workflow engine did not accept the run; your tokens were refunded' });
    } finally {
      engine().answerStatus = 202;
    }
    const job = engine().jobs.at(-1)!;
    expect(job.signed).toBe(true);
    expect(await runRow(t(), job.body.runId)).toMatchObject({ status: 2 });
    expect(await entries(job.body.runId)).toEqual([
      [10, -5],
      [11, 5],
    ]);
    expect(await balance(t(), max.id)).toBe(10);
  });

  it('fails and refunds a run whose deadline passes without a callback, through the watchdog task', async () => {
    const ned = await member(t());
    await fund(t(), ned.id, 10);
    const appId = await addApp(t(), { isAsync: 1, tokens: 1.5, config: { timeoutSeconds: 1 } });
    const started = ok(await post(t(), ADD, { appId, input: 'slow work' }, ned.token));
    expect(await balance(t(), ned.id)).toBe(8.5);
    await new Promise((r) => setTimeout(r, 1200));
    const [task] = await t().core.db.query<{ id: number }>('SELECT `id` FROM `task_info` WHERE `service` = ?', ['ai.runWatchdog']);
    ok(await post(t(), '/admin/task/info/once', { id: task.id }, t().adminToken));
    const run = await until(
      () => runRow(t(), started.runId),
      (r) => Number(r.status) === 2,
    );
    expect(run.error).toBe('deadline: no answer before the deadline');
    expect(await balance(t(), ned.id)).toBe(10);
    const late = await engine().callBack(engine().job(started.runId), 'result', { output: 'finally' });
    expect(late).toMatchObject({ status: 200, body: { data: { status: 2 } } });
    expect(await entries(started.runId)).toEqual([
      [10, -1.5],
      [11, 1.5],
    ]);
    await expectLedgerBalanced(t());
  });

  it('answers 503 to runWorkflow and reserves nothing when no language model is configured', async () => {
    const oz = await member(t());
    await fund(t(), oz.id, 10);
    const appId = await addApp(t(), { tokens: 1 });
    const before = await counts(t());
    const res = await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, oz.token);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 1003, message: 'AI answers are not available: no language model is configured on this server' });
    expect(await counts(t())).toEqual(before);
    expect(await balance(t(), oz.id)).toBe(10);
  });

  it('lists only shown apps to anyone, grouped by parent type, without secrets', async () => {
    const secret = 'SECRET-PROMPT-QX7';
    const a = await addApp(t(), {
      name: 'Alpha',
      parentType: 7,
      type: 1,
      tokens: 2,
      auth: { credential: 'SECRET-AUTH-QX7' },
      config: {
        systemPrompt: secret,
        model: 'SECRET-MODEL-QX7',
        workflow: { key: 'SECRET-FLOW-QX7' },
        inputSchema: { type: 'string' },
        savedMinutes: 4,
        description: 'Writes',
      },
    });
    const b = await addApp(t(), { name: 'Beta', parentType: 7, isAsync: 1 });
    await addApp(t(), { name: 'Hidden', parentType: 7, show: 0 });
    const c = await addApp(t(), { name: 'Gamma', parentType: 3 });
    const byParent = await get(t(), '/admin/base/app/byParent', { parentType: 7 });
    expect(ok(byParent).map((x: { id: number }) => x.id)).toEqual([a, b]);
    expect(ok(byParent)[0]).toEqual({
      id: a,
      avatar: null,
      name: 'Alpha',
      remark: null,
      isAsync: 0,
      parentType: 7,
      type: 1,
      tokens: 2,
      efficiencyCoefficient: 1,
      pricing: 0,
      price: 2,
      config: { inputSchema: { type: 'string' }, savedMinutes: 4, description: 'Writes' },
    });
    const all = await get(t(), '/admin/base/app/all');
    const groups = ok(all) as Array<{ parentType: number | null; apps: Array<{ id: number; name: string }> }>;
    expect(groups.find((g) => g.parentType === 3)!.apps.map((x) => x.id)).toContain(c);
    expect(groups.find((g) => g.parentType === 7)!.apps.map((x) => x.name)).toEqual(['Alpha', 'Beta']);
    const types = groups.map((g) => g.parentType);
    expect(types).toEqual([...types].sort((x, y) => (x === null ? 1 : y === null ? -1 : x - y)));
    for (const res of [byParent, all]) {
      expect(JSON.stringify(res.body)).not.toMatch(/SECRET-|"auth"|Hidden/);
    }
    expect((await get(t(), '/admin/base/app/byParent', {})).body.code).toBe(1002);
    expect((await get(t(), '/admin/base/app/byParent', { parentType: 'x' })).body.code).toBe(1002);
  });

  it('lists the guides to anyone, in their sort order', async () => {
    const add = async (title: string, sort: number) =>
      ok(await post(t(), '/admin/base/guide/add', { title, sort, url: `https://example.com/${title}` }, t().adminToken)).id;
    const second = await add('Second', 2);
    const first = await add('First', 1);
    const alsoSecond = await add('Also second', 2);
    const guides = ok(await get(t(), '/admin/base/guide/all')) as Array<{ id: number }>;
    const ids = guides.map((g) => g.id).filter((id) => [first, second, alsoSecond].includes(id));
    expect(ids).toEqual([first, second, alsoSecond]);
  });
});
