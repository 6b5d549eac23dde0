/**
 * Members' own provider keys (issue 39), on every database: an AI member whose row in a group runs
 * with its owner's base/auth credential (authType 2) asks the owner's provider with the owner's key,
 * never the platform's; the reply costs only the param aiOwnKeyFee (no ledger entry at 0, exactly
 * the fee once at 5, however often the settle is replayed); a key that fails or cannot be used fails
 * the run, refunds it whole and never asks the platform's provider; nobody points an AI member at
 * someone else's credential, and the key appears in no answer (the credential's info and list, the
 * member list, the receipt, the run and its messages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { SYSTEM } from '../../server/core/entity/access';
import { eq } from '../../server/core/condition';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { settle } from '../../server/modules/ai/charge';
import { toUnits } from '../../server/modules/commerce/pay/money';
import { group, member, text, type Person } from './chat-world';
import { balance, fund, get, ledgerOf, ok, post, runRow, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const MEMBER_KEY = 'sk-member-own-7f3e9a21c4d8';

describe.each(kinds)("AI members on their owner's own key on %s", (kind) => {
  let w: AiWorld;
  let mine: FakeLlm;
  let ann: Person;
  let ben: Person;
  let groupId: number;
  let bot: { id: number; userId: number };
  let authId: number;
  const t = () => w.t;
  const platform = () => w.llm!;
  const setParam = (keyName: string, data: string) =>
    t().core.ops.transaction(SYSTEM, (tx) => tx.updateWhere('base/sys/param', eq('keyName', keyName), { data }));

  /** Ben asks ann's AI member in their group; answers the run it made. */
  async function ask(words: string): Promise<Record<string, any>> {
    ok(await post(t(), '/admin/base/message/add', text(1, groupId, `@Keyed ${words}`, { at: [bot.userId] }), ben.token));
    await aiRepliesDone(t().core);
    const [row] = await t().core.db.query<{ id: number }>('SELECT `id` FROM `base_run` WHERE `aiUserId` = ? ORDER BY `id` DESC LIMIT 1', [bot.userId]);
    return runRow(t(), row.id);
  }

  beforeAll(async () => {
    mine = await startFakeLlm({
      apiKey: MEMBER_KEY,
      models: ['member-model'],
      script: { answer: () => 'Answered on the member key.', usage: { promptTokens: 30, completionTokens: 40 } },
    });
    w = await startAiWorld(kind, { llm: true, env: { CHAT_SEND_LIMIT: '1000/10', LLM_MAX_RETRIES: '0', LLM_RETRY_BASE_MS: '1' } });
    // The fake listens on 127.0.0.1: a member's URL may name it only with the administrator's leave.
    await setParam('aiOwnKeyLocalUrls', '1');
    [ann, ben] = [await member(t()), await member(t())];
    await fund(t(), ben.id, 100);
    groupId = await group(t(), ann, [ben]);
    // A price of its own (3 tokens) and by use: neither applies on the owner's key.
    bot = ok(await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName: 'Keyed', config: { cost: 3 } } }, ann.token));
    authId = ok(
      await post(
        t(),
        '/admin/base/auth/add',
        { name: 'My model', type: 'openai', secret: MEMBER_KEY, config: { baseUrl: `${mine.url}/`, model: 'member-model' } },
        ann.token,
      ),
    ).id;
    ok(await post(t(), '/admin/base/groupMember/updateMemberInfo', { memberId: bot.id, authId, authType: 2 }, ann.token));
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
    await mine?.close();
  });

  it("asks the owner's provider with the owner's key, and charges nothing at a fee of 0", async () => {
    const before = { mine: mine.chatCalls().length, platform: platform().chatCalls().length, tokens: await balance(t(), ben.id) };
    const run = await ask('hello');
    expect(run).toMatchObject({ status: 1, ownKey: 1, model: 'member-model', promptTokens: 30, completionTokens: 40, pricing: 0 });
    expect(toUnits(run.cost)).toBe(0);
    expect(toUnits(run.charged)).toBe(0);
    const calls = mine.chatCalls().slice(before.mine);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ authorized: true, status: 200 });
    expect(calls[0].chat?.model).toBe('member-model');
    expect(platform().chatCalls().length).toBe(before.platform);
    expect(await ledgerOf(t(), run.id)).toEqual([]);
    expect(await balance(t(), ben.id)).toBe(before.tokens);
    const [answer] = await t().core.db.query<{ content: string }>('SELECT `content` FROM `base_message` WHERE `id` = ?', [run.answerId]);
    expect(answer.content).toContain('Answered on the member key.');
  });

  it('charges exactly the platform fee once, however often the settle is replayed, and the receipt says so', async () => {
    await setParam('aiOwnKeyFee', '5');
    const before = await balance(t(), ben.id);
    const run = await ask('with a fee');
    expect(run).toMatchObject({ status: 1, ownKey: 1, promptTokens: 30, completionTokens: 40 });
    expect(toUnits(run.cost)).toBe(toUnits(5));
    expect(toUnits(run.charged)).toBe(toUnits(5));
    const replayed = await settle(t().core, run.id, { usage: { promptTokens: 1, completionTokens: 1 }, content: 'again' });
    expect(replayed.settled).toBe(false);
    const entries = await ledgerOf(t(), run.id);
    expect(entries.map((e) => toUnits(e.tokens))).toEqual([-toUnits(5)]);
    expect(await balance(t(), ben.id)).toBe(before - 5);
    const receipt = ok(await get(t(), '/admin/base/run/receipt', { id: run.id }, ben.token));
    expect(receipt).toMatchObject({ ownKey: true, reserved: 5, charged: 5, refunded: 0, promptTokens: 30, completionTokens: 40, model: 'member-model' });
    // The member list prices a reply at the fee; only the owner sees which credential the row runs with.
    const asBen = ok(await post(t(), '/admin/base/groupMember/memberList', { groupId }, ben.token)).list.find((m: any) => m.id === bot.id);
    expect(asBen.price).toBe(5);
    expect(asBen).not.toHaveProperty('authId');
    const asAnn = ok(await post(t(), '/admin/base/groupMember/memberList', { groupId }, ann.token)).list.find((m: any) => m.id === bot.id);
    expect(asAnn).toMatchObject({ authId, authType: 2, price: 5 });
    await setParam('aiOwnKeyFee', '0');
  });

  it("fails and refunds whole when the key fails, without asking the platform's provider or showing the key", async () => {
    await setParam('aiOwnKeyFee', '5');
    const before = { platform: platform().chatCalls().length, tokens: await balance(t(), ben.id) };
    // The provider's refusal quotes the key: the run's record must not keep it.
    mine.script({ fail: { status: 400, message: `Key ${MEMBER_KEY} is not allowed for this model`, times: 1 } });
    const refused = await ask('refused');
    expect(refused).toMatchObject({ status: 2, ownKey: 1 });
    expect(String(refused.error)).toMatch(/^own_key: /);
    expect(String(refused.error)).not.toContain(MEMBER_KEY);
    mine.script({ fail: { status: 500, times: 1 } });
    const down = await ask('down');
    expect(down.status).toBe(2);
    mine.reset();
    for (const run of [refused, down]) {
      const sum = (await ledgerOf(t(), run.id)).reduce((n, e) => n + toUnits(e.tokens), 0);
      expect(sum).toBe(0);
    }
    expect(await balance(t(), ben.id)).toBe(before.tokens);
    expect(platform().chatCalls().length).toBe(before.platform);
    const errors = await t().core.db.query<{ content: string }>('SELECT `content` FROM `base_message` WHERE `conversation` = ? AND `type` = 22', [
      refused.conversation,
    ]);
    expect(errors.map((m) => JSON.parse(m.content).error)).toEqual(expect.arrayContaining(['own_key', 'upstream']));
    await setParam('aiOwnKeyFee', '0');
  });

  it('follows a changed key at once, and fails a disabled, wrong or local-address one without the platform', async () => {
    const before = platform().chatCalls().length;
    ok(await post(t(), '/admin/base/auth/update', { id: authId, secret: 'sk-wrong-key-0000' }, ann.token));
    const wrong = await ask('wrong key');
    expect(wrong).toMatchObject({ status: 2, ownKey: 1 });
    expect(mine.requests.at(-1)?.authorized).toBe(false);
    ok(await post(t(), '/admin/base/auth/update', { id: authId, secret: MEMBER_KEY }, ann.token));
    expect((await ask('right key again')).status).toBe(1);
    ok(await post(t(), '/admin/base/auth/update', { id: authId, status: 0 }, ann.token));
    expect(await ask('disabled')).toMatchObject({ status: 2, error: expect.stringContaining('disabled') });
    ok(await post(t(), '/admin/base/auth/update', { id: authId, status: 1 }, ann.token));
    const seen = mine.requests.length;
    await setParam('aiOwnKeyLocalUrls', '0');
    expect(await ask('local address')).toMatchObject({ status: 2, error: expect.stringContaining('local or private address') });
    expect(mine.requests.length).toBe(seen);
    await setParam('aiOwnKeyLocalUrls', '1');
    expect((await ask('allowed again')).status).toBe(1);
    expect(platform().chatCalls().length).toBe(before);
  });

  it("lets nobody point an AI member at another member's credential, and never answers the key", async () => {
    const bens = ok(await post(t(), '/admin/base/groupMember/add', { groupId: await group(t(), ben, []), ai: { nickName: 'Borrower' } }, ben.token));
    const info = (who: Person, memberId: number, body: object) => post(t(), '/admin/base/groupMember/updateMemberInfo', { memberId, ...body }, who.token);
    expect((await info(ben, bens.id, { authId, authType: 2 })).status).toBe(404);
    expect((await info(ben, bot.id, { authType: 1 })).status).toBe(403);
    expect((await post(t(), '/admin/base/auth/info', { id: authId }, ben.token)).status).toBe(404);
    expect(ok(await post(t(), '/admin/base/auth/list', {}, ben.token)).map((r: any) => r.id)).not.toContain(authId);
    const answers = [
      await post(t(), '/admin/base/auth/info', { id: authId }, ann.token),
      await post(t(), '/admin/base/auth/list', {}, ann.token),
      await post(t(), '/admin/base/auth/list', {}, t().adminToken),
      await post(t(), '/admin/base/groupMember/memberList', { groupId }, ann.token),
      await post(t(), '/admin/base/run/page', { aiUserId: bot.userId }, ben.token),
      await post(t(), '/admin/base/run/page', { aiUserId: bot.userId }, t().adminToken),
    ];
    const [runs] = [ok(answers[5]).list as Array<{ id: number }>];
    for (const r of runs) answers.push(await get(t(), '/admin/base/run/receipt', { id: r.id }, t().adminToken));
    for (const a of answers) expect(JSON.stringify(a.body)).not.toContain(MEMBER_KEY);
    expect(ok(answers[0])).toMatchObject({ secretSet: true, type: 'openai', config: { baseUrl: mine.url, model: 'member-model' } });
    const stored = await t().core.db.query<Record<string, unknown>>('SELECT * FROM `base_run` WHERE `aiUserId` = ?', [bot.userId]);
    expect(JSON.stringify(stored)).not.toContain(MEMBER_KEY);
    const messages = await t().core.db.query<{ content: string }>('SELECT `content` FROM `base_message` WHERE `toId` = ?', [groupId]);
    expect(JSON.stringify(messages)).not.toContain(MEMBER_KEY);
  });

  it('refuses an AI provider credential whose base URL is not http(s), or missing where the kind has none', async () => {
    const bad = await post(t(), '/admin/base/auth/add', { name: 'No URL', type: 'ollama', secret: 'k', config: { model: 'm' } }, ann.token);
    expect(bad.body.code).toBe(1002);
    expect(JSON.stringify(bad.body.data)).toContain('config.baseUrl');
    const ftp = await post(t(), '/admin/base/auth/update', { id: authId, config: { baseUrl: 'ftp://example.com' } }, ann.token);
    expect(ftp.body.code).toBe(1002);
    // A hosted kind without one calls its own API; other credentials (a social platform's) keep their own settings.
    ok(await post(t(), '/admin/base/auth/add', { name: 'Hosted', type: 'deepseek', secret: 'k', config: { model: 'deepseek-chat' } }, ann.token));
    ok(await post(t(), '/admin/base/auth/add', { name: 'Social', type: 'wechat', secret: 'k', config: { anything: 1 } }, ann.token));
  });
});
