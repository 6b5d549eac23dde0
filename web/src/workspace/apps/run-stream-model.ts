/**
 * The live answers of AI runs, built from the server's `delta` notices (pure, no socket, no React).
 * A sync run streams its answer as `notice { kind: 'delta', data: { runId, conversation, index,
 * text } }` (index counting from 0), then stores it: the answer message (type 21) or, when the run
 * failed, an error message (type 22), each naming the run in `relateId`. That stored message
 * replaces the live text; deltas are never stored, so a reader who missed some gets the stored answer.
 *
 *   const acc = new StreamAccumulator();
 *   acc.add(1, 'lo'); acc.add(0, 'Hel');   // out of order: 'Hel' + 'lo'
 *   acc.view().text                         // 'Hello'
 *
 * Decisions the contract leaves open:
 * - A piece is placed by its index, whatever the order it came in; a repeated index is ignored
 *   (the first text wins), so a duplicate notice changes nothing.
 * - Missing pieces are shown as a gap (GAP), never waited for: a reader who opened the chat in the
 *   middle of an answer (first index > 0), or lost some pieces to a reconnect, still sees the rest
 *   live; the stored answer fills everything in when it comes.
 * - Once a run's final message is known its deltas are ignored, late or repeated ones included.
 * - A stream holds at most MAX_STREAM_CHARS characters: more is a misbehaving server, not an answer
 *   worth keeping in memory twice (the stored message carries it anyway).
 */
import type { ChatMessage } from '../../app/socket';

/** Message types of a run in its conversation (server: base/ai/run-messages.ts). */
export const RUN_MESSAGE_TYPE = { request: 20, answer: 21, error: 22 } as const;
/**
 * The run whose receipt a stored answer or error (types 21, 22) links to for this reader; 0 for
 * none. An app run's messages are stored as its payer's (`mine`); an AI member's reply as the AI
 * member's (`fromAi`), whose payer the message does not name, so the server's 404 decides there.
 */
export function receiptRunOf(m: Pick<ChatMessage, 'type'> & { relateId?: unknown }, mine: boolean, fromAi: boolean): number {
  const type = Number(m.type);
  if (type !== RUN_MESSAGE_TYPE.answer && type !== RUN_MESSAGE_TYPE.error) return 0;
  const runId = Number(m.relateId);
  return Number.isSafeInteger(runId) && runId > 0 && (mine || fromAi) ? runId : 0;
}

/** Shown where pieces of a live answer are missing. */
export const GAP = '…';
export const MAX_STREAM_CHARS = 200_000;

export interface Delta {
  runId: number;
  /** The server's conversation key: `g:{groupId}` or `p:{low}:{high}`. */
  conversation: string;
  index: number;
  text: string;
  /** The AI member answering (an AI member's reply); absent for an app run. */
  fromId?: number;
}

/** What an AI member is doing before its text comes (the server's REPLY_PHASE). */
export type ReplyPhase = 'thinking' | 'reading' | 'calling';

/** A run's start before its first piece (`start: true`): who is thinking, where. */
export interface DeltaStart {
  runId: number;
  conversation: string;
  fromId?: number;
  phase?: ReplyPhase;
  /** The tool a `calling` phase names. */
  tool?: string;
  /** An AI member's reply: the chain it is a step of, and the member who asked (who may stop it). */
  chainId?: number;
  payerId?: number;
}

/** A later change of phase (`phase` without `start` or text). */
export interface DeltaPhase {
  runId: number;
  conversation: string;
  phase: ReplyPhase;
  tool?: string;
}

const PHASES: readonly string[] = ['thinking', 'reading', 'calling'];
const phaseOf = (v: unknown): ReplyPhase | undefined => (typeof v === 'string' && PHASES.includes(v) ? (v as ReplyPhase) : undefined);
const toolOf = (v: unknown): string | undefined => (typeof v === 'string' && v ? v.slice(0, 80) : undefined);

const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The delta in a notice's data, or null when it is not one (a malformed notice is dropped, not thrown). */
export function readDelta(data: unknown): Delta | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (!positiveInt(d.runId) || typeof d.conversation !== 'string' || !d.conversation) return null;
  if (typeof d.index !== 'number' || !Number.isSafeInteger(d.index) || d.index < 0 || typeof d.text !== 'string') return null;
  return { runId: d.runId, conversation: d.conversation, index: d.index, text: d.text, ...(positiveInt(d.fromId) ? { fromId: d.fromId } : {}) };
}

