/**
 * The workflow engine's callbacks are bound to their run and count once (issue 35, item 8), on every
 * database: a signature (v2) covers the method, the path with the run's callback id and the body, so
 * a callback of run A replayed to run B's url is refused and B stays running; the retired v1 scheme
 * is refused saying v2 is required, even next to a valid v2 that was made for another run; a
 * signature over another method, path or body, or outside five minutes, is refused; and the same
 * callback sent many times at once ends the run once, its ledger entries written once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { expectLedgerBalanced } from '../helpers/commerce';
import type { FakeJob } from '../helpers/fake-workflow';
import { member } from './chat-world';
import { addApp, balance, counts, fund, ledgerOf, ok, post, runRow, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const ADD = '/admin/base/message/addTask';
const BAD_SIGNINGS = ['none', 'wrong-secret', 'late', 'early', 'tampered', 'wrong-method', 'wrong-path'] as const;
const TIMES = 8;

describe.each(kinds)('workflow callbacks signed v2 and bound to their run on %s', (kind) => {
  let w: AiWorld;
  const t = () => w.t;
  const engine = () => w.engine!;
  const entries = async (runId: number) => (await ledgerOf(t(), runId)).map((e) => [Number(e.type), Number(e.tokens)]);
  const messagesOf = async (runId: number, type: number) =>
    Number((await t().core.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM `base_message` WHERE `relateId` = ? AND `type` = ?', [runId, type]))[0].n);

  /** A member with 10 tokens and a started run of an async app costing `cost`. */
  async function started(cost: number): Promise<{ userId: number; runId: number; job: FakeJob }> {
    const m = await member(t());
    await fund(t(), m.id, 10);
    const appId = await addApp(t(), { isAsync: 1, tokens: cost });
    const { runId } = ok(await post(t(), ADD, { appId, input: 'work' }, m.token));
    return { userId: m.id, runId, job: engine().job(runId) };
  }

  beforeAll(async () => {
    w = await startAiWorld(kind, { workflow: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it("refuses run A's signed callbacks replayed to run B's urls; B stays running, charged once, and settles on its own result", async () => {
    const a = await started(2);
    const b = await started(3);
    expect(b.job.signed).toBe(true);
    const bRun = await runRow(t(), b.runId);
    // Signed with v1 and v2, as an engine in transition would: the v1 part (body only) must not carry it elsewhere.
    const result = engine().prepare(a.job, 'result', { output: 'the answer for A' }, 'both');
    const error = engine().prepare(a.job, 'error', { error: 'A failed' }, 'both');
    for (const replay of [() => engine().send(result, b.job.body.callbackUrl), () => engine().send(error, b.job.body.errorUrl)]) {
      const res = await replay();
      expect(res).toMatchObject({ status: 401, body: { code: 1001, message: 'The callback is not signed, or its signature is wrong or too old' } });
    }
    expect(await runRow(t(), b.runId)).toEqual(bRun);

    expect(await engine().send(result)).toMatchObject({ status: 200, body: { code: 1000, data: { status: 1 } } });
    expect((await engine().send(result, b.job.body.callbackUrl)).status).toBe(401);
    expect(await runRow(t(), b.runId)).toEqual(bRun);
    expect(await messagesOf(b.runId, 21)).toBe(0);
    expect(await entries(b.runId)).toEqual([[10, -3]]);
    expect(await balance(t(), b.userId)).toBe(7);

    expect(await engine().callBack(b.job, 'result', { output: 'the answer for B' })).toMatchObject({ status: 200, body: { data: { status: 1 } } });
    expect(await runRow(t(), b.runId)).toMatchObject({ status: 1 });
    expect(await entries(b.runId)).toEqual([[10, -3]]);
    expect(await entries(a.runId)).toEqual([[10, -2]]);
  });

  it("takes the signed path as the engine was given it, PUBLIC_URL's own path (/api) included", async () => {
    const env = t().core.config.env;
    const site = env.PUBLIC_URL!;
    env.PUBLIC_URL = `${site}/api/`;
    try {
      const r = await started(1);
      expect(r.job.body.callbackUrl.startsWith(`${site}/api/admin/base/message/receiveWorkflowResult/`)).toBe(true);
      // Signed over /admin/... while the engine was given /api/admin/...: not what it was told to call.
      const unprefixed = r.job.body.callbackUrl.replace('/api/', '/');
      expect((await engine().callBack(r.job, 'result', { output: 'x' }, 'valid', unprefixed)).status).toBe(401);
      expect(await engine().callBack(r.job, 'result', { output: 'done' })).toMatchObject({ status: 200, body: { data: { status: 1 } } });
    } finally {
      env.PUBLIC_URL = site;
    }
  });

  it('refuses a v1 signature, even a valid one, saying that v2 is required, and changes nothing', async () => {
    const r = await started(1);
    const run = await runRow(t(), r.runId);
    const before = await counts(t());
    for (const kind of ['result', 'error'] as const) {
      const res = await engine().callBack(r.job, kind, kind === 'result' ? { output: 'old engine' } : { error: 'old engine' }, 'v1');
      expect(res.status, kind).toBe(401);
      expect(res.body).toMatchObject({
        code: 1001,
        message: 'Workflow callbacks must be signed with version v2 of X-Cosmac-Signature (t=...,v2=...); v1 is no longer accepted',
      });
    }
    expect(await counts(t())).toEqual(before);
    expect(await runRow(t(), r.runId)).toEqual(run);
    expect(await balance(t(), r.userId)).toBe(9);
  });

  it('refuses a signature over another method, path or body, with a wrong secret, or outside five minutes', async () => {
    const r = await started(1);
    const run = await runRow(t(), r.runId);
    const before = await counts(t());
    for (const signing of BAD_SIGNINGS) {
      for (const kind of ['result', 'error'] as const) {
        const res = await engine().callBack(r.job, kind, kind === 'result' ? { output: 'forged' } : { error: 'forged' }, signing);
        expect(res.status, `${kind} ${signing}`).toBe(401);
        expect(res.body.code).toBe(1001);
      }
    }
    expect(await counts(t())).toEqual(before);
    expect(await runRow(t(), r.runId)).toEqual(run);
  });

  it(`settles once when the same result callback arrives ${TIMES} times at once`, async () => {
    const r = await started(2.5);
    const callback = engine().prepare(r.job, 'result', { output: { text: 'done' }, usage: { promptTokens: 5, completionTokens: 6 } });
    const answers = await Promise.all(Array.from({ length: TIMES }, () => engine().send(callback)));
    for (const res of answers) expect(res).toMatchObject({ status: 200, body: { code: 1000, data: { status: 1 } } });
    expect(await runRow(t(), r.runId)).toMatchObject({ status: 1, promptTokens: 5, completionTokens: 6 });
    expect(await messagesOf(r.runId, 21)).toBe(1);
    expect(await entries(r.runId)).toEqual([[10, -2.5]]);
    expect(await balance(t(), r.userId)).toBe(7.5);
    await expectLedgerBalanced(t());
  });

  it(`refunds once when the same error callback arrives ${TIMES} times at once`, async () => {
    const r = await started(1.75);
    const callback = engine().prepare(r.job, 'error', { error: 'engine down' });
    const answers = await Promise.all(Array.from({ length: TIMES }, () => engine().send(callback)));
    for (const res of answers) expect(res).toMatchObject({ status: 200, body: { code: 1000, data: { status: 2 } } });
    expect(await runRow(t(), r.runId)).toMatchObject({ status: 2, error: 'workflow: engine down' });
    expect(await messagesOf(r.runId, 22)).toBe(1);
    expect(await entries(r.runId)).toEqual([
      [10, -1.75],
      [11, 1.75],
    ]);
    expect(await balance(t(), r.userId)).toBe(10);
    await expectLedgerBalanced(t());
  });

  it('ends a run once when its result and error callbacks race, and pays for it as it ended', async () => {
    const r = await started(2);
    const result = engine().prepare(r.job, 'result', { output: 'done' });
    const error = engine().prepare(r.job, 'error', { error: 'failed' });
    const answers = await Promise.all(Array.from({ length: TIMES }, (_, i) => engine().send(i % 2 ? error : result)));
    const run = await runRow(t(), r.runId);
    const status = Number(run.status);
    for (const res of answers) expect(res).toMatchObject({ status: 200, body: { code: 1000, data: { status } } });
    if (status === 1) {
      expect([await messagesOf(r.runId, 21), await messagesOf(r.runId, 22)]).toEqual([1, 0]);
      expect(await entries(r.runId)).toEqual([[10, -2]]);
      expect(await balance(t(), r.userId)).toBe(8);
    } else {
      expect(status).toBe(2);
      expect([await messagesOf(r.runId, 21), await messagesOf(r.runId, 22)]).toEqual([0, 1]);
      expect(await entries(r.runId)).toEqual([
        [10, -2],
        [11, 2],
      ]);
      expect(await balance(t(), r.userId)).toBe(10);
    }
    await expectLedgerBalanced(t());
  });
});
