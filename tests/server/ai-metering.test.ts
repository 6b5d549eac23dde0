/**
 * Runs priced by use (issue 39), on every database, against the fake OpenAI-compatible model: a run
 * reserves its prompt (four characters a token) and the max_tokens it sends (the model's default) at
 * the registry model's prices times both coefficients, settles on the usage the model reported and
 * gives the rest back (tokenLog 16) in the same transaction; a charge never exceeds its reservation;
 * input the provider read from its cache costs the model's cached price (its input price when it has
 * none); a failed run is refunded whole; usage the model did not report is counted; an AI member answering
 * through a metered app is charged the same way; the receipt equals the ledger entries and is the
 * payer's (another member's 404); 100 concurrent runs leave every balance equal to its ledger sum
 * and every charge equal to the reported usage at the rate card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { syncRunsDone } from '../../server/modules/ai/sync-run.service';
import { meterUnits } from '../../server/modules/ai/metering';
import { toUnits } from '../../server/modules/commerce/pay/money';
import { group, member, text } from './chat-world';
import { addApp, balance, ended, fund, get, ledgerOf, ok, post, runRow, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
/** Site tokens per million: 0.001 a prompt token, 0.003 an answer token; no cached input price. */
const RATE = { priceInput: 1000, priceCachedInput: 0, priceOutput: 3000 };