/** The start notice in a delta notice's data, or null when it is not one. */
export function readStart(data: unknown): DeltaStart | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (d.start !== true || !positiveInt(d.runId) || typeof d.conversation !== 'string' || !d.conversation) return null;
  const phase = phaseOf(d.phase);
  const tool = toolOf(d.tool);
  return {
    runId: d.runId,
    conversation: d.conversation,
    ...(positiveInt(d.fromId) ? { fromId: d.fromId } : {}),
    ...(phase ? { phase } : {}),
    ...(tool ? { tool } : {}),
    ...(positiveInt(d.chainId) ? { chainId: d.chainId } : {}),
    ...(positiveInt(d.payerId) ? { payerId: d.payerId } : {}),
  };
}

/** A change of phase in a delta notice's data, or null when it is not one. */
export function readPhase(data: unknown): DeltaPhase | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const phase = phaseOf(d.phase);
  if (d.start === true || !phase || !positiveInt(d.runId) || typeof d.conversation !== 'string' || !d.conversation || 'index' in d) return null;
  const tool = toolOf(d.tool);
  return { runId: d.runId, conversation: d.conversation, phase, ...(tool ? { tool } : {}) };
}

/** The run a stored message ends (an answer or an error of a run), or null for any other message. */
export function finalRunOf(m: Pick<ChatMessage, 'type'> & { relateId?: unknown; content?: unknown }): { runId: number; ok: boolean } | null {
  const type = Number(m.type);
  if (type !== RUN_MESSAGE_TYPE.answer && type !== RUN_MESSAGE_TYPE.error) return null;
  const rel = Number(m.relateId);
  const fromContent = m.content && typeof m.content === 'object' ? Number((m.content as Record<string, unknown>).runId) : NaN;
  const runId = positiveInt(rel) ? rel : positiveInt(fromContent) ? fromContent : null;
  return runId === null ? null : { runId, ok: type === RUN_MESSAGE_TYPE.answer };
}

/** Where a run the dialog started stands: before any word (queued for an async app), answering, or ended. */
export type RunPhase = 'queued' | 'waiting' | 'live' | 'done' | 'failed';

export function runPhase(isAsync: boolean, streaming: boolean, final: Parameters<typeof finalRunOf>[0] | null): RunPhase {
  if (final) return finalRunOf(final)?.ok ? 'done' : 'failed';
  if (streaming) return 'live';
  return isAsync ? 'queued' : 'waiting';
}

/** The server's key of a conversation as seen by member `me` (chat module: conversationKey). */
export function conversationKeyOf(me: number, target: { toType: number; toId: number }): string {
  return target.toType === 1 ? `g:${target.toId}` : `p:${Math.min(me, target.toId)}:${Math.max(me, target.toId)}`;
}

/** What a screen shows of a live answer. */
export interface StreamView {
  text: string;
  /** Pieces before the first one held are missing (the reader came in late). */
  startsLate: boolean;
  /** Every piece from 0 to the last one held is there. */
  complete: boolean;
  pieces: number;
}

/** One run's pieces, placed by index. */
export class StreamAccumulator {
  private readonly pieces = new Map<number, string>();
  /** Held indexes, ascending. */
  private readonly order: number[] = [];
  private chars = 0;
  /** The assembled text while pieces only ever came after the last one; null once it must be rebuilt. */
  private joined: string | null = '';

  /** Adds a piece; false when it changes nothing (a repeated index, or the stream is full). */
  add(index: number, text: string): boolean {
    if (this.pieces.has(index) || this.chars + text.length > MAX_STREAM_CHARS) return false;
    this.pieces.set(index, text);
    this.chars += text.length;
    const last = this.order.at(-1);
    if (last === undefined || index > last) {
      this.order.push(index);
      if (this.joined !== null) this.joined += (last === undefined ? (index > 0 ? GAP : '') : index > last + 1 ? GAP : '') + text;
    } else {
      // Out of order: insert in place and rebuild the text on the next view.
      let at = this.order.length;
      while (at > 0 && this.order[at - 1] > index) at--;
      this.order.splice(at, 0, index);
      this.joined = null;
    }
    return true;
  }

  view(): StreamView {
    if (this.joined === null) {
      let out = '';
      let prev: number | undefined;
      for (const i of this.order) {
        if (prev === undefined ? i > 0 : i > prev + 1) out += GAP;
        out += this.pieces.get(i);
        prev = i;
      }
      this.joined = out;
    }
    const last = this.order.at(-1);
    const startsLate = this.order.length > 0 && this.order[0] > 0;
    return { text: this.joined, startsLate, complete: last === undefined || last + 1 === this.order.length, pieces: this.order.length };
  }
}
