/**
 * Conversations and the checks of what a chat call is given. A message goes to a user
 * (`toType` 0) or a group (`toType` 1); the conversation key names the chat both sides share:
 * `g:{groupId}`, or `p:{lowId}:{highId}` for two users, so A->B and B->A number their messages in
 * one sequence. Nothing here reads the database.
 */
import { fail, type InvalidField } from '../../../core/http/errors';

export type ToType = 0 | 1;

export interface Target {
  toType: ToType;
  toId: number;
}

/**
 * `type` of a message. 0 text (the default when a client sends none) and 9 a team notice, which
 * only message/sendTeamNotice writes; 20, 21 and 22 are an AI run's request, answer and error,
 * which only the AI module writes (clients render them as the app's or the AI member's, so a member
 * must not be able to post one). Every other whole number from 0 to 99 is left to the clients
 * (images, files, cards...): the server stores it and does not interpret it.
 */
export const MESSAGE_TYPE = { text: 0, notice: 9 } as const;
/** Types no client may send: the AI runs' messages (ai/run-messages.ts RUN_MESSAGE_TYPE). */
const SERVER_ONLY_TYPES = new Set([20, 21, 22]);
const MAX_TYPE = 99;

/**
 * Limits the spec leaves open, decided here:
 * - content: at most 10,000 characters of its JSON text (a long text message, or a small card);
 *   files travel as upload URLs, never inside a message.
 * - at: at most 50 mentioned users per message.
 * - clientId: 1 to 64 characters (a UUID fits), unique per sender.
 * - history: 50 messages a page by default, 200 at most, also per conversation in `sync`; one
 *   `sync` asks about at most 100 conversations.
 */
export const LIMITS = { contentChars: 10_000, mentions: 50, clientIdChars: 64, pageSize: 50, maxPageSize: 200, syncConversations: 100 } as const;

export function conversationKey(fromId: number, t: Target): string {
  return t.toType === 1 ? `g:${t.toId}` : `p:${Math.min(fromId, t.toId)}:${Math.max(fromId, t.toId)}`;
}

/** The conversation as `userId` names it: the group, or the other user of a private chat. */
export function targetOf(conversation: string, userId: number): Target | null {
  const g = /^g:(\d+)$/.exec(conversation);
  if (g) return { toType: 1, toId: Number(g[1]) };
  const p = /^p:(\d+):(\d+)$/.exec(conversation);
  if (!p) return null;
  const [a, b] = [Number(p[1]), Number(p[2])];
  return { toType: 0, toId: a === userId ? b : a };
}

/** Collects every bad field of a body, then refuses with one 1002 that lists them all. */
export class FieldErrors {
  readonly list: InvalidField[] = [];

  add(field: string, rule: string, params: Record<string, string | number> = {}): void {
    this.list.push({ field, rule, params });
  }

  has(field: string): boolean {
    return this.list.some((e) => e.field === field);
  }

  throwIfAny(): void {
    if (this.list.length) throw fail.invalid(this.list);
  }
}

/** The body as an object; anything else is a 1002 on `(body)`. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw fail.invalid([{ field: '(body)', rule: 'type', params: { type: 'object' } }]);
  }
  return body as Record<string, unknown>;
}

/** A whole number in [min, max]; absent gives `fallback` (or a `required` error when there is none). */
export function intField(errors: FieldErrors, body: Record<string, unknown>, name: string, min: number, max: number, fallback?: number): number {
  const v = body[name];
  if (v === undefined || v === null) {
    if (fallback === undefined) errors.add(name, 'required');
    return fallback ?? 0;
  }
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    errors.add(name, 'type', { type: 'integer' });
    return 0;
  }
  if (v < min || v > max) errors.add(name, 'range');
  return v;
}

/** `toType` (0 or 1) and `toId` (a positive id) of a body. */
export function parseTarget(errors: FieldErrors, body: Record<string, unknown>, prefix = ''): Target {
  const toType = body.toType;
  if (toType !== 0 && toType !== 1) {
    if (toType === undefined || toType === null) errors.add(`${prefix}toType`, 'required');
    else errors.add(`${prefix}toType`, 'enum', { values: '0, 1' });
  }
  const toId = body.toId;
  if (toId === undefined || toId === null) errors.add(`${prefix}toId`, 'required');
  else if (typeof toId !== 'number' || !Number.isSafeInteger(toId) || toId < 1) errors.add(`${prefix}toId`, 'type', { type: 'positive integer' });
  return { toType: toType === 1 ? 1 : 0, toId: typeof toId === 'number' ? toId : 0 };
}

export interface MessageInput extends Target {
  type: number;
  content: unknown;
  at: number[];
  clientId: string | null;
  /** Fields stored as given (the entity's own validation checks them): relateId, appId, extraInfo, platform. */
  extra: Record<string, unknown>;
}

const PASSED_ON = ['relateId', 'appId', 'extraInfo', 'platform'];
const PARSED = ['toType', 'toId', 'type', 'content', 'at', 'clientId'];
/** Sent by clients that echo a stored message back; ignored, as read-only fields are (ARCHITECTURE §3). */
const IGNORED = ['id', 'fromId', 'seq', 'conversation', 'status', 'createTime', 'updateTime'];

/** The JSON text of a content value, or null when it is not JSON (a function, a cycle...). */
function jsonText(v: unknown): string | null {
  try {
    return JSON.stringify(v) ?? null;
  } catch {
    return null;
  }
}

/** Checks a message to send; every problem is listed in one 1002. */
export function parseMessage(body: unknown, opts: { allowNotice?: boolean } = {}): MessageInput {
  const b = bodyObject(body);
  const errors = new FieldErrors();
  const target = parseTarget(errors, b);
  const type = intField(errors, b, 'type', 0, MAX_TYPE, MESSAGE_TYPE.text);
  if (type === MESSAGE_TYPE.notice && !opts.allowNotice && !errors.has('type')) errors.add('type', 'invalid');
  if (SERVER_ONLY_TYPES.has(type) && !errors.has('type')) errors.add('type', 'invalid');
  const content = b.content;
  if (content === undefined || content === null || content === '') errors.add('content', 'required');
  else {
    const text = jsonText(content);
    if (text === null) errors.add('content', 'invalid');
    else if (text.length > LIMITS.contentChars) errors.add('content', 'max_length', { limit: LIMITS.contentChars });
  }
  let at: number[] = [];
  if (b.at !== undefined && b.at !== null) {
    if (!Array.isArray(b.at) || b.at.some((x) => typeof x !== 'number' || !Number.isSafeInteger(x) || x < 1)) errors.add('at', 'type', { type: 'list of user ids' });
    else if (b.at.length > LIMITS.mentions) errors.add('at', 'range');
    else at = [...new Set(b.at as number[])];
  }
  let clientId: string | null = null;
  if (b.clientId !== undefined && b.clientId !== null) {
    if (typeof b.clientId !== 'string') errors.add('clientId', 'type', { type: 'string' });
    else if (b.clientId.length < 1 || b.clientId.length > LIMITS.clientIdChars) errors.add('clientId', 'length', { min: 1, max: LIMITS.clientIdChars });
    else clientId = b.clientId;
  }
  const extra: Record<string, unknown> = {};
  for (const k of Object.keys(b)) {
    if (PASSED_ON.includes(k)) extra[k] = b[k];
    else if (!PARSED.includes(k) && !IGNORED.includes(k)) errors.add(k, 'unknown');
  }
  errors.throwIfAny();
  return { ...target, type, content, at, clientId, extra };
}
