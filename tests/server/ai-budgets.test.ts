/**
 * Budgets for AI spend (issue 39), on every database: a member's day budget lets exactly as many of
 * 50 concurrent runs pass as it fits and refuses the others with a 1001 naming it, writing nothing
 * for them; a failed run gives its budget back; a group's budget counts every member's runs in it,
 * a team's likewise; a VIP plan replaces the member's params; a month budget; an AI member's reply
 * refused by a budget posts its error message. Days in the param siteTimeZone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { SYSTEM } from '../../server/core/entity/access';
import { eq } from '../../server/core/condition';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { syncRunsDone } from '../../server/modules/ai/sync-run.service';
import { periodsOf } from '../../server/modules/ai/budgets';
import { toUnits } from '../../server/modules/commerce/pay/money';
import { group, member, text, type Person } from './chat-world';
import { addApp, balance, counts, ended, fund, ok, post, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();

describe('budget periods', () => {
  it("names the day and month of the site's time zone, UTC when the zone is unknown", () => {
    const at = new Date('2026-12-31T20:00:00Z');
    expect(periodsOf(at, 'UTC')).toEqual({ day: 'd:2026-12-31', month: 'm:2026-12' });
    expect(periodsOf(at, 'Asia/Shanghai')).toEqual({ day: 'd:2027-01-01', month: 'm:2027-01' });
    expect(periodsOf(at, 'Nowhere/Atlantis')).toEqual({ day: 'd:2026-12-31', month: 'm:2026-12' });
  });
});

describe.each(kinds)('AI budgets on %s', (kind) => {
  let w: AiWorld;
  let appId: number;
  const t = () => w.t;
  const run = (who: Person, extra: Record<string, unknown> = {}, app = appId) =>
    post(t(), '/admin/base/message/runWorkflow', { appId: app, input: 'hello', ...extra }, who.token);
  const setParam = (keyName: string, data: string) =>
    t().core.ops.transaction(SYSTEM, (tx) => tx.updateWhere('base/sys/param', eq('keyName', keyName), { data }));
  const spend = (scope: string, scopeId: number) =>
    t().core.db.query<Record<string, any>>('SELECT * FROM `ai_spend` WHERE `scope` = ? AND `scopeId` = ? ORDER BY `period`', [scope, scopeId]);
  const refusal = (res: { status: number; body: { code: number; message: string } }) => ({ code: res.body.code, message: res.body.message });

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { CHAT_SEND_LIMIT: '1000/10', LLM_MAX_RETRIES: '0' } });
    // A fixed price of 2 tokens a run.
    appId = await addApp(t(), { tokens: 2 });
  });
  afterEach(async () => {
    await syncRunsDone(t().core);
    await aiRepliesDone(t().core);
    await setParam('aiBudgetDay', '0');
    await setParam('aiBudgetMonth', '0');
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
  });

  it('lets exactly 10 of 50 concurrent runs through a day budget that fits 10, refusing the others by name and writing nothing for them', async () => {
    await setParam('aiBudgetDay', '20');
    const ann = await member(t());
    await fund(t(), ann.id, 500);
    const before = await counts(t());
    const answers = await Promise.all(Array.from({ length: 50 }, () => run(ann)));
    const passed = answers.filter((a) => a.body.code === 1000);
    const refused = answers.filter((a) => a.body.code !== 1000);
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(1001);
      expect(r.body.message).toMatch(/^Your daily AI budget of 20 tokens is used up \(\d+ spent today, this run costs 2\)$/);
    }
    await Promise.all(passed.map((a) => ended(t(), a.body.data.runId)));
    await syncRunsDone(t().core);
    const after = await counts(t());
    // Ten runs, each with its request and its answer, and one ledger entry each.
    expect(after.runs - before.runs).toBe(10);
    expect(after.messages - before.messages).toBe(20);
    expect(after.ledger - before.ledger).toBe(10);
    expect(await balance(t(), ann.id)).toBe(480);
    const [sum] = await t().core.db.query<{ s: unknown }>('SELECT SUM(`tokens`) AS s FROM `base_token_log` WHERE `userId` = ?', [ann.id]);
    expect(toUnits(sum.s)).toBe(toUnits(480));
    const [row] = await spend('member', ann.id);
    expect(row.period).toBe(periodsOf(new Date(), 'UTC').day);
    expect(Number(row.spentUnits)).toBe(toUnits(20));
  });

  it("lets exactly 10 of 50 concurrent runs by five members through a group's budget that fits 10", async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => member(t())));
    for (const p of people) await fund(t(), p.id, 100);
    const groupId = await group(t(), people[0], people.slice(1));
    ok(await post(t(), '/admin/base/group/update', { id: groupId, aiBudgetDay: 20 }, people[0].token));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => run(people[i % 5], { toType: 1, toId: groupId })));
    const passed = answers.filter((a) => a.body.code === 1000);
    expect(passed).toHaveLength(10);
    for (const r of answers.filter((a) => a.body.code !== 1000)) {
      expect(refusal(r)).toMatchObject({ code: 1001, message: expect.stringMatching(/^This group's daily AI budget of 20 tokens is used up/) });
    }
    await Promise.all(passed.map((a) => ended(t(), a.body.data.runId)));
    expect(Number((await spend('group', groupId))[0].spentUnits)).toBe(toUnits(20));
    let total = 0;
    for (const p of people) total += await balance(t(), p.id);
    expect(total).toBe(480);
  });

  it('gives a failed run its budget back', async () => {
    await setParam('aiBudgetDay', '4');
    const ann = await member(t());
    await fund(t(), ann.id, 50);
    w.llm!.script({ failWhenAsked: 'please fail' });
    try {
      const failed = ok(await run(ann, { input: 'please fail' }));
      expect((await ended(t(), failed.runId)).status).toBe(2);
    } finally {
      w.llm!.script({ failWhenAsked: null });
    }
    expect(Number((await spend('member', ann.id))[0].spentUnits)).toBe(0);
    ok(await run(ann));
    ok(await run(ann));
    expect(refusal(await run(ann))).toMatchObject({ code: 1001, message: 'Your daily AI budget of 4 tokens is used up (4 spent today, this run costs 2)' });
    expect(await balance(t(), ann.id)).toBe(46);
  });

  it("counts every member's runs in a group against the budget its owner set, and a team's likewise", async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    await fund(t(), ann.id, 50);
    await fund(t(), ben.id, 50);
    const groupId = await group(t(), ann, [ben]);
    // Only the owner sets it.
    expect((await post(t(), '/admin/base/group/update', { id: groupId, aiBudgetDay: 100 }, ben.token)).body.code).not.toBe(1000);
    ok(await post(t(), '/admin/base/group/update', { id: groupId, aiBudgetDay: 5 }, ann.token));
    const inGroup = { toType: 1, toId: groupId };
    ok(await run(ann, inGroup));
    ok(await run(ben, inGroup));
    expect(refusal(await run(ann, inGroup))).toMatchObject({
      code: 1001,
      message: "This group's daily AI budget of 5 tokens is used up (4 spent today, this run costs 2)",
    });
    // Their own runs elsewhere are not the group's.
    ok(await run(ben));
    expect(Number((await spend('group', groupId))[0].spentUnits)).toBe(toUnits(4));

    const team = await group(t(), ben, [ann], { type: 2 });
    ok(await post(t(), '/admin/base/group/update', { id: team, aiBudgetMonth: 3 }, ben.token));
    ok(await run(ann, { toType: 1, toId: team }));
    expect(refusal(await run(ben, { toType: 1, toId: team }))).toMatchObject({
      code: 1001,
      message: "This team's monthly AI budget of 3 tokens is used up (2 spent this month, this run costs 2)",
    });
    expect((await spend('team', team)).map((r) => [r.period, Number(r.spentUnits)])).toEqual([[periodsOf(new Date(), 'UTC').month, toUnits(2)]]);
  });

  it("replaces the member's params with their VIP plan's budgets while the plan is theirs", async () => {
    await setParam('aiBudgetDay', '2');
    const plan = ok(await post(t(), '/admin/base/vip/add', { name: 'Gold', type: 7701, aiBudgetDay: 6 }, t().adminToken)).id;
    expect(plan).toBeGreaterThan(0);
    const [vip, plain, lapsed] = [await member(t()), await member(t()), await member(t())];
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const users = t().core.model.system('users');
    await t().core.ops.transaction(SYSTEM, async (tx) => {
      await tx.updateWhere(users, vip.id, { vipType: 7701, vipEndTime: future });
      await tx.updateWhere(users, lapsed.id, { vipType: 7701, vipEndTime: past });
    });
    for (const p of [vip, plain, lapsed]) await fund(t(), p.id, 50);
    for (let i = 0; i < 3; i++) ok(await run(vip));
    expect(refusal(await run(vip)).message).toBe('Your daily AI budget of 6 tokens is used up (6 spent today, this run costs 2)');
    for (const p of [plain, lapsed]) {
      ok(await run(p));
      expect(refusal(await run(p)).message).toBe('Your daily AI budget of 2 tokens is used up (2 spent today, this run costs 2)');
    }
  });

  it('keeps only what a run priced by use was charged once it settles', async () => {
    await setParam('aiBudgetDay', '10');
    const [model] = ok(await post(t(), '/admin/ai/model/list', {}, t().adminToken)) as Array<{
      id: number;
      priceInput: number;
      priceOutput: number;
      maxTokens: number | null;
    }>;
    ok(await post(t(), '/admin/ai/model/update', { id: model.id, priceInput: 1000, priceOutput: 3000, maxTokens: 200 }, t().adminToken));
    const metered = await addApp(t(), { pricing: 1, tokens: 0 });
    const ann = await member(t());
    await fund(t(), ann.id, 50);
    w.llm!.script({ usage: { promptTokens: 40, completionTokens: 100 }, answer: () => 'Metered.' });
    try {
      const started = ok(await run(ann, {}, metered));
      const row = await ended(t(), started.runId);
      expect(toUnits(row.charged)).toBeLessThan(toUnits(row.cost));
      expect(Number((await spend('member', ann.id))[0].spentUnits)).toBe(toUnits(row.charged));
    } finally {
      w.llm!.reset();
      const { priceInput, priceOutput, maxTokens } = model;
      ok(await post(t(), '/admin/ai/model/update', { id: model.id, priceInput, priceOutput, maxTokens }, t().adminToken));
    }
  });

  it('refuses by the month budget once the month is spent', async () => {
    await setParam('aiBudgetMonth', '6');
    const ann = await member(t());
    await fund(t(), ann.id, 50);
    for (let i = 0; i < 3; i++) ok(await run(ann));
    await syncRunsDone(t().core);
    const asked = w.llm!.chatCalls().length;
    expect(refusal(await run(ann))).toMatchObject({
      code: 1001,
      message: 'Your monthly AI budget of 6 tokens is used up (6 spent this month, this run costs 2)',
    });
    // Refused by the start's checks: the model was never asked.
    expect(w.llm!.chatCalls()).toHaveLength(asked);
    expect((await spend('member', ann.id)).map((r) => r.period)).toEqual([periodsOf(new Date(), 'UTC').month]);
  });

  it("posts an AI member's error message when a budget refuses its reply", async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 50);
    const groupId = await group(t(), ann, []);
    const helper = ok(await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName: 'Budgeted', config: { cost: 2 } } }, ann.token)).userId;
    ok(await post(t(), '/admin/base/group/update', { id: groupId, aiBudgetDay: 3 }, ann.token));
    w.llm!.script({ answer: () => 'A reply.' });
    ok(await post(t(), '/admin/base/message/add', text(1, groupId, '@Budgeted one', { at: [helper] }), ann.token));
    await aiRepliesDone(t().core);
    const asked = ok(await post(t(), '/admin/base/message/add', text(1, groupId, '@Budgeted two', { at: [helper] }), ann.token));
    await aiRepliesDone(t().core);
    const stored = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? ORDER BY `seq`', [`g:${groupId}`]);
    expect(stored.map((m) => Number(m.type))).toEqual([0, 21, 0, 22]);
    const error = stored[3];
    expect(Number(error.fromId)).toBe(helper);
    expect(typeof error.content === 'string' ? JSON.parse(error.content) : error.content).toEqual({
      error: 'budget_exceeded',
      budget: 'group',
      period: periodsOf(new Date(), 'UTC').day,
      userId: ann.id,
      cost: 2,
      messageId: asked.id,
    });
    expect(await balance(t(), ann.id)).toBe(48);
  });
});
