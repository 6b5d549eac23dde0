/**
 * An AI member's answer with tools: the model is asked with the tools it was given; each read it
 * calls runs as the member who asked (call-as-member.ts) and its result goes back to the model as a
 * `tool` message; a write is not run: it becomes a proposal (an ai/toolCall row, pending) that the
 * member confirms in the chat (proposals.ts), and the model is told it waits for them. Then the
 * model is asked again, up to `maxTurns` turns; the last turn is offered no tools, so it answers.
 *
 * Safety: tool calls come only from the model's own `tool_calls` of this request, and only for the
 * tools offered; results go back as tool results (data), never as instructions. A text a tool read
 * (a message, a file) cannot add a call: it is only ever a tool message's content.
 *
 * The answer's text is every turn's text, as it was streamed (`onDelta`): a blank line is streamed
 * between the text of one turn and the next. The usage is summed over every turn.
 *
 * @example
 * ```ts
 * const tools = await toolsFor(core, toolPatterns(ai.config.tools));
 * const r = await runWithTools(core, { chosen, messages, params, signal, onDelta, tools, asker, place: { runId, conversation, aiUserId: ai.id } });
 * settle(..., { usage: r.answer.usage, content: r.answer.text, ... });
 * ```
 */
import { SYSTEM, entity, t, type AuthUser, type Core, type Lang } from '../../../core/api';
import type { LlmAnswer, LlmMessage, LlmRequest, LlmToolCall, LlmUsage } from '../../../adapters/llm.adapter';
import { TOOL_CALL_STATE } from '../../../../entities/ai/toolCall.entity';
import { askWithFallback } from '../models/ask-with-fallback';
import type { ChosenModel } from '../models/model-registry';
import { argumentsOf, callAsMember, type ToolResult } from './call-as-member';
import { toolDescription, type ToolDef, type ToolEffect } from './catalogue';
import { TOOLS } from './tools.messages';

export const MAX_TURNS = 5;
export const MAX_TOOL_CALLS = 10;

/** One tool call the model made, as the answer and the receipt show it. */
export interface ToolCallRecord {
  /** Its ai/toolCall row. */
  id: number;
  name: string;
  input: Record<string, unknown> | null;
  effect: ToolEffect | null;
  /** Run (a read), proposed (a write, waiting for the member), or not run (unknown tool, bad arguments, too many calls). */
  outcome: 'ran' | 'proposed' | 'refused';
  /** The data it answered (a read that succeeded). */
  result?: unknown;
  /** Why it failed or was refused. */
  error?: { code: number; status: number; message: string; data?: unknown };
  ms: number;
}

/** A write the model proposed: it runs when the asker confirms ai/tool/confirm { id }. */
export interface Proposal {
  id: number;
  tool: string;
  input: Record<string, unknown>;
  description: string;
}

export interface ToolLoopInput {
  chosen: ChosenModel;
  messages: LlmMessage[];
  params?: LlmRequest['params'];
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
  /** The tools offered (catalogue.ts toolsFor). Empty: one plain answer. */
  tools: ToolDef[];
  /** The member who asked: every tool runs as them. */
  asker: AuthUser;
  /** The language of tool descriptions and of the messages results carry (default en). */
  lang?: Lang;
  /** Where the calls are recorded (ai/toolCall rows): the AI member, its run and conversation. */
  place: { aiUserId: number; runId?: number | null; conversation?: string | null };
  /** Told before each tool runs or is proposed, so the chat can show "calling X". */
  onStep?: (step: { kind: 'tool'; name: string; effect: ToolEffect | null }) => void;
  /**
   * Told the usage of each model turn as it ends: when a later turn fails or the answer is stopped
   * (the loop then rejects with that turn's error), what the earlier turns used is known to charge.
   */
  onTurn?: (turn: { turn: number; usage: LlmUsage; usageEstimated: boolean }) => void;
  maxTurns?: number;
  maxCalls?: number;
}

export interface ToolLoopResult {
  /** The last turn's answer, with the text of every turn and the usage summed over them. */
  answer: LlmAnswer;
  /** The model that answered the last turn (the chosen one or its fallback). */
  used: ChosenModel;
  /** How many times the model was asked. */
  turns: number;
  calls: ToolCallRecord[];
  proposals: Proposal[];
}

const toolCalls = (core: Core) => entity(core.model, 'ai/toolCall');

function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    cachedTokens: a.cachedTokens + b.cachedTokens,
  };
}

/** What the model reads back for one call: always a JSON object, the result's data or the refusal. */
function toolMessage(r: ToolResult | { proposed: Proposal; message: string }): string {
  if ('proposed' in r) return JSON.stringify({ ok: true, proposed: true, proposalId: r.proposed.id, message: r.message });
  if (r.ok) return JSON.stringify({ ok: true, data: r.data });
  return JSON.stringify({ ok: false, code: r.code, status: r.status, message: r.message, ...(r.data !== undefined ? { fields: r.data } : {}) });
}

function stateOf(r: ToolResult): number {
  if (r.ok) return TOOL_CALL_STATE.done;
  return r.status === 401 || r.status === 403 ? TOOL_CALL_STATE.refused : TOOL_CALL_STATE.failed;
}

async function record(core: Core, row: Record<string, unknown>): Promise<number> {
  return core.ops.transaction(SYSTEM, (tx) => tx.addOne(toolCalls(core), row));
}