describe.each(kinds)('runs priced by use on %s', (kind) => {
  let w: AiWorld;
  let modelRowId: number;
  const t = () => w.t;
  const admin = (path: string, body: unknown) => post(t(), path, body, t().adminToken);
  const run = async (token: string, appId: number, input: string) => ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input }, token));
  const receipt = (token: string, id: number) => get(t(), '/admin/base/run/receipt', { id }, token);

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { LLM_MODEL: 'model-a', CHAT_SEND_LIMIT: '1000/10' } });
    const [m] = ok(await admin('/admin/ai/model/list', {})) as Array<{ id: number }>;
    modelRowId = m.id;
    ok(await admin('/admin/ai/model/update', { id: modelRowId, ...RATE, maxTokens: 200 }));
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
  });

  it('reserves the estimate, charges the reported usage at the rate card and gives the rest back', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 10);
    const appId = await addApp(t(), { pricing: 1, tokens: 0, efficiencyCoefficient: 1.5 });
    w.llm!.script({ usage: { promptTokens: 40, completionTokens: 100 }, answer: () => 'Metered answer.' });
    const before = w.llm!.chatCalls().length;
    const started = await run(ann.token, appId, 'x'.repeat(400));
    // (100 prompt tokens x 1000 + 200 max_tokens x 3000) / 1e6 x 1.5 = 1.05
    expect(started.cost).toBe(1.05);
    const row = await ended(t(), started.runId);
    await syncRunsDone(t().core);
    expect(w.llm!.chatCalls().slice(before)[0].chat?.body.max_tokens).toBe(200);
    // (40 x 1000 + 100 x 3000) / 1e6 x 1.5 = 0.51
    expect(row).toMatchObject({ status: 1, pricing: 1, modelRowId, promptTokens: 40, completionTokens: 100, usageEstimated: 0 });
    expect(Number(row.charged)).toBe(0.51);
    expect(Number(row.cost)).toBe(1.05);
    expect((await ledgerOf(t(), started.runId)).map((e) => [Number(e.type), Number(e.tokens)])).toEqual([
      [10, -1.05],
      [16, 0.54],
    ]);
    expect(await balance(t(), ann.id)).toBe(9.49);

    const r = ok(await receipt(ann.token, started.runId));
    expect(r).toMatchObject({
      status: 1,
      pricing: 1,
      model: 'model-a',
      modelName: 'model-a',
      promptTokens: 40,
      completionTokens: 100,
      ...RATE,
      coefficient: 1.5,
    });
    expect(r).toMatchObject({ reserved: 1.05, charged: 0.51, refunded: 0.54, fee: 0 });
    expect(r.entries.map((e: { tokens: number }) => e.tokens)).toEqual([-1.05, 0.54]);
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    // Another member's receipt is not found; an administrator reads it.
    const ben = await member(t());
    expect((await receipt(ben.token, started.runId)).status).toBe(404);
    expect(ok(await receipt(t().adminToken, started.runId)).charged).toBe(0.51);
  });

  it('charges input the provider read from its cache at the cached price, and the receipt says how much', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 10);
    const appId = await addApp(t(), { pricing: 1, tokens: 0, efficiencyCoefficient: 1.5 });
    ok(await admin('/admin/ai/model/update', { id: modelRowId, ...RATE, priceCachedInput: 250, maxTokens: 200 }));
    try {
      w.llm!.script({ usage: { promptTokens: 400, completionTokens: 100, cachedTokens: 300 }, answer: () => 'Cached answer.' });
      const started = await run(ann.token, appId, 'x'.repeat(2000));
      // The estimate assumes nothing cached: (500 x 1000 + 200 x 3000) / 1e6 x 1.5 = 1.65
      expect(started.cost).toBe(1.65);
      const row = await ended(t(), started.runId);
      await syncRunsDone(t().core);
      // (100 x 1000 + 300 x 250 + 100 x 3000) / 1e6 x 1.5 = 0.7125
      expect(row).toMatchObject({ status: 1, promptTokens: 400, cachedTokens: 300, completionTokens: 100, usageEstimated: 0 });
      expect(Number(row.priceCachedInput)).toBe(250);
      expect(Number(row.charged)).toBe(0.7125);
      expect(toUnits(row.charged)).toBe(meterUnits({ ...RATE, priceCachedInput: 250, coefficient: 1.5 }, 400, 100, 300));
      expect((await ledgerOf(t(), started.runId)).map((e) => [Number(e.type), Number(e.tokens)])).toEqual([
        [10, -1.65],
        [16, 0.9375],
      ]);
      expect(await balance(t(), ann.id)).toBe(9.2875);
      const r = ok(await receipt(ann.token, started.runId));
      expect(r).toMatchObject({ promptTokens: 400, cachedTokens: 300, completionTokens: 100, ...RATE, priceCachedInput: 250, coefficient: 1.5 });
      expect(r).toMatchObject({ reserved: 1.65, charged: 0.7125, refunded: 0.9375 });
      expect(r.entries.map((e: { tokens: number }) => e.tokens)).toEqual([-1.65, 0.9375]);

      // A model without a cached price charges cached input at its input price.
      ok(await admin('/admin/ai/model/update', { id: modelRowId, ...RATE, priceCachedInput: 0, maxTokens: 200 }));
      const plainApp = await addApp(t(), { pricing: 1, tokens: 0 });
      const again = await run(ann.token, plainApp, 'x'.repeat(2000));
      const plain = await ended(t(), again.runId);
      await syncRunsDone(t().core);
      // (400 x 1000 + 100 x 3000) / 1e6 = 0.7, of 1.1 reserved
      expect(plain).toMatchObject({ status: 1, promptTokens: 400, cachedTokens: 300, completionTokens: 100 });
      expect(Number(plain.priceCachedInput)).toBe(0);
      expect(Number(plain.charged)).toBe(0.7);
      expect(ok(await receipt(ann.token, again.runId))).toMatchObject({ cachedTokens: 300, priceCachedInput: 0, reserved: 1.1, charged: 0.7, refunded: 0.4 });
    } finally {
      ok(await admin('/admin/ai/model/update', { id: modelRowId, ...RATE, priceCachedInput: 0, maxTokens: 200 }));
    }
  });

  it('never charges more than the reservation, whatever the model reports', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 5);
    const appId = await addApp(t(), { pricing: 1, tokens: 0 });
    w.llm!.script({ usage: { promptTokens: 1_000_000, completionTokens: 1_000_000 }, answer: () => 'Long.' });
    const started = await run(ann.token, appId, 'abcd');
    const row = await ended(t(), started.runId);
    expect(Number(row.charged)).toBe(Number(row.cost));
    expect((await ledgerOf(t(), started.runId)).map((e) => Number(e.type))).toEqual([10]);
    expect(await balance(t(), ann.id)).toBe(5 - Number(row.cost));
  });

  it('counts usage the model did not report at four characters a token, and says so', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 5);
    const appId = await addApp(t(), { pricing: 1, tokens: 0 });
    w.llm!.script({ usage: false, answer: () => 'y'.repeat(80) });
    const started = await run(ann.token, appId, 'z'.repeat(40));
    const row = await ended(t(), started.runId);
    expect(row).toMatchObject({ promptTokens: 10, completionTokens: 20, usageEstimated: 1 });
    expect(toUnits(row.charged)).toBe(meterUnits({ ...RATE, coefficient: 1 }, 10, 20));
    expect(ok(await receipt(ann.token, started.runId)).usageEstimated).toBe(1);
  });

  it('refunds a failed run whole, and its receipt says nothing was charged', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 5);
    const appId = await addApp(t(), { pricing: 1, tokens: 0 });
    w.llm!.script({ usage: true, failWhenAsked: 'please fail' });
    const started = await run(ann.token, appId, 'please fail now');
    const row = await ended(t(), started.runId);
    w.llm!.script({ failWhenAsked: null });
    expect(row.status).toBe(2);
    expect((await ledgerOf(t(), started.runId)).map((e) => [Number(e.type), Number(e.tokens)])).toEqual([
      [10, -started.cost],
      [11, started.cost],
    ]);
    expect(await balance(t(), ann.id)).toBe(5);
    expect(ok(await receipt(ann.token, started.runId))).toMatchObject({ status: 2, charged: 0, refunded: started.cost });
  });

  it('charges an AI member that answers through a metered app by what it used', async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    await fund(t(), ann.id, 10);
    const appId = await addApp(t(), { pricing: 1, tokens: 0 });
    const groupId = await group(t(), ann, [ben]);
    const helper = ok(await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName: 'Meter', config: { appId } } }, ann.token)).userId;
    w.llm!.script({ usage: { promptTokens: 30, completionTokens: 50 }, answer: () => 'Metered reply.' });
    ok(await post(t(), '/admin/base/message/add', text(1, groupId, '@Meter hi', { at: [helper] }), ann.token));
    await aiRepliesDone(t().core);
    const [row] = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_run` WHERE `aiUserId` = ? ORDER BY `id` DESC', [helper]);
    expect(row).toMatchObject({ kind: 1, status: 1, pricing: 1, promptTokens: 30, completionTokens: 50 });
    expect(toUnits(row.charged)).toBe(meterUnits({ ...RATE, coefficient: 1 }, 30, 50));
    expect(ok(await receipt(ann.token, row.id))).toMatchObject({ kind: 1, aiName: 'Meter', charged: Number(row.charged) });
    expect(await balance(t(), ann.id)).toBe(10 - Number(row.charged));
  });

  it('charges an AI member priced by use in its own config (no app) by what it used', async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    await fund(t(), ann.id, 10);
    const groupId = await group(t(), ann, [ben]);
    const own = ok(
      await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName: 'Own', config: { pricing: 1, model: 'model-a' } } }, ann.token),
    ).userId;
    w.llm!.script({ usage: { promptTokens: 12, completionTokens: 8 }, answer: () => 'Own reply.' });
    ok(await post(t(), '/admin/base/message/add', text(1, groupId, '@Own hi', { at: [own] }), ann.token));
    await aiRepliesDone(t().core);
    const [row] = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_run` WHERE `aiUserId` = ? ORDER BY `id` DESC', [own]);
    expect(row).toMatchObject({ status: 1, pricing: 1, modelRowId });
    expect(toUnits(row.charged)).toBe(meterUnits({ ...RATE, coefficient: 1 }, 12, 8));
  });

  it('refuses a run priced by use whose estimate the balance cannot cover, saying it is what the run sets aside', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 0.5);
    const appId = await addApp(t(), { pricing: 1, tokens: 0 });
    const res = await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'x'.repeat(400) }, ann.token);
    expect(res.status).toBe(400);
    // (100 x 1000 + 200 x 3000) / 1e6 = 0.7 set aside; the fixed-price wording would call it the run's cost.
    expect(res.body).toMatchObject({
      code: 1001,
      message: 'Not enough tokens: this run is priced by use and sets aside up to 0.7 while it answers (what it does not use comes back), your balance is 0.5',
    });
    expect(await balance(t(), ann.id)).toBe(0.5);
  });

  it('keeps every balance equal to its ledger and every charge equal to the reported usage over 100 concurrent runs', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => member(t())));
    for (const p of people) await fund(t(), p.id, 20);
    const appId = await addApp(t(), { pricing: 1, tokens: 0, efficiencyCoefficient: 1.1 });
    // The fake counts its own usage of each answer: different for every run.
    w.llm!.script({ usage: true, answer: (req) => `Answer ${'w'.repeat(req.messages.at(-1)!.content.length % 37)}` });
    const started = await Promise.all(Array.from({ length: 100 }, (_, i) => run(people[i % 10].token, appId, `question ${i} ${'q'.repeat(i)}`)));
    const rows = await Promise.all(started.map((s) => ended(t(), s.runId)));
    await syncRunsDone(t().core);
    for (const row of rows) {
      expect(row.status).toBe(1);
      const usage = meterUnits({ ...RATE, coefficient: 1.1 }, Number(row.promptTokens), Number(row.completionTokens));
      expect(toUnits(row.charged)).toBe(Math.min(usage, toUnits(row.cost)));
      const ledger = await ledgerOf(t(), row.id);
      expect(-ledger.reduce((n, e) => n + toUnits(e.tokens), 0)).toBe(toUnits(row.charged));
    }
    for (const p of people) {
      const charged = rows.filter((r) => r.userId === p.id).reduce((n, r) => n + toUnits(r.charged), 0);
      expect(toUnits(await balance(t(), p.id))).toBe(toUnits(20) - charged);
      const [sum] = await t().core.db.query<{ s: unknown }>('SELECT SUM(`tokens`) AS s FROM `base_token_log` WHERE `userId` = ?', [p.id]);
      expect(toUnits(sum.s)).toBe(toUnits(await balance(t(), p.id)));
    }
    expect((await runRow(t(), rows[0].id)).modelRowId).toBe(modelRowId);
  });
});
