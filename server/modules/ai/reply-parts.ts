/**
 * What an AI member's reply takes from the group's knowledge and its tools (issue 41), for
 * ai-reply-run.ts: the excerpts that match the question and where they go in the prompt, the
 * sources an answer cites, the tools its settings give it, and how the answer keeps its calls and
 * proposals. Each read that fails is logged and the reply goes on without it.
 */
import type { Core } from '../../core/api';
import type { LlmMessage } from '../../adapters/llm.adapter';
import { textOf } from './ai-context';
import type { ReplyAsk } from './ai-reply-run';
import type { TailMessage } from './ai-reply.queries';
import { citationsOf, retrieveKnowledge, RETRIEVAL, type Citation } from './knowledge/retrieve';
import type { ChosenModel } from './models/model-registry';
import { memberActor } from './run-messages';
import type { ToolDef } from './tools/catalogue';
import { boundResult } from './tools/call-as-member';
import type { ToolLoopResult } from './tools/run-with-tools';
import { aiMemberTools } from './tools/tool-selection';

/** The most the excerpts of the group's knowledge add to a prompt, in tokens (their characters at four a token, and their framing). */
export const KNOWLEDGE_TOKENS = Math.ceil((RETRIEVAL.maxChars + 1000) / 4);

/**
 * The excerpts of the group's files and of the conversation's messages that match the message being
 * answered, as its asker may read them (knowledge/retrieve.ts). A message the model is given anyway, as
 * one of the conversation's last turns, is never an excerpt too (it would be paid for twice, and whether
 * it had been indexed yet would change the prompt). A failure to read them is logged and the AI member
 * answers without them.
 */
export async function knowledgeFor(core: Core, ask: ReplyAsk, tail: TailMessage[]): Promise<Citation[]> {
  const asking = tail.find((m) => m.id === ask.trigger.id) ?? tail[0];
  const question = asking ? textOf(asking.content).trim() : '';
  if (!question) return [];
  try {
    return await retrieveKnowledge(core, {
      groupId: ask.groupId,
      conversation: ask.conversation,
      asker: memberActor(ask.payerId),
      question,
      excludeMessageIds: [ask.trigger.id, ...tail.map((m) => m.id)],
    });
  } catch (err) {
    console.error(`[ai] the knowledge of ${ask.conversation} could not be read for message ${ask.trigger.id}: ${(err as Error).message}`);
    return [];
  }
}

/** The excerpts go in after the system prompt and the summary (the leading system messages), before the turns. */
export function withKnowledge(messages: LlmMessage[], excerpts: LlmMessage | null): LlmMessage[] {
  if (!excerpts) return messages;
  let at = 0;
  while (at < messages.length && messages[at].role === 'system') at++;
  return [...messages.slice(0, at), excerpts, ...messages.slice(at)];
}

/**
 * The stored answer: its text, with the sources it cites by number (`[n]`, as knowledgePrompt
 * numbered them) when it cites any; a source it was given but did not cite is not claimed.
 */
export function answerContent(text: string, citations: readonly Citation[]): string | { text: string; sources: ReturnType<typeof citationsOf> } {
  if (!citations.length) return text;
  const cited = new Set([...text.matchAll(/\[(\d{1,2})\]/g)].map((m) => Number(m[1])));
  const sources = citationsOf(citations).filter((c) => cited.has(c.n));
  return sources.length ? { text, sources } : text;
}

/** The most model turns of an answer with tools (the loop's limit, and what a reservation priced by use covers). */
export const TOOL_TURNS = 3;

/** The tools the AI member's settings give it, when it answers a member (not a system run) and its model takes tools. */
export async function toolsOffered(core: Core, ask: ReplyAsk, chosen: ChosenModel): Promise<ToolDef[]> {
  if (!ask.asker) return [];
  // A registry model says what it takes; the environment's model is asked as configured.
  const caps = chosen.row?.capabilities;
  if (Array.isArray(caps) && caps.length && !caps.includes('tools')) return [];
  try {
    return await aiMemberTools(core, ask.ai.config);
  } catch (err) {
    console.error(`[ai] the tools of AI member ${ask.ai.id} could not be read: ${(err as Error).message}`);
    return [];
  }
}

/** Longest result of one tool call kept in the stored answer (the whole is on its ai/toolCall row). */
const SHOWN_RESULT_CHARS = 2000;

/**
 * The stored answer with the tools it used (`tools`: name, input, outcome, result or error) and
 * the writes it proposed (`proposals`, pending until the asker confirms one), for the chat to show.
 */
export function withTools(content: ReturnType<typeof answerContent>, run: ToolLoopResult | null, askerId: number): unknown {
  if (!run || (!run.calls.length && !run.proposals.length)) return content;
  const base = typeof content === 'string' ? { text: content } : content;
  return {
    ...base,
    tools: run.calls.map((c) => ({
      id: c.id,
      name: c.name,
      input: c.input,
      effect: c.effect,
      outcome: c.outcome,
      ...(c.result !== undefined ? { result: boundResult(c.result, SHOWN_RESULT_CHARS) } : {}),
      ...(c.error ? { error: { code: c.error.code, status: c.error.status, message: c.error.message } } : {}),
      ms: c.ms,
    })),
    proposals: run.proposals.map((p) => ({ ...p, state: 'pending', askerId })),
  };
}
