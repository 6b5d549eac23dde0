/**
 * Sync AI runs paid in tokens (issue 20 item 3), against a fake OpenAI-compatible server on every
 * database: the answer streamed in order to every member of the conversation, then stored; the cost
 * reserved once and the usage recorded; a 500 or a time-out of the model refunded in full; too few
 * tokens refused with nothing written; 100 concurrent runs leaving every balance equal to its ledger.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, notices, waitNotice } from '../helpers/sockets';
import { expectLedgerBalanced } from '../helpers/commerce';
import { syncRunsDone } from '../../server/modules/ai/sync-run.service';
import { failRun } from '../../server/modules/ai/charge';
import { group, member, type Person } from './chat-world';
import { addApp, balance, counts, ended, fund, ledgerOf, ok, post, runRow, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const RUN = '/admin/base/message/runWorkflow';

describe.each(kinds)('sync AI runs paid in tokens on %s', (kind) => {
  let w: AiWorld;
  const t = () => w.t;
  const llm = () => w.llm!;
  const messagesOf = (conversation: string) =>
    t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? ORDER BY `seq`', [conversation]);

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { LLM_FIRST_TOKEN_TIMEOUT_MS: '800', LLM_MAX_RETRIES: '1' } });
  });
  afterAll(async () => {
    await w?.close();
  });

  const runTimesOf = async (id: number) =>
    Number((await t().core.db.query<{ runTimes: number }>('SELECT `runTimes` FROM `base_sys_user` WHERE `id` = ?', [id]))[0].runTimes);

  it('streams the answer in order to both members of a group, then stores it and settles the ledger once', async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    const groupId = await group(t(), ann, [ben]);
    const appId = await addApp(t(), { tokens: 2.5, config: { systemPrompt: 'Be brief.', savedMinutes: 3 } });
    await fund(t(), ann.id, 10);
    const story = 'Once upon a time a fox and a dog ran a race across the hill; the dog won.';
    // Pieces further apart than the delta window (AI_DELTA_MS, 30 ms), so each is its own notice.
    llm().reset().script({ answer: story, chunkSize: 3, chunkDelayMs: 40 });
    const [a, b] = [await connect(ann.token), await connect(ben.token)];
    try {
      const started = ok(await post(t(), RUN, { appId, input: 'Tell me a story', toType: 1, toId: groupId }, ann.token));
      expect(started).toMatchObject({ cost: 2.5, balance: 7.5 });
      expect(started.message).toMatchObject({
        type: 20,
        appId,
        fromId: ann.id,
        toType: 1,
        toId: groupId,
        conversation: `g:${groupId}`,
        content: 'Tell me a story',
      });
      const runId = started.runId as number;
      for (const s of [a, b]) {
        const answer = await waitNotice(s, 'message', (m) => m.type === 21 && m.relateId === runId);
        expect(answer.data).toMatchObject({ content: story, appId, fromId: ann.id, toType: 1, toId: groupId });
        const all = notices(s);
        const deltas = all.filter((n) => n.kind === 'delta' && n.data.runId === runId);
        expect(deltas.length).toBeGreaterThan(5);
        expect(deltas.map((d) => d.data.index)).toEqual(deltas.map((_, i) => i));
        expect(deltas.map((d) => d.data.text).join('')).toBe(story);
        expect(deltas.every((d) => d.data.conversation === `g:${groupId}`)).toBe(true);
        // The request first, every piece in between, the stored answer last.
        const request = all.findIndex((n) => n.kind === 'message' && n.data.id === started.message.id);
        expect(request).toBeGreaterThanOrEqual(0);
        expect(request).toBeLessThan(all.indexOf(deltas[0]));
        expect(all.indexOf(answer)).toBeGreaterThan(all.indexOf(deltas[deltas.length - 1]));
      }
      const run = await ended(t(), runId);
      expect(run).toMatchObject({ status: 1, userId: ann.id, appId, kind: 0, isAsync: 0, model: 'gpt-4o-mini', conversation: `g:${groupId}` });
      expect(Number(run.promptTokens)).toBeGreaterThan(0);
      expect(Number(run.completionTokens)).toBe(Math.ceil(story.length / 4));
      const stored = await messagesOf(`g:${groupId}`);
      expect(stored.map((m) => Number(m.type))).toEqual([20, 21]);
      expect(Number(run.answerId)).toBe(Number(stored[1].id));
      const entries = await ledgerOf(t(), runId);
      expect(entries.map((e) => [Number(e.type), Number(e.tokens)])).toEqual([[10, -2.5]]);
      expect(await balance(t(), ann.id)).toBe(7.5);
      expect(await runTimesOf(ann.id)).toBe(1);
      const asked = llm().chatCalls().at(-1)!.chat!;
      expect(asked.messages).toEqual([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Tell me a story' },
      ]);
      await expectLedgerBalanced(t());
    } finally {
      await closeAll(a, b);
    }
  });

  it("multiplies the cost by the app's and the member's coefficients, rounded up to a ledger unit", async () => {
    const rich = await member(t(), { efficiencyCoefficient: 1.1 });
    await fund(t(), rich.id, 50);
    const appId = await addApp(t(), { tokens: 1.5, efficiencyCoefficient: 1.1 });
    llm().reset();
    const started = ok(await post(t(), RUN, { appId, input: { topic: 'tides', words: 20 } }, rich.token));
    // 1.5 x 1.1 x 1.1 = 1.815 exactly: no unit added by binary fractions.
    expect(started).toMatchObject({ cost: 1.815, balance: 48.185 });
    expect(started.message).toMatchObject({ conversation: `p:${rich.id}:${rich.id}`, toType: 0, toId: rich.id });
    expect((await ended(t(), started.runId)).status).toBe(1);
    expect(llm().chatCalls().at(-1)!.chat!.messages).toEqual([{ role: 'user', content: '{"topic":"tides","words":20}' }]);
  });

  it('refunds in full and says why in the conversation when the model answers 500', async () => {
    const cat = await member(t());
    await fund(t(), cat.id, 5);
    const appId = await addApp(t(), { tokens: 2 });
    llm()
      .reset()
      .script({ fail: { status: 500, times: 2 } });
    const started = ok(await post(t(), RUN, { appId, input: 'hello' }, cat.token));
    expect(started.balance).toBe(3);
    const run = await ended(t(), started.runId);
    expect(run.status).toBe(2);
    expect(String(run.error)).toMatch(/^upstream/);
    expect(llm().chatCalls()).toHaveLength(2);
    expect((await ledgerOf(t(), started.runId)).map((e) => [Number(e.type), Number(e.tokens)])).toEqual([
      [10, -2],
      [11, 2],
    ]);
    expect(await balance(t(), cat.id)).toBe(5);
    // Counted with the reservation, taken back with the refund: a failed run is no run.
    expect(await runTimesOf(cat.id)).toBe(0);
    const stored = await messagesOf(`p:${cat.id}:${cat.id}`);
    expect(stored.map((m) => Number(m.type))).toEqual([20, 22]);
    expect(JSON.parse(stored[1].content)).toEqual({ runId: started.runId, error: 'upstream' });
    expect(Number(stored[1].relateId)).toBe(started.runId);
    await expectLedgerBalanced(t());
  });

  it('refunds in full when the model does not answer in time', async () => {
    const dan = await member(t());
    await fund(t(), dan.id, 5);
    const appId = await addApp(t(), { tokens: 1 });
    llm().reset().script({ hang: true });
    const s = await connect(dan.token);
    try {
      const started = ok(await post(t(), RUN, { appId, input: 'are you there?' }, dan.token));
      const failure = await waitNotice(s, 'message', (m) => m.type === 22 && m.relateId === started.runId);
      expect(failure.data.content).toEqual({ runId: started.runId, error: 'timeout' });
      const run = await runRow(t(), started.runId);
      expect(run.status).toBe(2);
      expect(await balance(t(), dan.id)).toBe(5);
    } finally {
      llm().reset();
      await closeAll(s);
    }
  });

  it('keeps a run failed and refunded once when its answer arrives after it was failed (the watchdog first)', async () => {
    const gus = await member(t());
    await fund(t(), gus.id, 5);
    const appId = await addApp(t(), { tokens: 2 });
    // Slow enough that the run is failed while its answer is still streaming.
    llm().reset().script({ answer: 'a late answer in many pieces', chunkSize: 2, chunkDelayMs: 40 });
    const s = await connect(gus.token);
    try {
      const started = ok(await post(t(), RUN, { appId, input: 'take your time' }, gus.token));
      await waitNotice(s, 'delta', (d) => d.runId === started.runId);
      // What the watchdog does to a run past its deadline, while the model is still answering.
      expect((await failRun(t().core, started.runId, { code: 'deadline', detail: 'no answer before the deadline' })).failed).toBe(true);
      await syncRunsDone(t().core);
      const run = await runRow(t(), started.runId);
      expect(Number(run.status)).toBe(2);
      expect(run.answerId).toBeNull();
      expect((await ledgerOf(t(), started.runId)).map((e) => [Number(e.type), Number(e.tokens)])).toEqual([
        [10, -2],
        [11, 2],
      ]);
      expect(await balance(t(), gus.id)).toBe(5);
      expect(await runTimesOf(gus.id)).toBe(0);
      // The answer's message went with its rolled-back settle: the request, then the error, numbered 1 and 2.
      const stored = await messagesOf(`p:${gus.id}:${gus.id}`);
      expect(stored.map((m) => [Number(m.type), Number(m.seq)])).toEqual([
        [20, 1],
        [22, 2],
      ]);
      await expectLedgerBalanced(t());
    } finally {
      llm().reset();
      await closeAll(s);
    }
  });

  it('refuses a run the member cannot pay with 1001 naming cost and balance, and writes nothing', async () => {
    const eve = await member(t());
    await fund(t(), eve.id, 1);
    const appId = await addApp(t(), { tokens: 2.5 });
    llm().reset();
    const before = await counts(t());
    const res = await post(t(), RUN, { appId, input: 'hi', clientId: 'eve-1' }, eve.token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toBe('Not enough tokens: this run costs 2.5, your balance is 1');
    expect(await counts(t())).toEqual(before);
    expect(llm().chatCalls()).toHaveLength(0);
    expect(await balance(t(), eve.id)).toBe(1);
    // The conversation's numbering did not move: the next message there is number 1.
    await fund(t(), eve.id, 5);
    const next = ok(await post(t(), RUN, { appId, input: 'hi', clientId: 'eve-1' }, eve.token));
    expect(next.message.seq).toBe(1);
  });

  it('runs 100 at once and leaves every balance equal to its ledger sum', async () => {
    const people: Person[] = [];
    for (let i = 0; i < 10; i++) people.push(await member(t()));
    for (const p of people) await fund(t(), p.id, 100);
    const appId = await addApp(t(), { tokens: 1.5, efficiencyCoefficient: 1.1 });
    // Some answers fail: every question 3 on each attempt, so at least those ten runs; and twelve
    // other attempts, which a retry may mend (a run fails when both its attempts do).
    llm()
      .reset()
      .script({ fail: { status: 500, times: 12 }, failWhenAsked: 'question 3', chunkSize: 8 });
    const answers = await Promise.all(people.flatMap((p) => Array.from({ length: 10 }, (_, i) => post(t(), RUN, { appId, input: `question ${i}` }, p.token))));
    expect(answers.map((r) => r.body.code)).toEqual(answers.map(() => 1000));
    await syncRunsDone(t().core);
    const ids = answers.map((r) => r.body.data.runId as number);
    const runs = await Promise.all(ids.map((id) => runRow(t(), id)));
    expect(runs.every((r) => [1, 2].includes(Number(r.status)))).toBe(true);
    expect(runs.filter((r) => Number(r.status) === 2).length).toBeGreaterThanOrEqual(10);
    for (const p of people) {
      const succeeded = runs.filter((r) => Number(r.userId) === p.id && Number(r.status) === 1).length;
      expect(await balance(t(), p.id)).toBeCloseTo(100 - 1.65 * succeeded, 4);
      expect(await runTimesOf(p.id)).toBe(succeeded);
    }
    const entries = await t().core.db.query<{ type: number; n: number }>(
      `SELECT \`type\`, COUNT(*) AS n FROM \`base_token_log\` WHERE \`relateType\` = 'run' AND \`relateId\` IN (${ids.join(', ')}) GROUP BY \`type\` ORDER BY \`type\``,
    );
    const failed = runs.filter((r) => Number(r.status) === 2).length;
    expect(entries.map((e) => [Number(e.type), Number(e.n)])).toEqual([
      [10, 100],
      [11, failed],
    ]);
    await expectLedgerBalanced(t());
  });

  it('answers a retry with the same clientId with the first run, charged once', async () => {
    const fay = await member(t());
    await fund(t(), fay.id, 10);
    const appId = await addApp(t(), { tokens: 3 });
    llm().reset();
    const first = ok(await post(t(), RUN, { appId, input: 'once', clientId: 'fay-run-1' }, fay.token));
    const again = ok(await post(t(), RUN, { appId, input: 'once', clientId: 'fay-run-1' }, fay.token));
    expect(again.runId).toBe(first.runId);
    expect(again.message.id).toBe(first.message.id);
    await ended(t(), first.runId);
    expect(await ledgerOf(t(), first.runId)).toHaveLength(1);
    expect(await balance(t(), fay.id)).toBe(7);
    // This run's calls only: under load, a call of the test before may still arrive after the reset.
    expect(
      llm()
        .chatCalls()
        .filter((c) => JSON.stringify(c.chat?.messages ?? []).includes('once')),
    ).toHaveLength(1);
  });

  it('refuses an async app, a hidden app, a group the member is not in and bad input, writing nothing', async () => {
    const gus = await member(t());
    const owner = await member(t());
    await fund(t(), gus.id, 10);
    const asyncApp = await addApp(t(), { isAsync: 1 });
    const hidden = await addApp(t(), { show: 0 });
    const sync = await addApp(t(), {
      config: { inputSchema: { type: 'object', required: ['topic'], properties: { topic: { type: 'string', maxLength: 20 } } } },
    });
    const closed = await group(t(), owner, []);
    const before = await counts(t());
    const refused = async (body: Record<string, unknown>, status: number, code = 1001, path = RUN) => {
      const res = await post(t(), path, body, gus.token);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.code).toBe(code);
      return res.body;
    };
    expect((await refused({ appId: asyncApp, input: 'x' }, 400)).message).toBe('This app runs in the background: start it with addTask');
    expect((await refused({ appId: sync, input: { topic: 'x' } }, 400, 1001, '/admin/base/message/addTask')).message).toBe(
      'This app answers at once: start it with runWorkflow',
    );
    // No workflow engine is configured here: an async app is unavailable, before anything is reserved.
    expect((await refused({ appId: asyncApp, input: 'x' }, 503, 1003, '/admin/base/message/addTask')).message).toContain('no workflow engine');
    await refused({ appId: hidden, input: 'x' }, 404);
    await refused({ appId: 999_999, input: 'x' }, 404);
    await refused({ appId: sync, input: { topic: 'x' }, toType: 1, toId: closed }, 403);
    const bad = await refused({ appId: sync, input: { topic: 'a topic much too long to fit' } }, 400, 1002);
    expect(bad.data.map((e: { field: string }) => e.field)).toEqual(['input.topic']);
    expect((await refused({ appId: sync, input: {} }, 400, 1002)).data[0].field).toBe('input.topic');
    expect((await refused({ appId: 'one', input: ['a'], extra: 1 }, 400, 1002)).data.map((e: { field: string }) => e.field).sort()).toEqual([
      'appId',
      'extra',
      'input',
    ]);
    expect((await post(t(), RUN, { appId: sync, input: 'x' })).status).toBe(401);
    expect(await counts(t())).toEqual(before);
    // The administrator may try a hidden app before it is listed.
    await fund(t(), 1, 5);
    expect((await post(t(), RUN, { appId: hidden, input: 'try' }, t().adminToken)).body.code).toBe(1000);
  });

  it('refuses every workflow callback with 401 when no workflow secret is configured', async () => {
    const body = JSON.stringify({ output: 'anything' });
    const at = Math.floor(Date.now() / 1000);
    for (const secret of ['', 'guessed-secret']) {
      for (const name of ['receiveWorkflowResult', 'receiveWorkflowError']) {
        const path = `/admin/base/message/${name}/00000000-0000-4000-8000-000000000000`;
        const signature = `t=${at},v2=${createHmac('sha256', secret).update(`${at}.POST.${path}.${body}`).digest('hex')}`;
        const res = await t().http().post(path).set('content-type', 'application/json').set('x-cosmac-signature', signature).send(body);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 1001, message: 'The callback is not signed, or its signature is wrong or too old' });
      }
    }
  });

  it("sums the minutes saved over the member's succeeded runs, by app", async () => {
    const hal = await member(t());
    await fund(t(), hal.id, 20);
    const quick = await addApp(t(), { name: 'Quick', tokens: 1, config: { savedMinutes: 2.5 } });
    const slow = await addApp(t(), { name: 'Slow', tokens: 1, config: { savedMinutes: 10 } });
    llm().reset();
    for (const appId of [quick, quick, slow]) await ended(t(), ok(await post(t(), RUN, { appId, input: 'go' }, hal.token)).runId);
    llm().script({ fail: { status: 500, times: 2 } });
    await ended(t(), ok(await post(t(), RUN, { appId: slow, input: 'fails' }, hal.token)).runId);
    const summary = ok(await post(t(), '/admin/base/sys/user/savedTimeSummary', {}, hal.token));
    expect(summary).toEqual({
      runs: 3,
      minutes: 15,
      byApp: [
        { appId: quick, name: 'Quick', runs: 2, minutes: 5 },
        { appId: slow, name: 'Slow', runs: 1, minutes: 10 },
      ],
    });
    // Runs are the member's own: another member sees none of them.
    const ivy = await member(t());
    expect(ok(await post(t(), '/admin/base/run/page', {}, ivy.token)).list).toEqual([]);
    expect(ok(await post(t(), '/admin/base/run/page', {}, hal.token)).list).toHaveLength(4);
  });
});
