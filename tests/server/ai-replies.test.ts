/**
 * AI members answer in chat (issue 20 item 4), with real sockets and a fake OpenAI-compatible
 * server, on every database: a mention in a group streams the AI member's reply to every member and
 * stores it from the AI member, paid once by the sender; several AI members answer in mention
 * order; AI members that mention each other stop at the group's cap (0: never); a failed model
 * refunds; too few tokens writes no run and tells the sender; a private chat with an AI member gets
 * answers; and the human's send is answered before any AI work starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, emitAck, notices, waitNotice, type Client } from '../helpers/sockets';
import { expectLedgerBalanced } from '../helpers/commerce';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { group, member, text, type Person } from './chat-world';
import { addApp, balance, fund, ledgerOf, ok, post, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const SEND = '/admin/base/message/add';

describe.each(kinds)('AI members answering in chat on %s', (kind) => {
  let w: AiWorld;
  const t = () => w.t;
  const llm = () => w.llm!;
  const stored = (conversation: string) =>
    t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? ORDER BY `seq`', [conversation]);
  const runsOf = (aiUserId: number) => t().core.db.query<Record<string, any>>('SELECT * FROM `base_run` WHERE `aiUserId` = ? ORDER BY `id`', [aiUserId]);
  const content = (m: Record<string, any>) => (typeof m.content === 'string' ? JSON.parse(m.content) : m.content);

  /** An AI member created by `owner` in the group; answers its user id. */
  async function aiMember(owner: Person, groupId: number, nickName: string, config: Record<string, unknown>, pub = false): Promise<number> {
    return ok(await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName, config, public: pub } }, owner.token)).userId;
  }

  /** Sends as `who` and answers the stored message. */
  async function say(who: Person, body: Record<string, unknown>): Promise<Record<string, any>> {
    return ok(await post(t(), SEND, body, who.token));
  }

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { LLM_FIRST_TOKEN_TIMEOUT_MS: '2500', LLM_MAX_RETRIES: '1', CHAT_SEND_LIMIT: '1000/10' } });
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
  });

  it("streams a mentioned AI member's reply in order to two members, stores it from the AI member and charges the sender once", async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    const groupId = await group(t(), ann, [ben]);
    const helper = await aiMember(ann, groupId, 'Helper', { prompt: 'You are Helper. Be brief.', cost: 1.5 });
    await fund(t(), ann.id, 10);
    const answer = 'The tide turns twice a day, pulled by the moon and, a little, by the sun.';
    // Pieces further apart than the delta window (AI_DELTA_MS, 30 ms), so each is its own notice.
    llm().reset().script({ answer, chunkSize: 3, chunkDelayMs: 40 });
    const [a, b] = [await connect(ann.token), await connect(ben.token)];
    try {
      await say(ben, text(1, groupId, 'Tides are strange.'));
      const asked = await say(ann, text(1, groupId, '@Helper why do tides turn?', { at: [helper] }));
      for (const s of [a, b]) {
        const reply = await waitNotice(s, 'message', (m) => m.fromId === helper && m.type === 21);
        expect(reply.data).toMatchObject({ content: answer, toType: 1, toId: groupId, conversation: `g:${groupId}`, at: [] });
        const runId = reply.data.relateId as number;
        const all = notices(s);
        const ofRun = all.filter((n) => n.kind === 'delta' && n.data.runId === runId);
        // First the start (the member is thinking: no index, no text), then the pieces.
        expect(ofRun[0].data).toEqual({
          runId,
          conversation: `g:${groupId}`,
          fromId: helper,
          start: true,
          phase: 'reading',
          chainId: expect.any(Number),
          payerId: ann.id,
        });
        // Then, the group's knowledge read, thinking (a phase: no index, no text).
        expect(ofRun[1].data).toEqual({ runId, conversation: `g:${groupId}`, fromId: helper, phase: 'thinking' });
        const deltas = ofRun.slice(2);
        expect(deltas.length).toBeGreaterThan(5);
        expect(deltas.map((d) => d.data.index)).toEqual(deltas.map((_, i) => i));
        expect(deltas.map((d) => d.data.text).join('')).toBe(answer);
        expect(deltas.every((d) => d.data.fromId === helper && d.data.conversation === `g:${groupId}`)).toBe(true);
        // The question first, every piece in between, the stored reply last.
        expect(all.findIndex((n) => n.kind === 'message' && n.data.id === asked.id)).toBeLessThan(all.indexOf(deltas[0]));
        expect(all.indexOf(reply)).toBeGreaterThan(all.indexOf(deltas[deltas.length - 1]));
      }
      await aiRepliesDone(t().core);
      const rows = await stored(`g:${groupId}`);
      expect(rows.map((m) => [Number(m.fromId), Number(m.type)])).toEqual([
        [ben.id, 0],
        [ann.id, 0],
        [helper, 21],
      ]);
      const [run] = await runsOf(helper);
      expect(run).toMatchObject({
        userId: ann.id,
        aiUserId: helper,
        kind: 1,
        status: 1,
        messageId: asked.id,
        answerId: rows[2].id,
        conversation: `g:${groupId}`,
      });
      expect(Number(run.cost)).toBe(1.5);
      expect((await ledgerOf(t(), run.id)).map((e) => [Number(e.userId), Number(e.type), Number(e.tokens)])).toEqual([[ann.id, 10, -1.5]]);
      expect(await balance(t(), ann.id)).toBe(8.5);
      expect(await balance(t(), ben.id)).toBe(0);
      await expectLedgerBalanced(t());
      // The model saw the prompt, then the conversation with each speaker named.
      const annName = `Nick ${ann.username.split('_')[1]}`;
      const benName = `Nick ${ben.username.split('_')[1]}`;
      expect(llm().chatCalls().at(-1)!.chat!.messages).toEqual([
        { role: 'system', content: 'You are Helper. Be brief.' },
        { role: 'user', content: `${benName}: Tides are strange.` },
        { role: 'user', content: `${annName}: @Helper why do tides turn?` },
      ]);
    } finally {
      await closeAll(a, b);
    }
  });

  it('has two mentioned AI members reply one after the other, in mention order, each seeing the reply before', async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    const groupId = await group(t(), ann, [ben]);
    const appId = await addApp(t(), { tokens: 2, config: { systemPrompt: 'You are Alpha.' } });
    const alpha = await aiMember(ann, groupId, 'Alpha', { appId });
    const beta = await aiMember(ann, groupId, 'Beta', { prompt: 'You are Beta.', cost: 1 });
    await fund(t(), ben.id, 10);
    llm()
      .reset()
      .script({ answer: (req) => `${req.messages[0].content.replace('You are ', '').replace('.', '')} says hello`, chunkSize: 5 });
    const s = await connect(ann.token);
    try {
      await say(ben, text(1, groupId, 'Beta and Alpha, hello', { at: [beta, alpha] }));
      await waitNotice(s, 'message', (m) => m.fromId === alpha && m.type === 21);
      await aiRepliesDone(t().core);
      const rows = await stored(`g:${groupId}`);
      expect(rows.map((m) => [Number(m.fromId), content(m)])).toEqual([
        [ben.id, { text: 'Beta and Alpha, hello' }],
        [beta, 'Beta says hello'],
        [alpha, 'Alpha says hello'],
      ]);
      // Alpha answered second and saw Beta's reply, named.
      expect(llm().chatCalls()[1].chat!.messages.at(-1)).toEqual({ role: 'user', content: 'Beta: Beta says hello' });
      expect(await balance(t(), ben.id)).toBe(7);
      expect((await runsOf(alpha))[0]).toMatchObject({ appId, userId: ben.id, status: 1 });
      await expectLedgerBalanced(t());
    } finally {
      await closeAll(s);
    }
  });

  it("lets AI members that mention each other go on only up to the group's cap of replies in a row", async () => {
    const ann = await member(t());
    const groupId = await group(t(), ann, []);
    const ping = await aiMember(ann, groupId, 'Ping', { prompt: 'You are Ping.', cost: 0.5 });
    const pong = await aiMember(ann, groupId, 'Pong', { prompt: 'You are Pong.', cost: 0.5 });
    await fund(t(), ann.id, 10);
    llm()
      .reset()
      .script({ answer: (req) => (req.messages[0].content === 'You are Ping.' ? 'over to you, @pong!' : '@Ping your turn') });
    await say(ann, text(1, groupId, 'start, @Ping', { at: [ping] }));
    await waitFor(async () => (await stored(`g:${groupId}`)).length >= 4);
    await aiRepliesDone(t().core);
    let rows = await stored(`g:${groupId}`);
    // The default cap, 3: Ping, Pong, Ping, and Pong is not asked again.
    expect(rows.map((m) => Number(m.fromId))).toEqual([ann.id, ping, pong, ping]);
    expect(rows.slice(1).map((m) => JSON.parse(m.at))).toEqual([[pong], [ping], [pong]]);
    expect(llm().chatCalls()).toHaveLength(3);
    expect(await balance(t(), ann.id)).toBe(8.5);

    // A person's message starts a new row; a cap of 1 lets only the first AI member answer.
    ok(await post(t(), '/admin/base/group/update', { id: groupId, aiReplyCap: 1 }, ann.token));
    await say(ann, text(1, groupId, 'again, @Pong and @Ping', { at: [pong, ping] }));
    await waitFor(async () => (await stored(`g:${groupId}`)).length >= 6);
    await aiRepliesDone(t().core);
    rows = await stored(`g:${groupId}`);
    expect(rows.slice(4).map((m) => Number(m.fromId))).toEqual([ann.id, pong]);
    expect(await balance(t(), ann.id)).toBe(8);
    await expectLedgerBalanced(t());
  });

  it('never lets AI members answer in a group whose cap is 0, and refuses a cap out of range', async () => {
    const ann = await member(t());
    const groupId = await group(t(), ann, []);
    const quiet = await aiMember(ann, groupId, 'Quiet', { prompt: 'You are Quiet.', cost: 1 });
    await fund(t(), ann.id, 5);
    for (const bad of [-1, 21]) {
      const res = await post(t(), '/admin/base/group/update', { id: groupId, aiReplyCap: bad }, ann.token);
      expect(res.body.code).toBe(1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'aiReplyCap' })]);
    }
    ok(await post(t(), '/admin/base/group/update', { id: groupId, aiReplyCap: 0 }, ann.token));
    llm().reset();
    await say(ann, text(1, groupId, '@Quiet are you there?', { at: [quiet] }));
    await new Promise((r) => setTimeout(r, 300));
    await aiRepliesDone(t().core);
    expect((await stored(`g:${groupId}`)).map((m) => Number(m.fromId))).toEqual([ann.id]);
    expect(await runsOf(quiet)).toEqual([]);
    expect(llm().chatCalls()).toHaveLength(0);
    expect(await balance(t(), ann.id)).toBe(5);
  });

  it('posts an error message from the AI member and refunds in full when the model answers 500', async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    const groupId = await group(t(), ann, [ben]);
    const flaky = await aiMember(ann, groupId, 'Flaky', { cost: 2 });
    await fund(t(), ann.id, 5);
    llm()
      .reset()
      .script({ fail: { status: 500, times: 2 } });
    const b = await connect(ben.token);
    try {
      await say(ann, text(1, groupId, '@Flaky hello', { at: [flaky] }));
      const failure = await waitNotice(b, 'message', (m) => m.fromId === flaky && m.type === 22);
      await aiRepliesDone(t().core);
      const [run] = await runsOf(flaky);
      expect(failure.data).toMatchObject({ relateId: run.id, content: { runId: run.id, error: 'upstream' }, toType: 1, toId: groupId });
      expect(run).toMatchObject({ status: 2, kind: 1, userId: ann.id });
      expect((await ledgerOf(t(), run.id)).map((e) => [Number(e.type), Number(e.tokens)])).toEqual([
        [10, -2],
        [11, 2],
      ]);
      expect(await balance(t(), ann.id)).toBe(5);
      expect((await stored(`g:${groupId}`)).map((m) => [Number(m.fromId), Number(m.type)])).toEqual([
        [ann.id, 0],
        [flaky, 22],
      ]);
      await expectLedgerBalanced(t());
    } finally {
      await closeAll(b);
    }
  });

  it("fails and refunds a reply the model does not finish within its app's time limit", async () => {
    const ann = await member(t());
    const groupId = await group(t(), ann, []);
    const appId = await addApp(t(), { tokens: 1, config: { timeoutSeconds: 0.5 } });
    const sleepy = await aiMember(ann, groupId, 'Sleepy', { appId });
    await fund(t(), ann.id, 2);
    llm().reset().script({ hang: true });
    try {
      await say(ann, text(1, groupId, '@Sleepy wake up', { at: [sleepy] }));
      await waitFor(async () => (await runsOf(sleepy)).some((r) => Number(r.status) === 2));
      await aiRepliesDone(t().core);
      const [run] = await runsOf(sleepy);
      expect(String(run.error)).toMatch(/^timeout/);
      const rows = await stored(`g:${groupId}`);
      expect(rows.map((m) => [Number(m.fromId), Number(m.type)])).toEqual([
        [ann.id, 0],
        [sleepy, 22],
      ]);
      expect(content(rows[1])).toEqual({ runId: run.id, error: 'timeout' });
      expect(await balance(t(), ann.id)).toBe(2);
    } finally {
      llm().reset();
    }
  });

  it('writes no run and charges nothing when the sender has too few tokens, and tells them in the conversation', async () => {
    const ann = await member(t());
    const groupId = await group(t(), ann, []);
    const dear = await aiMember(ann, groupId, 'Dear', { cost: 5 });
    await fund(t(), ann.id, 1);
    llm().reset();
    const a = await connect(ann.token);
    try {
      const asked = await say(ann, text(1, groupId, '@Dear a question', { at: [dear] }));
      const told = await waitNotice(a, 'message', (m) => m.fromId === dear && m.type === 22);
      expect(told.data.content).toEqual({ error: 'not_enough_tokens', userId: ann.id, cost: 5, messageId: asked.id });
      await aiRepliesDone(t().core);
      expect(await runsOf(dear)).toEqual([]);
      expect(llm().chatCalls()).toHaveLength(0);
      expect(await balance(t(), ann.id)).toBe(1);
      expect(notices(a, 'delta')).toEqual([]);
      expect((await stored(`g:${groupId}`)).map((m) => Number(m.type))).toEqual([0, 22]);
    } finally {
      await closeAll(a);
    }
  });

  it("answers every message of a private chat with an AI member its sender may use, and no one else's", async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    const home = await group(t(), ann, [ben]);
    const buddy = await aiMember(ann, home, 'Buddy', { prompt: 'You are Buddy.', cost: 1 });
    await fund(t(), ann.id, 3);
    await fund(t(), ben.id, 3);
    llm().reset().script({ answer: 'Hi there!' });
    const a = await connect(ann.token);
    try {
      await say(ann, text(0, buddy, 'hello Buddy'));
      const reply = await waitNotice(a, 'message', (m) => m.fromId === buddy && m.type === 21);
      expect(reply.data).toMatchObject({
        toType: 0,
        toId: ann.id,
        content: 'Hi there!',
        conversation: `p:${Math.min(ann.id, buddy)}:${Math.max(ann.id, buddy)}`,
      });
      expect(
        notices(a, 'delta')
          .filter((d) => d.data.fromId === buddy)
          .map((d) => d.data.text)
          .join(''),
      ).toBe('Hi there!');
      await aiRepliesDone(t().core);
      expect(await balance(t(), ann.id)).toBe(2);
      expect(llm().chatCalls().at(-1)!.chat!.messages[0]).toEqual({ role: 'system', content: 'You are Buddy.' });
      // Ben shares a group with Buddy but it is Ann's and private: it says so and charges nothing.
      await say(ben, text(0, buddy, 'hello Buddy, from Ben'));
      await aiRepliesDone(t().core);
      const conv = `p:${Math.min(ben.id, buddy)}:${Math.max(ben.id, buddy)}`;
      const rows = await stored(conv);
      expect(rows.map((m) => [Number(m.fromId), Number(m.type)])).toEqual([
        [ben.id, 0],
        [buddy, 22],
      ]);
      expect(content(rows[1])).toMatchObject({ error: 'not_available' });
      expect(await balance(t(), ben.id)).toBe(3);
    } finally {
      await closeAll(a);
    }
  });

  it("acknowledges the human's send before the AI member's reply starts", async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    const groupId = await group(t(), ann, [ben]);
    const slow = await aiMember(ann, groupId, 'Slow', { cost: 1 });
    await fund(t(), ann.id, 2);
    llm().reset().script({ answer: 'eventually', firstChunkDelayMs: 1200 });
    const [a, b]: Client[] = [await connect(ann.token), await connect(ben.token)];
    try {
      const started = Date.now();
      const ack = await emitAck(a, 'sendMessage', text(1, groupId, '@Slow take your time', { at: [slow] }));
      expect(ack.code).toBe(1000);
      expect(Date.now() - started).toBeLessThan(800);
      await waitNotice(b, 'message', (m) => m.id === ack.data.id);
      // The model is still thinking: nothing of the reply has come yet (at most the start and the phases, which say so).
      expect([...notices(a), ...notices(b)].some((n) => n.data?.fromId === slow && n.data?.start !== true && n.data?.phase === undefined)).toBe(false);
      const reply = await waitNotice(b, 'message', (m) => m.fromId === slow && m.type === 21);
      expect(reply.data.content).toBe('eventually');
      await aiRepliesDone(t().core);
    } finally {
      await closeAll(a, b);
    }
  });
});

/** Polls `done` until it holds (or fails after `ms`). */
async function waitFor(done: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
