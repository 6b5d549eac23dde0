/**
 * Chains of AI replies (issue 41), on every database, with real sockets and the fake model: a chain
 * of hand-offs stops at the group's cap, each step a run on the ledger naming the chain, its thread
 * the asker's with costs and total and the others' without; two AI members answering each other a
 * second time end the chain as a loop; the asker stops a streaming answer, which is stored as far as
 * it went and charged for the usage so far, and no further step starts; another member cannot stop
 * it and someone outside the conversation does not see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, waitNotice } from '../helpers/sockets';
import { expectLedgerBalanced } from '../helpers/commerce';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { meterUnits } from '../../server/modules/ai/metering';
import { fromUnits } from '../../server/modules/commerce/pay/money';
import { group, member, text, type Person } from './chat-world';
import { balance, fund, get, ledgerOf, ok, post, startAiWorld, until, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const SEND = '/admin/base/message/add';
const RATE = { priceInput: 1000, priceCachedInput: 0, priceOutput: 3000 };

describe.each(kinds)('chains of AI replies on %s', (kind) => {
  let w: AiWorld;
  const t = () => w.t;
  const llm = () => w.llm!;
  const stored = (conversation: string) =>
    t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? ORDER BY `seq`', [conversation]);
  const chainOf = async (rootId: number) => (await t().core.db.query<Record<string, any>>('SELECT * FROM `ai_chain` WHERE `rootId` = ?', [rootId]))[0];
  const runsOfChain = (chainId: number) => t().core.db.query<Record<string, any>>('SELECT * FROM `base_run` WHERE `chainId` = ? ORDER BY `id`', [chainId]);
  const extra = (m: Record<string, any>) => (typeof m.extraInfo === 'string' ? JSON.parse(m.extraInfo) : m.extraInfo);

  async function aiMember(owner: Person, groupId: number, nickName: string, config: Record<string, unknown>): Promise<number> {
    return ok(await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName, config } }, owner.token)).userId;
  }
  const say = async (who: Person, body: Record<string, unknown>) => ok(await post(t(), SEND, body, who.token));
  const ended = (rootId: number) =>
    until(
      () => chainOf(rootId),
      (c) => !!c && Number(c.state) !== 0,
    );

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { LLM_MODEL: 'model-a', CHAT_SEND_LIMIT: '1000/10' } });
    const [m] = ok(await post(t(), '/admin/ai/model/list', {}, t().adminToken)) as Array<{ id: number }>;
    ok(await post(t(), '/admin/ai/model/update', { id: m.id, ...RATE, maxTokens: 200 }, t().adminToken));
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
  });

  it('hands over from AI member to AI member up to the cap, each step a run of the chain on the ledger, its total for the asker only', async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    const groupId = await group(t(), ann, [ben]);
    const names = ['Ada', 'Bea', 'Cyd'];
    const ids: number[] = [];
    for (const n of names) ids.push(await aiMember(ann, groupId, n, { prompt: `You are ${n}.`, cost: 0.5 }));
    await fund(t(), ann.id, 10);
    // Each hands over to the next: Ada -> Bea -> Cyd -> Ada ...; the cap (3 in a row) ends it before Ada answers Cyd.
    llm()
      .reset()
      .script({
        answer: (req) => ({ 'You are Ada.': 'over to @Bea', 'You are Bea.': 'now @Cyd', 'You are Cyd.': 'back to @Ada' })[req.messages[0].content] ?? '?',
      });
    const [a, b] = [await connect(ann.token), await connect(ben.token)];
    try {
      const asked = await say(ann, text(1, groupId, 'plan the launch, @Ada', { at: [ids[0]] }));
      const chain = await ended(asked.id);
      await aiRepliesDone(t().core);
      expect(chain).toMatchObject({ state: 3, steps: 3, payerId: ann.id, conversation: `g:${groupId}` });
      // Both members heard the chain end, without any cost in the notice.
      for (const s of [a, b]) {
        const n = await waitNotice(s, 'chain', (d) => d.id === Number(chain.id) && d.state === 3);
        expect(n.data).toEqual({ id: Number(chain.id), rootId: asked.id, conversation: `g:${groupId}`, state: 3, steps: 3, payerId: ann.id, loopIds: null });
      }
      const rows = await stored(`g:${groupId}`);
      expect(rows.map((m) => Number(m.fromId))).toEqual([ann.id, ...ids]);
      expect(rows.slice(1).map((m) => extra(m))).toEqual([{ chain: Number(chain.id) }, { chain: Number(chain.id) }, { chain: Number(chain.id) }]);
      const runs = await runsOfChain(Number(chain.id));
      expect(runs.map((r) => [Number(r.aiUserId), Number(r.status), Number(r.userId)])).toEqual(ids.map((id) => [id, 1, ann.id]));
      for (const r of runs) expect((await ledgerOf(t(), r.id)).map((e) => Number(e.tokens))).toEqual([-0.5]);
      expect(await balance(t(), ann.id)).toBe(8.5);

      const mine = ok(await get(t(), '/admin/ai/chain/thread', { id: Number(chain.id) }, ann.token));
      expect(mine).toMatchObject({ state: 3, mine: true, total: 1.5 });
      expect(mine.runs.map((s: any) => [s.aiName, s.charged, s.status])).toEqual(names.map((n) => [n, 0.5, 1]));
      expect(mine.runs.map((s: any) => s.answerId)).toEqual(rows.slice(1).map((m) => Number(m.id)));
      // Each step's receipt is its run's, the asker's.
      const receipt = ok(await get(t(), '/admin/base/run/receipt', { id: mine.runs[1].runId }, ann.token));
      expect(receipt).toMatchObject({ aiName: 'Bea', charged: 0.5 });
      const theirs = ok(await get(t(), '/admin/ai/chain/thread', { id: Number(chain.id) }, ben.token));
      expect(theirs).toMatchObject({ mine: false, total: null });
      expect(theirs.runs.map((s: any) => [s.aiName, s.charged])).toEqual(names.map((n) => [n, null]));
      // Someone outside the group does not learn the chain exists.
      const cat = await member(t());
      expect((await get(t(), '/admin/ai/chain/thread', { id: Number(chain.id) }, cat.token)).body.code).toBe(1001);
      expect((await get(t(), '/admin/ai/chain/thread', { id: Number(chain.id) }, cat.token)).status).toBe(404);
      await expectLedgerBalanced(t());
    } finally {
      await closeAll(a, b);
    }
  });

  it('ends a loop of two AI members answering each other again, and names them', async () => {
    const ann = await member(t());
    const groupId = await group(t(), ann, []);
    ok(await post(t(), '/admin/base/group/update', { id: groupId, aiReplyCap: 10 }, ann.token));
    const ping = await aiMember(ann, groupId, 'Ping', { prompt: 'You are Ping.', cost: 0.5 });
    const pong = await aiMember(ann, groupId, 'Pong', { prompt: 'You are Pong.', cost: 0.5 });
    await fund(t(), ann.id, 10);
    llm()
      .reset()
      .script({ answer: (req) => (req.messages[0].content === 'You are Ping.' ? 'over to you, @Pong!' : '@Ping your turn') });
    const asked = await say(ann, text(1, groupId, 'start, @Ping', { at: [ping] }));
    const chain = await ended(asked.id);
    await aiRepliesDone(t().core);
    // Ping answers Ann, Pong answers Ping, Ping answers Pong; Pong answering Ping again would repeat a hand-off.
    expect((await stored(`g:${groupId}`)).map((m) => Number(m.fromId))).toEqual([ann.id, ping, pong, ping]);
    expect(chain).toMatchObject({ state: 4, steps: 3 });
    expect(typeof chain.loopIds === 'string' ? JSON.parse(chain.loopIds) : chain.loopIds).toEqual([ping, pong]);
    expect(llm().chatCalls()).toHaveLength(3);
    expect(await balance(t(), ann.id)).toBe(8.5);
  });

  it('stops a streaming answer for its asker only: stored as far as it went, charged for the usage so far, no further step', async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    const groupId = await group(t(), ann, [ben]);
    // Priced by use at the registry model's rate; its answer would hand over to Echo.
    const slow = await aiMember(ann, groupId, 'Slow', { prompt: 'You are Slow.', pricing: 1, model: 'model-a' });
    await aiMember(ann, groupId, 'Echo', { prompt: 'You are Echo.', cost: 1 });
    await fund(t(), ann.id, 10);
    const long = `@Echo ${'word '.repeat(200)}`;
    llm().reset().script({ answer: long, chunkSize: 10, chunkDelayMs: 60 });
    const a = await connect(ann.token);
    try {
      await say(ann, text(1, groupId, '@Slow tell me everything', { at: [slow] }));
      const start = await waitNotice(a, 'delta', (d) => d.fromId === slow && d.start === true);
      expect(start.data).toMatchObject({ phase: 'reading', chainId: expect.any(Number), payerId: ann.id });
      const chainId = start.data.chainId as number;
      await waitNotice(a, 'delta', (d) => d.runId === start.data.runId && typeof d.text === 'string' && d.index >= 2);
      // Ben may read the chain but not stop it.
      const refused = await post(t(), '/admin/ai/chain/stop', { id: chainId }, ben.token);
      expect([refused.status, refused.body.code]).toEqual([403, 1001]);
      const stopped = ok(await post(t(), '/admin/ai/chain/stop', { id: chainId }, ann.token));
      expect(stopped).toMatchObject({ state: 2, stoppedBy: ann.id });
      // Stopping again changes nothing.
      expect(ok(await post(t(), '/admin/ai/chain/stop', { id: chainId }, ann.token))).toMatchObject({ state: 2 });
      await aiRepliesDone(t().core);
      const rows = await stored(`g:${groupId}`);
      expect(rows.map((m) => Number(m.fromId))).toEqual([ann.id, slow]);
      const reply = rows[1];
      const content = typeof reply.content === 'string' ? JSON.parse(reply.content) : reply.content;
      expect(content.stopped).toBe(true);
      expect(content.text.length).toBeGreaterThan(0);
      expect(content.text.length).toBeLessThan(long.length);
      expect(long.startsWith(content.text)).toBe(true);
      // Nobody answers the stopped answer's mention.
      expect(JSON.parse(reply.at ?? '[]')).toEqual([]);
      const [run] = await runsOfChain(chainId);
      expect(run).toMatchObject({ status: 1, stopped: 1, usageEstimated: 1 });
      expect(Number(run.completionTokens)).toBe(Math.ceil(content.text.length / 4));
      // Charged the counted usage at the rate, the rest of the reservation given back.
      const expected = fromUnits(
        meterUnits({ priceInput: 1000, priceCachedInput: 0, priceOutput: 3000, coefficient: 1 }, Number(run.promptTokens), Number(run.completionTokens), 0),
      );
      expect(Number(run.charged)).toBe(expected);
      expect(Number(run.charged)).toBeLessThan(Number(run.cost));
      expect(await balance(t(), ann.id)).toBe(Number((10 - expected).toFixed(4)));
      expect((await get(t(), '/admin/ai/chain/thread', {}, ann.token)).status).toBe(400);
      await expectLedgerBalanced(t());
    } finally {
      await closeAll(a);
    }
  });
});
