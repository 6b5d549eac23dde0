/**
 * The administrator's bounds on AI prices and model parameters (issue 35 item 9), on every
 * database: the params aiMaxRunPrice and aiMaxTokens are seeded with their defaults and editable;
 * an AI member or app priced above the maximum, or asking parameters beyond the bounds, is refused
 * with 1002 naming the field and nothing written; prices are in the catalogue and the group's member
 * list before anyone pays; a run priced above a lowered maximum is refused; and the model is always
 * asked with max_tokens and the other parameters within the bounds in force.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { group, member, text, type Person } from './chat-world';
import { addApp, balance, counts, ended, fund, ok, post, startAiWorld, until, type AiWorld } from './ai-world';

const kinds = await databaseKinds();

describe.each(kinds)('AI prices and parameters within bounds on %s', (kind) => {
  let w: AiWorld;
  const t = () => w.t;
  const llm = () => w.llm!;
  const admin = () => t().adminToken;

  const param = async (keyName: string) => (await t().core.db.query<Record<string, any>>('SELECT * FROM `base_sys_param` WHERE `keyName` = ?', [keyName]))[0];
  const setParam = async (keyName: string, data: string) =>
    ok(await post(t(), '/admin/base/sys/param/update', { id: (await param(keyName)).id, data }, admin()));
  const userConfig = async (id: number) => {
    const [u] = await t().core.db.query<{ config: unknown }>('SELECT `config` FROM `base_sys_user` WHERE `id` = ?', [id]);
    return typeof u.config === 'string' ? JSON.parse(u.config) : u.config;
  };
  const aiMember = async (owner: Person, groupId: number, nickName: string, config: Record<string, unknown>, pub = false) =>
    ok(await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName, config, public: pub } }, owner.token)) as { id: number; userId: number };
  const fields = (res: { body: { code: number; data: any } }) => {
    expect(res.body.code).toBe(1002);
    return (res.body.data as Array<{ field: string }>).map((e) => e.field);
  };

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { LLM_FIRST_TOKEN_TIMEOUT_MS: '2500', LLM_MAX_RETRIES: '1', CHAT_SEND_LIMIT: '1000/10' } });
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
  });

  it('seeds aiMaxRunPrice and aiMaxTokens with their defaults, as params the administrator reads and edits', async () => {
    expect(await param('aiMaxRunPrice')).toMatchObject({ data: '100', dataType: 0 });
    expect(await param('aiMaxTokens')).toMatchObject({ data: '4096', dataType: 0 });
    const listed = ok(await post(t(), '/admin/base/sys/param/page', { keyWord: 'aiMax' }, admin())).list as Array<{ keyName: string }>;
    expect(listed.map((p) => p.keyName).sort()).toEqual(['aiMaxRunPrice', 'aiMaxTokens']);
    // A second seeding (another start) does not put back what the administrator changed.
    await setParam('aiMaxTokens', '5000');
    await t().core.reseed();
    expect((await param('aiMaxTokens')).data).toBe('5000');
    await setParam('aiMaxTokens', '4096');
  });

  it('refuses an AI member priced above the maximum or asking parameters beyond the bounds, with 1002 and nothing written', async () => {
    const owner = await member(t());
    const g = await group(t(), owner, []);
    const add = (config: Record<string, unknown>) => post(t(), '/admin/base/groupMember/add', { groupId: g, ai: { nickName: 'Greedy', config } }, owner.token);
    const before = await counts(t());
    expect(fields(await add({ cost: 100.0001 }))).toEqual(['ai.config.cost']);
    expect(fields(await add({ params: { max_tokens: 4097 } }))).toEqual(['ai.config.params.max_tokens']);
    expect(
      fields(await add({ params: { max_tokens: 1.5, temperature: 2.5, top_p: -0.1, presence_penalty: 3, frequency_penalty: -2.1, seed: 4 } })).sort(),
    ).toEqual([
      'ai.config.params.frequency_penalty',
      'ai.config.params.max_tokens',
      'ai.config.params.presence_penalty',
      'ai.config.params.seed',
      'ai.config.params.temperature',
      'ai.config.params.top_p',
    ]);
    const res = await add({ cost: 1000 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/1 field/);
    expect(JSON.stringify(res.body.data)).toContain('100');
    expect(await counts(t())).toEqual(before);
    const users = await t().core.db.query('SELECT `id` FROM `base_sys_user` WHERE `nickName` = ?', ['Greedy']);
    expect(users).toEqual([]);

    // At the bounds it is accepted; the owner cannot raise the price past them afterwards.
    const bot = await aiMember(owner, g, 'Fair', {
      cost: 100,
      params: { max_tokens: 4096, temperature: 2, top_p: 1, presence_penalty: -2, frequency_penalty: 2 },
    });
    const update = (config: Record<string, unknown>) => post(t(), '/admin/base/groupMember/updateMemberInfo', { memberId: bot.id, config }, owner.token);
    expect(fields(await update({ cost: 5000 }))).toEqual(['config.cost']);
    expect(fields(await update({ cost: 1, params: { max_tokens: 100_000 } }))).toEqual(['config.params.max_tokens']);
    expect((await userConfig(bot.userId)).cost).toBe(100);
    // The administrator raises the maximum: the same price is accepted now.
    await setParam('aiMaxRunPrice', '5000');
    try {
      ok(await update({ cost: 5000 }));
      expect((await userConfig(bot.userId)).cost).toBe(5000);
    } finally {
      await setParam('aiMaxRunPrice', '100');
    }
  });

  it('refuses an app priced above the maximum (tokens x coefficient) or asking parameters beyond the bounds', async () => {
    const app = (body: Record<string, unknown>) => post(t(), '/admin/base/app/add', { name: 'Dear', show: 1, isAsync: 0, ...body }, admin());
    expect(fields(await app({ tokens: 101 }))).toEqual(['tokens']);
    expect(fields(await app({ tokens: 60, efficiencyCoefficient: 2 }))).toEqual(['tokens']);
    expect(fields(await app({ tokens: 1, config: { params: { max_tokens: 5000 } } }))).toEqual(['config.params.max_tokens']);
    expect(await t().core.db.query('SELECT `id` FROM `base_app` WHERE `name` = ?', ['Dear'])).toEqual([]);
    const id = await addApp(t(), { tokens: 50 });
    expect(fields(await post(t(), '/admin/base/app/update', { id, efficiencyCoefficient: 3 }, admin()))).toEqual(['efficiencyCoefficient']);
    expect(fields(await post(t(), '/admin/base/app/update', { id, config: { params: { temperature: 9 } } }, admin()))).toEqual(['config.params.temperature']);
    ok(await post(t(), '/admin/base/app/update', { id, efficiencyCoefficient: 2, config: { params: { max_tokens: 100 } } }, admin()));
  });

  it('shows the price in the app catalogue, the AI catalogue and the member list, and the config to the owner only', async () => {
    const [owner, other] = [await member(t()), await member(t())];
    const g = await group(t(), owner, [other]);
    const appId = await addApp(t(), { name: 'Priced app', tokens: 2.5, efficiencyCoefficient: 1.2 });
    const all = (await t().http().get('/admin/base/app/all')).body.data as Array<{ apps: Array<{ id: number; price: number }> }>;
    expect(all.flatMap((x) => x.apps).find((a) => a.id === appId)!.price).toBe(3);
    const own = await aiMember(owner, g, 'Priced own', { cost: 7.25, prompt: 'OWNER-ONLY-PROMPT' }, true);
    const viaApp = await aiMember(owner, g, 'Priced via app', { appId }, true);
    const catalogue = ok(await post(t(), '/admin/base/groupMember/allMemberList', { keyWord: 'Priced' })).list as Array<{ id: number; price: number | null }>;
    expect(catalogue.find((a) => a.id === own.userId)!.price).toBe(7.25);
    expect(catalogue.find((a) => a.id === viaApp.userId)!.price).toBe(3);
    expect(JSON.stringify(catalogue)).not.toContain('OWNER-ONLY-PROMPT');
    const listOf = async (who: Person) =>
      ok(await post(t(), '/admin/base/groupMember/memberList', { groupId: g }, who.token)).list as Array<Record<string, any>>;
    const seenByOther = (await listOf(other)).find((m) => m.userId === own.userId)!;
    expect(seenByOther).toMatchObject({ price: 7.25 });
    expect(seenByOther.config).toBeUndefined();
    expect(JSON.stringify(await listOf(other))).not.toContain('OWNER-ONLY-PROMPT');
    expect((await listOf(owner)).find((m) => m.userId === own.userId)).toMatchObject({
      price: 7.25,
      public: true,
      config: { cost: 7.25, prompt: 'OWNER-ONLY-PROMPT' },
    });
    expect((await listOf(owner)).find((m) => m.userId === owner.id)!.price).toBeUndefined();
  });

  it('asks the model with max_tokens and the other parameters within the bounds, whatever the stored config says', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 50);
    const plain = await addApp(t(), { tokens: 1 });
    // A config stored before the bounds (or written around the API) asks far beyond them.
    const wild = await addApp(t(), { tokens: 1 });
    await t().core.db.run('UPDATE `base_app` SET `config` = ? WHERE `id` = ?', [
      JSON.stringify({ params: { max_tokens: 1_000_000, temperature: 7, top_p: 3 } }),
      wild,
    ]);
    const bodyOf = async (appId: number) => {
      llm().reset();
      const started = ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, ann.token));
      expect(Number((await ended(t(), started.runId)).status)).toBe(1);
      return llm().chatCalls().at(-1)!.chat!.body;
    };
    expect(await bodyOf(plain)).toMatchObject({ max_tokens: 4096 });
    expect(await bodyOf(wild)).toMatchObject({ max_tokens: 4096, temperature: 2, top_p: 1 });
    await setParam('aiMaxTokens', '256');
    try {
      expect(await bodyOf(wild)).toMatchObject({ max_tokens: 256 });
    } finally {
      await setParam('aiMaxTokens', '4096');
    }

    // An AI member in chat: the same bounds.
    const g = await group(t(), ann, []);
    const bot = await aiMember(ann, g, 'Bounded', { cost: 0 });
    await t().core.db.run('UPDATE `base_sys_user` SET `config` = ? WHERE `id` = ?', [
      JSON.stringify({ params: { max_tokens: 999_999, frequency_penalty: -9 } }),
      bot.userId,
    ]);
    llm().reset();
    ok(await post(t(), '/admin/base/message/add', text(1, g, '@Bounded hi', { at: [bot.userId] }), ann.token));
    await until(
      async () => llm().chatCalls().length,
      (n) => n > 0,
    );
    await aiRepliesDone(t().core);
    expect(llm().chatCalls()[0].chat!.body).toMatchObject({ max_tokens: 4096, frequency_penalty: -2 });
  });

  it('refuses a run priced above a lowered maximum, charging and writing nothing', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 100);
    const appId = await addApp(t(), { tokens: 40 });
    const g = await group(t(), ann, []);
    const bot = await aiMember(ann, g, 'Dear bot', { cost: 40 });
    await setParam('aiMaxRunPrice', '30');
    try {
      const before = await counts(t());
      const res = await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, ann.token);
      expect(res.body).toMatchObject({ code: 1001 });
      expect(res.body.message).toContain('40');
      expect(await counts(t())).toEqual(before);
      llm().reset();
      ok(await post(t(), '/admin/base/message/add', text(1, g, '@Dear bot hi', { at: [bot.userId] }), ann.token));
      await aiRepliesDone(t().core);
      expect(llm().chatCalls()).toHaveLength(0);
      const [last] = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? ORDER BY `seq` DESC LIMIT 1', [
        `g:${g}`,
      ]);
      expect(Number(last.fromId)).toBe(bot.userId);
      expect(JSON.parse(last.content)).toMatchObject({ error: 'misconfigured' });
      expect(await balance(t(), ann.id)).toBe(100);
    } finally {
      await setParam('aiMaxRunPrice', '100');
    }
  });

  it('charges a reply the price in force when the member asked, though the owner raises it while the reply waits', async () => {
    const [owner, ann] = [await member(t()), await member(t())];
    const g = await group(t(), owner, [ann]);
    const first = await aiMember(owner, g, 'First', { cost: 1 });
    const second = await aiMember(owner, g, 'Second', { cost: 2 });
    await fund(t(), ann.id, 100);
    let open!: () => void;
    llm()
      .reset()
      .script({ answer: 'Noted.', gate: new Promise<void>((r) => (open = r)) });
    try {
      ok(await post(t(), '/admin/base/message/add', text(1, g, '@First hold on', { at: [first.userId] }), ann.token));
      // First's reply is under way (its run reserved, the model holding), so Second's waits in the queue.
      await until(
        async () => llm().chatCalls().length,
        (n) => n === 1,
      );
      ok(await post(t(), '/admin/base/message/add', text(1, g, '@Second what is the price?', { at: [second.userId] }), ann.token));
      // The owner raises both prices after the member asked.
      for (const bot of [first, second])
        ok(await post(t(), '/admin/base/groupMember/updateMemberInfo', { memberId: bot.id, config: { cost: 90 } }, owner.token));
    } finally {
      open();
    }
    await aiRepliesDone(t().core);
    const runs = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_run` WHERE `userId` = ? ORDER BY `id`', [ann.id]);
    expect(runs.map((r) => [Number(r.aiUserId), Number(r.status), Number(r.cost)])).toEqual([
      [first.userId, 1, 1],
      [second.userId, 1, 2],
    ]);
    expect(await balance(t(), ann.id)).toBe(97);
    // A message after the change pays the new price.
    llm().reset();
    ok(await post(t(), '/admin/base/message/add', text(1, g, '@Second again', { at: [second.userId] }), ann.token));
    await aiRepliesDone(t().core);
    expect(await balance(t(), ann.id)).toBe(7);
  });

  it("charges an app run the price it started at, though the app's price changes while it runs", async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 100);
    const appId = await addApp(t(), { tokens: 3 });
    let open!: () => void;
    llm()
      .reset()
      .script({ gate: new Promise<void>((r) => (open = r)) });
    let runId: number;
    try {
      const started = ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, ann.token));
      runId = started.runId;
      expect(started.cost).toBe(3);
      await until(
        async () => llm().chatCalls().length,
        (n) => n === 1,
      );
      ok(await post(t(), '/admin/base/app/update', { id: appId, tokens: 80 }, admin()));
    } finally {
      open();
    }
    const run = await ended(t(), runId!);
    expect([Number(run.status), Number(run.cost)]).toEqual([1, 3]);
    expect(await balance(t(), ann.id)).toBe(97);
    const next = ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'again' }, ann.token));
    expect(next.cost).toBe(80);
    await ended(t(), next.runId);
    expect(await balance(t(), ann.id)).toBe(17);
  });
});
