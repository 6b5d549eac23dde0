/**
 * What an AI member is told when it answers in a chat: its system prompt, then the recent
 * conversation, within a token budget. Nothing here reads the database or the clock.
 *
 * Decisions the issue leaves open:
 * - Tokens are estimated at four characters each (no tokenizer: it differs per model, and the budget
 *   is a guard, not a bill; the bill is the AI member's fixed cost).
 * - The budget (AI_CONTEXT_TOKENS, default 3000) counts the system prompt and the turns. The system
 *   prompt is always kept, and so is the newest turn (the message being answered), whatever their
 *   size: an answer without its question is no answer. Older turns are added, newest first, while
 *   they fit; the first one that does not fit ends the context (the oldest turns are dropped, never
 *   a turn from the middle). Replies in chat now use memory/memory-context.ts, which keeps these
 *   rules and adds the conversation's summary of the dropped turns (issue 41).
 * - The AI member's own earlier messages are `assistant` turns; everyone else's (people, other AI
 *   members, app runs) are `user` turns prefixed with the sender's name ("Ann: ..."), so the model
 *   can tell the speakers of a group apart. Error messages (type 22) are left out: they are notices
 *   about the chat, not part of it.
 */
import type { LlmMessage } from '../../adapters/llm.adapter';
import { RUN_MESSAGE_TYPE } from './run-messages';
import type { TailMessage } from './ai-reply.queries';

export const DEFAULT_CONTEXT_TOKENS = 3000;
/** The most recent messages read for a context, whatever the budget. */
export const CONTEXT_MESSAGES = 200;

/** AI_CONTEXT_TOKENS as a positive whole number, else the default. */
export function contextBudget(env: Record<string, string | undefined>): number {
  const n = Number(env.AI_CONTEXT_TOKENS);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_CONTEXT_TOKENS;
}

/** About four characters a token, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The text of a message's content: a string, `content.text`, else its JSON. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content && typeof content === 'object' && typeof (content as { text?: unknown }).text === 'string') return (content as { text: string }).text;
  if (content === null || content === undefined) return '';
  try {
    return JSON.stringify(content) ?? '';
  } catch {
    return '';
  }
}

export interface ContextInput {
  /** The AI member's system prompt, if it has one. */
  system: string | null;
  /** The conversation's latest messages, newest first. */
  tail: TailMessage[];
  /** The AI member that answers. */
  aiUserId: number;
  /** Tokens for the whole prompt. */
  budget: number;
}

/** The model's messages: the system prompt, then the turns that fit, oldest first. */
export function buildContext(c: ContextInput): LlmMessage[] {
  let used = c.system ? estimateTokens(c.system) : 0;
  const turns: LlmMessage[] = [];
  for (const m of c.tail) {
    if (m.type === RUN_MESSAGE_TYPE.error) continue;
    const text = textOf(m.content).trim();
    if (!text) continue;
    const own = m.fromId === c.aiUserId;
    const turn: LlmMessage = own ? { role: 'assistant', content: text } : { role: 'user', content: `${m.name}: ${text}` };
    const cost = estimateTokens(turn.content);
    if (turns.length && used + cost > c.budget) break;
    used += cost;
    turns.push(turn);
  }
  turns.reverse();
  return c.system ? [{ role: 'system', content: c.system }, ...turns] : turns;
}
