/**
 * AI members' tools on the member's behalf, on every database, with the fake model
 * scripted to answer in OpenAI's wire format (`tools` offered, `tool_calls` streamed with their
 * arguments in pieces): the adapter assembles the calls; a read runs as the member who asked and its
 * result goes back to the model as a tool message; a call that member may not make is refused to the
 * AI exactly as over HTTP (403, or 1002 naming the bad field); a write becomes a proposal that runs
 * once when that member confirms it (two confirms at once: once; a confirm after: a clear 409), that
 * nobody else may confirm, and that a cancel drops; an AI member's settings name its tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import type { FakeLlmChatRequest, FakeToolCall } from '../helpers/fake-llm';
import { createLlm } from '../../server/adapters/llm.adapter';
import type { ChosenModel } from '../../server/modules/ai/models/model-registry';
import { runWithTools, type ToolLoopResult } from '../../server/modules/ai/tools/run-with-tools';
import { findTool, platformTools, toolsFor, type ToolDef } from '../../server/modules/ai/tools/catalogue';
import { callAsMember, holdsOwnData } from '../../server/modules/ai/tools/call-as-member';
import { onToolCallChanged, toolCallsOfRun } from '../../server/modules/ai/tools/proposals';
import { LlmError } from '../../server/adapters/llm.adapter';
import { member, post, type Person } from './chat-world';
import { ok, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();

describe.each(kinds)("AI members' tools on %s", (kind) => {
  let w: AiWorld;
  let ann: Person;
  let bob: Person;
  let chosen: ChosenModel;
  const t = () => w.t;
  const llm = () => w.llm!;
  const asker = (p: Person) => ({ id: p.id, username: p.username, roleIds: [], departmentId: null, isAdmin: false });

  /** The model calls `calls` on its first turn; once tool results came back it answers with them. */
  function scriptCalls(calls: FakeToolCall[]): void {
    llm().script({
      chunkSize: 5,
      toolCalls: (req: FakeLlmChatRequest) => (req.messages.some((m) => m.role === 'tool') ? null : calls),
      answer: (req: FakeLlmChatRequest) => {
        const results = req.messages.filter((m) => m.role === 'tool');
        return results.length ? `Done: ${results.length} result(s).` : '';
      },
    });
  }

  async function ask(p: Person, tools: ToolDef[], question = 'Please help'): Promise<ToolLoopResult> {
    return runWithTools(t().core, {
      chosen,
      messages: [{ role: 'user', content: question }],
      tools,
      asker: asker(p),
      place: { aiUserId: 1, conversation: `p:${p.id}:1` },
    });
  }

  const tool = async (name: string) => (await findTool(t().core, name))!;
  const desktops = async (p: Person) =>
    Number((await t().core.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM `base_desktop` WHERE `userId` = ? AND `delete` = 0', [p.id]))[0].n);

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { LLM_RETRY_BASE_MS: '1' } });
    ann = await member(t());
    bob = await member(t());
    chosen = { adapter: createLlm(llm().env()), model: 'gpt-4o-mini', row: null };
    ok(await post(t(), '/admin/base/desktop/add', { name: 'Ann desk' }, ann.token));
  });
  afterAll(async () => {
    await w?.close();
  });

  it('assembles tool calls streamed in pieces, offers tools in the wire format, and ends with tool_calls as a success', async () => {
    llm().reset();
    llm().script({ chunkSize: 3, answer: '', toolCalls: [{ id: 'call_x', name: 'base_desktop_list', arguments: '{"a":"long enough to split"}' }] });
    const seen: string[] = [];
    const answer = await chosen.adapter.chat({
      messages: [{ role: 'user', content: 'list' }],
      tools: [{ name: 'base_desktop_list', description: 'My desktops', parameters: { type: 'object', properties: {} } }],
      onDelta: (x) => seen.push(x),
    });
    expect(answer.finishReason).toBe('tool_calls');
    expect(answer.toolCalls).toEqual([{ id: 'call_x', name: 'base_desktop_list', arguments: '{"a":"long enough to split"}' }]);
    expect(seen).toEqual([]);
    expect(llm().chatCalls().at(-1)!.chat!.tools).toEqual(['base_desktop_list']);
  });

  it('runs a read as the member who asked and sends its result back to the model as a tool message', async () => {
    llm().reset();
    scriptCalls([{ id: 'call_1', name: 'base_desktop_list', arguments: '{}' }]);
    const steps: string[] = [];
    const r = await runWithTools(t().core, {
      chosen,
      messages: [{ role: 'user', content: 'Which desktops do I have?' }],
      tools: [await tool('base_desktop_list')],
      asker: asker(ann),
      place: { aiUserId: 1 },
      onStep: (s) => steps.push(s.name),
    });
    expect(steps).toEqual(['base_desktop_list']);
    expect(r.turns).toBe(2);
    expect(r.answer.text).toBe('Done: 1 result(s).');
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]).toMatchObject({ name: 'base_desktop_list', outcome: 'ran', effect: 'read' });
    expect(JSON.stringify(r.calls[0].result)).toContain('Ann desk');
    // Both turns are paid for: the usage is their sum.
    const [first, second] = llm().chatCalls().slice(-2);
    expect(r.answer.usage.promptTokens).toBeGreaterThan(0);
    const back = second.chat!.messages;
    expect(back.find((m) => m.role === 'assistant')!.toolCalls).toEqual([{ id: 'call_1', name: 'base_desktop_list', arguments: '{}' }]);
    const result = back.find((m) => m.role === 'tool')!;
    expect(result.toolCallId).toBe('call_1');
    expect(JSON.parse(result.content)).toMatchObject({ ok: true });
    expect(result.content).toContain('Ann desk');
    expect(first.chat!.tools).toEqual(['base_desktop_list']);
    // The same call for Bob answers Bob's desktops, never Ann's.
    const bobs = await callAsMember(t().core, asker(bob), 'base_desktop_list', '{}');
    expect(bobs.ok).toBe(true);
    expect(JSON.stringify(bobs)).not.toContain('Ann desk');
  });

  it('refuses a member a call their roles do not hold, as HTTP refuses it, and gives the model the refusal, not data', async () => {
    llm().reset();
    scriptCalls([{ id: 'call_2', name: 'goods_order_page', arguments: '{"page":1}' }]);
    const r = await ask(ann, [await tool('goods_order_page')], 'Show all orders');
    const http = await post(t(), '/admin/goods/order/page', { page: 1 }, ann.token);
    expect(http.status).toBe(403);
    expect(r.calls[0]).toMatchObject({ outcome: 'ran', error: { ok: false, status: 403, code: http.body.code, message: http.body.message } });
    expect(r.calls[0].result).toBeUndefined();
    const sent = llm()
      .chatCalls()
      .at(-1)!
      .chat!.messages.find((m) => m.role === 'tool')!;
    expect(JSON.parse(sent.content)).toEqual({ ok: false, code: 1001, status: 403, message: http.body.message });
    // The administrator may: the same path lets them through.
    const admin = await callAsMember(t().core, { id: 1, username: 'admin', roleIds: [1], departmentId: null, isAdmin: true }, 'goods_order_page', { page: 1 });
    expect(admin.ok).toBe(true);
  });

  it('answers bad arguments with 1002 naming the field, so the model can try again', async () => {
    const r = await callAsMember(t().core, asker(ann), 'base_desktop_list', '{"bogus":1}');
    expect(r).toMatchObject({ ok: false, code: 1002, status: 400 });
    expect((r as { data: Array<{ field: string; rule: string }> }).data).toEqual([expect.objectContaining({ field: 'bogus', rule: 'unknown' })]);
    expect(await callAsMember(t().core, asker(ann), 'base_desktop_list', 'not json')).toMatchObject({ ok: false, code: 1002 });
    expect(await callAsMember(t().core, asker(ann), 'base_desktop_list', JSON.stringify({ keyWord: 'x'.repeat(30_000) }))).toMatchObject({
      ok: false,
      code: 1002,
    });
  });

  it('runs nothing the model calls that was not offered', async () => {
    llm().reset();
    scriptCalls([{ id: 'call_3', name: 'base_desktop_delete', arguments: '{"ids":[1]}' }]);
    const before = await desktops(ann);
    const r = await ask(ann, [await tool('base_desktop_list')]);
    expect(r.calls[0]).toMatchObject({ name: 'base_desktop_delete', outcome: 'refused', error: { status: 404 } });
    expect(await desktops(ann)).toBe(before);
  });

  it('proposes a write instead of running it, and runs it once when the asker confirms it (two confirms at once: once)', async () => {
    llm().reset();
    scriptCalls([{ id: 'call_4', name: 'base_desktop_add', arguments: '{"name":"Desk by AI"}' }]);
    const before = await desktops(ann);
    const r = await ask(ann, [await tool('base_desktop_add')], 'Add a desktop');
    expect(await desktops(ann)).toBe(before);
    expect(r.proposals).toEqual([expect.objectContaining({ tool: 'base_desktop_add', input: { name: 'Desk by AI' } })]);
    expect(r.calls[0]).toMatchObject({ outcome: 'proposed', effect: 'write' });
    const told = JSON.parse(
      llm()
        .chatCalls()
        .at(-1)!
        .chat!.messages.find((m) => m.role === 'tool')!.content,
    );
    expect(told).toMatchObject({ ok: true, proposed: true, proposalId: r.proposals[0].id });
    const id = r.proposals[0].id;

    // Somebody else cannot confirm it, nor cancel it.
    expect((await post(t(), '/admin/ai/tool/confirm', { id }, bob.token)).status).toBe(403);
    expect((await post(t(), '/admin/ai/tool/cancel', { id }, bob.token)).status).toBe(403);

    const changes: string[] = [];
    const stop = onToolCallChanged((row) => row.id === id && changes.push(String(row.state)));
    const [one, two] = await Promise.all([post(t(), '/admin/ai/tool/confirm', { id }, ann.token), post(t(), '/admin/ai/tool/confirm', { id }, ann.token)]);
    stop();
    const codes = [one.body.code, two.body.code].sort();
    expect(codes).toEqual([1000, 1001]);
    const done = [one, two].find((x) => x.body.code === 1000)!;
    expect(done.body.data).toMatchObject({ id, state: 'done', result: { ok: true, data: { id: expect.any(Number) } } });
    expect([one, two].find((x) => x.body.code === 1001)!.status).toBe(409);
    expect(await desktops(ann)).toBe(before + 1);
    expect(changes).toEqual(['1', '2']);

    // A confirm after it ran: no second desktop, and the answer says it is done.
    const again = await post(t(), '/admin/ai/tool/confirm', { id }, ann.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('done');
    expect(await desktops(ann)).toBe(before + 1);
    // The asker reads the record; Bob does not see it.
    expect(ok(await t().http().get('/admin/ai/toolCall/info').query({ id }).set('Authorization', ann.token))).toMatchObject({ id, state: 2, askerId: ann.id });
    const page = ok(await post(t(), '/admin/ai/toolCall/page', {}, bob.token));
    expect(page.list.map((x: { id: number }) => x.id)).not.toContain(id);
  });

  it('drops a cancelled proposal: it never runs', async () => {
    llm().reset();
    scriptCalls([{ id: 'call_5', name: 'base_desktop_add', arguments: '{"name":"Never"}' }]);
    const before = await desktops(ann);
    const r = await ask(ann, [await tool('base_desktop_add')]);
    const id = r.proposals[0].id;
    expect(ok(await post(t(), '/admin/ai/tool/cancel', { id }, ann.token))).toEqual({ id, state: 'cancelled' });
    const late = await post(t(), '/admin/ai/tool/confirm', { id }, ann.token);
    expect(late.status).toBe(409);
    expect(await desktops(ann)).toBe(before);
  });

  it('stops asking for tools after the last turn, so the model answers', async () => {
    llm().reset();
    llm().script({ toolCalls: [{ id: 'c', name: 'base_desktop_list', arguments: '{}' }], answer: 'still working' });
    const r = await runWithTools(t().core, {
      chosen,
      messages: [{ role: 'user', content: 'loop' }],
      tools: [await tool('base_desktop_list')],
      asker: asker(ann),
      place: { aiUserId: 1 },
      maxTurns: 3,
    });
    expect(r.turns).toBe(3);
    expect(r.calls).toHaveLength(2);
    expect(llm().chatCalls().at(-1)!.chat!.tools).toEqual([]);
    expect(r.answer.text).toBe('still working\n\nstill working\n\nstill working');
  });

  it('stops between turns when the asker stops the answer: no further tool runs, the turns so far reported for the charge', async () => {
    llm().reset();
    scriptCalls([{ id: 'call_6', name: 'base_desktop_list', arguments: '{}' }]);
    const stop = new AbortController();
    const turns: number[] = [];
    const run = runWithTools(t().core, {
      chosen,
      messages: [{ role: 'user', content: 'list, then stop' }],
      tools: [await tool('base_desktop_list')],
      asker: asker(ann),
      place: { aiUserId: 1, runId: 424242 },
      signal: stop.signal,
      onTurn: (x) => {
        turns.push(x.usage.promptTokens);
        stop.abort();
      },
    });
    await expect(run).rejects.toSatisfy((e: unknown) => e instanceof LlmError && e.kind === 'aborted');
    expect(turns).toHaveLength(1);
    expect(turns[0]).toBeGreaterThan(0);
    expect(await toolCallsOfRun(t().core, 424242)).toEqual([]);
  });

  it('records each call of a run for its receipt, in order', async () => {
    llm().reset();
    scriptCalls([
      { id: 'c1', name: 'base_desktop_list', arguments: '{}' },
      { id: 'c2', name: 'base_desktop_add', arguments: '{"name":"Later"}' },
    ]);
    await runWithTools(t().core, {
      chosen,
      messages: [{ role: 'user', content: 'two calls' }],
      tools: [await tool('base_desktop_list'), await tool('base_desktop_add')],
      asker: asker(ann),
      place: { aiUserId: 1, runId: 515151, conversation: 'g:1' },
    });
    const rows = await toolCallsOfRun(t().core, 515151);
    expect(rows.map((r) => [r.tool, r.effect, r.state, r.askerId, r.conversation])).toEqual([
      ['base_desktop_list', 'read', 2, ann.id, 'g:1'],
      ['base_desktop_add', 'write', 0, ann.id, 'g:1'],
    ]);
  });

  it("takes an AI member's tools from its settings, refusing names that are no tool", async () => {
    const groupId = ok(await post(t(), '/admin/base/group/add', { name: 'Tools group', type: 0 }, ann.token)).id;
    const bad = await post(
      t(),
      '/admin/base/groupMember/add',
      { groupId, ai: { nickName: 'Helper', config: { tools: ['base_desktop_*', 'no_such_tool'] } } },
      ann.token,
    );
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data).toEqual([expect.objectContaining({ field: 'ai.config.tools.1', rule: 'invalid' })]);
    const good = ok(
      await post(
        t(),
        '/admin/base/groupMember/add',
        { groupId, ai: { nickName: 'Helper', config: { tools: ['base_desktop_*', 'goods_order_page'] } } },
        ann.token,
      ),
    );
    const [row] = await t().core.db.query<{ config: string }>('SELECT `config` FROM `base_sys_user` WHERE `id` = ?', [good.userId]);
    const names = (await toolsFor(t().core, JSON.parse(row.config).tools)).map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['base_desktop_list', 'base_desktop_add', 'goods_order_page']));
    expect(names.every((n) => n.startsWith('base_desktop_') || n === 'goods_order_page')).toBe(true);
  });

  it('offers no sign-in, upload or confirmation call, and says whose data a result holds', async () => {
    const names = [...platformTools(t().core).keys()];
    for (const n of ['base_open_login', 'base_comm_logout', 'base_comm_upload', 'ai_tool_confirm', 'base_sys_user_resetPassword'])
      expect(names).not.toContain(n);
    expect(names).toEqual(expect.arrayContaining(['base_desktop_list', 'goods_order_page', 'ai_mcpServer_test']));
    expect(await holdsOwnData(t().core, 'base_desktop_list')).toBe(true);
    expect(await holdsOwnData(t().core, 'base_app_all')).toBe(false);
  });
});