/** Runs the model with tools until it answers (see the top of this file). */
export async function runWithTools(core: Core, input: ToolLoopInput): Promise<ToolLoopResult> {
  const lang = input.lang ?? 'en';
  const maxTurns = Math.max(1, input.maxTurns ?? MAX_TURNS);
  const maxCalls = Math.max(0, input.maxCalls ?? MAX_TOOL_CALLS);
  const offered = new Map(input.tools.map((x) => [x.name, x]));
  const wire = input.tools.map((x) => ({ name: x.name, description: toolDescription(x, lang), parameters: x.parameters }));
  const messages = [...input.messages];
  const calls: ToolCallRecord[] = [];
  const proposals: Proposal[] = [];
  const base = { runId: input.place.runId ?? null, conversation: input.place.conversation ?? null, askerId: input.asker.id, aiUserId: input.place.aiUserId };
  let text = '';
  let usage: LlmUsage = { promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
  let estimated = false;
  let count = 0;
  for (let turn = 1; ; turn++) {
    const last = turn >= maxTurns || !wire.length;
    let turnText = '';
    const onDelta = (piece: string) => {
      // A blank line between one turn's text and the next, streamed like the rest.
      if (!turnText && text) input.onDelta?.('\n\n');
      turnText += piece;
      input.onDelta?.(piece);
    };
    const { answer, used } = await askWithFallback(input.chosen, {
      messages,
      params: input.params,
      signal: input.signal,
      onDelta,
      ...(last ? {} : { tools: wire }),
    });
    usage = addUsage(usage, answer.usage);
    estimated ||= answer.usageEstimated === true;
    input.onTurn?.({ turn, usage: answer.usage, usageEstimated: answer.usageEstimated === true });
    if (turnText) text = text ? `${text}\n\n${turnText}` : turnText;
    const asked = last ? [] : (answer.toolCalls ?? []);
    if (!asked.length) {
      return { answer: { ...answer, text, usage, ...(estimated ? { usageEstimated: true } : {}) }, used, turns: turn, calls, proposals };
    }
    messages.push({ role: 'assistant', content: turnText, toolCalls: asked });
    for (const call of asked) {
      // Stopped: no further tool runs; the next ask rejects at once with the adapter's `aborted`.
      if (input.signal?.aborted) break;
      const content = await oneCall(core, input, call, { offered, lang, base, calls, proposals, over: ++count > maxCalls });
      messages.push({ role: 'tool', toolCallId: call.id, content });
    }
  }
}

interface CallContext {
  offered: Map<string, ToolDef>;
  lang: Lang;
  base: { runId: number | null; conversation: string | null; askerId: number; aiUserId: number };
  calls: ToolCallRecord[];
  proposals: Proposal[];
  /** Past the limit of calls in one answer: not run. */
  over: boolean;
}

/** Runs, proposes or refuses one call; answers the tool message for the model. */
async function oneCall(core: Core, input: ToolLoopInput, call: LlmToolCall, c: CallContext): Promise<string> {
  const started = performance.now();
  const tool = c.offered.get(call.name) ?? null;
  const args = argumentsOf(call.arguments);
  const name = call.name.slice(0, 64);
  const refuse = async (r: ToolResult & { ok: false }): Promise<string> => {
    const id = await record(core, { ...c.base, tool: name, input: args ?? {}, effect: tool?.effect ?? 'read', state: TOOL_CALL_STATE.refused, result: r });
    c.calls.push({ id, name, input: args, effect: tool?.effect ?? null, outcome: 'refused', error: r, ms: performance.now() - started });
    return toolMessage(r);
  };
  if (c.over) return refuse({ ok: false, code: 1001, status: 429, message: t(c.lang, TOOLS.ai_tool_too_many) });
  if (!tool) return refuse({ ok: false, code: 1001, status: 404, message: t(c.lang, TOOLS.ai_tool_not_offered, { name }) });
  if (!args) {
    const message = t(c.lang, TOOLS.ai_tool_bad_arguments, { name });
    return refuse({ ok: false, code: 1002, status: 400, message, data: [{ field: '', rule: 'type', message }] });
  }
  input.onStep?.({ kind: 'tool', name: tool.name, effect: tool.effect });
  if (tool.effect === 'write') {
    const id = await record(core, { ...c.base, tool: tool.name, input: args, effect: 'write', state: TOOL_CALL_STATE.pending });
    const proposal: Proposal = { id, tool: tool.name, input: args, description: tool.description[c.lang] || tool.description.en };
    c.proposals.push(proposal);
    c.calls.push({ id, name: tool.name, input: args, effect: 'write', outcome: 'proposed', ms: performance.now() - started });
    return toolMessage({ proposed: proposal, message: t(c.lang, TOOLS.ai_tool_proposed) });
  }
  const r = await callAsMember(core, input.asker, tool.name, args, { lang: c.lang, tool });
  const id = await record(core, { ...c.base, tool: tool.name, input: args, effect: 'read', state: stateOf(r), result: r });
  c.calls.push({
    id,
    name: tool.name,
    input: args,
    effect: 'read',
    outcome: 'ran',
    ...(r.ok ? { result: r.data } : { error: r }),
    ms: performance.now() - started,
  });
  return toolMessage(r);
}
