/**
 * AI members using tools in chat (issue 41), on every database, with real sockets and the fake
 * model answering in OpenAI's tool-call wire format: a read tool runs as the member who asked and,
 * since it holds their own data, the answer goes to their private chat with the AI member (the group
 * is told so, and saw nothing of it streaming); the answer keeps the call (name, input, result); a
 * member without the order permission asking for all orders gets the refusal, not data; a write is
 * proposed in the answer and runs once when its asker confirms it (twice confirmed: once), never
 * for another member; an AI member without tools in its settings is offered none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, notices, waitNotice } from '../helpers/sockets';
import type { FakeLlmChatRequest, FakeToolCall } from '../helpers/fake-llm';
import { expectLedgerBalanced } from '../helpers/commerce';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { group, member, text, type Person } from './chat-world';
import { fund, get, ok, post, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();

describe.each(kinds)('AI members using tools in chat on %s', (kind) => {
  let w: AiWorld;
  let ann: Person;
  let ben: Person;
  let g = 0;
  let clerk = 0;
  const t = () => w.t;
  const llm = () => w.llm!;
  const messagesOf = (conversation: string) =>
    t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? ORDER BY `seq`', [conversation]);
  const parsed = (m: Record<string, any>) => (typeof m.content === 'string' ? JSON.parse(m.content) : m.content);
  const dm = (a: number, b: number) => `p:${Math.min(a, b)}:${Math.max(a, b)}`;
  /** The model calls `calls` on its first turn, then answers `answer` once a tool result came back. */
  const script = (calls: FakeToolCall[], answer: string) =>
    llm()
      .reset()
      .script({
        answer: (req: FakeLlmChatRequest) => (req.messages.some((m) => m.role === 'tool') ? answer : ''),
        toolCalls: (req: FakeLlmChatRequest) => (req.messages.some((m) => m.role === 'tool') ? null : calls),
      });

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { CHAT_SEND_LIMIT: '1000/10' } });
    [ann, ben] = [await member(t()), await member(t())];
    g = await group(t(), ann, [ben]);
    clerk = ok(
      await post(
        t(),
        '/admin/base/groupMember/add',
        { groupId: g, ai: { nickName: 'Clerk', config: { prompt: 'You are Clerk.', cost: 1, tools: ['base_desktop_*', 'goods_order_page'] } } },
        ann.token,
      ),
    ).userId;
    await fund(t(), ann.id, 20);
    await fund(t(), ben.id, 20);
    ok(await post(t(), '/admin/base/desktop/add', { name: 'Ann desk' }, ann.token));
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
  });

  it('runs a read tool as the asker and answers them privately, telling the group so and streaming nothing of it there', async () => {
    script([{ id: 'call_1', name: 'base_desktop_list', arguments: '{}' }], 'You have one desktop: Ann desk.');
    const [a, b] = [await connect(ann.token), await connect(ben.token)];
    try {
      ok(await post(t(), '/admin/base/message/add', text(1, g, '@Clerk which desktops do I have?', { at: [clerk] }), ann.token));
      await aiRepliesDone(t().core);
      // The model was offered the tools, and got the desktop list as Ann sees it back.
      const calls = llm().chatCalls();
      expect((calls[0].chat!.body.tools as Array<{ function: { name: string } }>).map((x: { function: { name: string } }) => x.function.name)).toEqual(
        expect.arrayContaining(['base_desktop_list', 'base_desktop_add', 'goods_order_page']),
      );
      const back = calls[1].chat!.messages.find((m) => m.role === 'tool')!;
      expect(back.content).toContain('Ann desk');
      // The answer is in Ann's private chat with Clerk, with the call it made.
      const [reply] = (await messagesOf(dm(ann.id, clerk))).filter((m) => Number(m.fromId) === clerk);
      const content = parsed(reply);
      expect(content.text).toBe('You have one desktop: Ann desk.');
      expect(content.tools).toEqual([expect.objectContaining({ name: 'base_desktop_list', outcome: 'ran', effect: 'read', input: {} })]);
      expect(JSON.stringify(content.tools[0].result)).toContain('Ann desk');
      // The group holds Clerk's note, not the answer.
      const inGroup = (await messagesOf(`g:${g}`)).filter((m) => Number(m.fromId) === clerk);
      expect(inGroup).toHaveLength(1);
      expect(parsed(inGroup[0]).privately).toBe(ann.id);
      // It names the run, so the group's readers see the answer they saw start end there.
      expect(Number(inGroup[0].relateId)).toBe(Number(reply.relateId));
      expect(JSON.stringify(parsed(inGroup[0]))).not.toContain('Ann desk');
      // Ben saw Clerk start and call its tool, but none of the answer's text.
      await waitNotice(b, 'message', (m) => m.fromId === clerk && m.conversation === `g:${g}`);
      const toBen = notices(b, 'delta').filter((n) => n.data.fromId === clerk || typeof n.data.text === 'string');
      expect(toBen.some((n) => typeof n.data.text === 'string')).toBe(false);
      expect(notices(a, 'delta').some((n) => typeof n.data.text === 'string' && n.data.text.length > 0)).toBe(true);
      const [row] = await t().core.db.query<Record<string, any>>('SELECT * FROM `ai_tool_call` WHERE `tool` = ? ORDER BY `id` DESC', ['base_desktop_list']);
      expect(Number(row.askerId)).toBe(ann.id);
      expect(Number(row.messageId)).toBe(Number(reply.id));
      // The receipt names the call.
      const receipt = ok(await get(t(), '/admin/base/run/receipt', { id: Number(reply.relateId) }, ann.token));
      expect(receipt.tools).toEqual([{ id: Number(row.id), name: 'base_desktop_list', effect: 'read', state: 'done' }]);
    } finally {
      await closeAll(a, b);
    }
  });

  it("gives a member without the order permission the refusal of 'all orders', not data", async () => {
    script([{ id: 'call_2', name: 'goods_order_page', arguments: '{"page":1}' }], 'I may not read the orders.');
    ok(await post(t(), '/admin/base/message/add', text(1, g, '@Clerk list every order', { at: [clerk] }), ben.token));
    await aiRepliesDone(t().core);
    const back = llm()
      .chatCalls()[1]
      .chat!.messages.find((m) => m.role === 'tool')!;
    expect(JSON.parse(back.content)).toMatchObject({ ok: false, status: 403 });
    const [reply] = (await messagesOf(dm(ben.id, clerk))).filter((m) => Number(m.fromId) === clerk).slice(-1);
    expect(parsed(reply).tools).toEqual([
      expect.objectContaining({ name: 'goods_order_page', outcome: 'ran', error: expect.objectContaining({ status: 403 }) }),
    ]);
    expect(parsed(reply).tools[0].result).toBeUndefined();
  });

  it('proposes a write, which runs once when its asker confirms it, twice at once included, and never for another member', async () => {
    script([{ id: 'call_3', name: 'base_desktop_add', arguments: '{"name":"Desk by Clerk"}' }], 'I proposed adding the desktop; confirm it to go ahead.');
    ok(await post(t(), '/admin/base/message/add', text(1, g, '@Clerk add a desktop called Desk by Clerk', { at: [clerk] }), ann.token));
    await aiRepliesDone(t().core);
    // A proposal alone holds nothing of the asker's: the answer is in the group.
    const [reply] = (await messagesOf(`g:${g}`)).filter((m) => Number(m.fromId) === clerk).slice(-1);
    const { proposals } = parsed(reply);
    expect(proposals).toEqual([expect.objectContaining({ tool: 'base_desktop_add', input: { name: 'Desk by Clerk' }, state: 'pending' })]);
    const id = proposals[0].id;
    const desks = () => t().core.db.query<Record<string, any>>('SELECT `id` FROM `base_desktop` WHERE `name` = ?', ['Desk by Clerk']);
    expect(await desks()).toHaveLength(0);
    const refused = await post(t(), '/admin/ai/tool/confirm', { id }, ben.token);
    expect(refused.status).toBe(403);
    const [first, second] = await Promise.all([post(t(), '/admin/ai/tool/confirm', { id }, ann.token), post(t(), '/admin/ai/tool/confirm', { id }, ann.token)]);
    expect([first.body.code, second.body.code].sort()).toEqual([1000, 1001]);
    expect(await desks()).toHaveLength(1);
    const again = await post(t(), '/admin/ai/tool/confirm', { id }, ann.token);
    expect(again.status).toBe(409);
    expect(await desks()).toHaveLength(1);
    await expectLedgerBalanced(t());
  });

  it('offers no tools to an AI member whose settings give it none', async () => {
    const plain = ok(
      await post(t(), '/admin/base/groupMember/add', { groupId: g, ai: { nickName: 'Plain', config: { prompt: 'You are Plain.', cost: 1 } } }, ann.token),
    ).userId;
    llm().reset().script({ answer: 'Hello.' });
    ok(await post(t(), '/admin/base/message/add', text(1, g, '@Plain hi', { at: [plain] }), ann.token));
    await aiRepliesDone(t().core);
    expect(llm().chatCalls()[0].chat!.body.tools).toBeUndefined();
  });
});
