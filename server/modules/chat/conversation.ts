/**
 * Conversations and the checks of what a chat call is given. A message goes to a user
 * (`toType` 0) or a group (`toType` 1); the conversation key names the chat both sides share:
 * `g:{groupId}`, or `p:{lowId}:{highId}` for two users, so A->B and B->A number their messages in
 * one sequence. The inputs of the chat's calls are shapes (core/calls/input.ts): the HTTP calls
 * declare them (message.routes.ts) and the socket's events read their payloads by the same shapes,
 * so each rule of an input is said once. Nothing here reads the database.
 */
import { fail, type InvalidField, ABSENT, BAD, field, id, int, oneOf, raw, readShape, type Field, type Input, type Reading, type Shape } from '../../core/api';

export type ToType = 0 | 1;

export interface Target {
  toType: ToType;
  toId: number;
}

/**
 * `type` of a message. 0 text (the default when a client sends none) and 9 a team notice, which
 * only message/sendTeamNotice writes; 20, 21 and 22 are an AI run's request, answer and error,
 * which only the AI module writes (clients render them as the app's or the AI member's, so a member
 * must not be able to post one). 1 is an image and 2 a file of the file space (their content names
 * the file: chat-files.ts checks it). Every other whole number from 0 to 99 is left to the clients
 * (cards...): the server stores it and does not interpret it.
 */
export const MESSAGE_TYPE = { text: 0, image: 1, file: 2, notice: 9 } as const;
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

/** `toType` (0 or 1) and `toId` (a positive id) of a body (the socket's sync names them `since.{i}.`). */
export function parseTarget(errors: FieldErrors, body: Record<string, unknown>, prefix = ''): Target {
  const t = readShape(TARGET, { toType: body.toType, toId: body.toId }, { at: prefix, errors: errors.list, query: false }, true);
  return { toType: t.toType === 1 ? 1 : 0, toId: t.toId ?? 0 };
}

export interface MessageInput extends Target {
  type: number;
  content: unknown;
  at: number[];
  clientId: string | null;
  /** The message it answers (same conversation; checked by the send path). */
  replyTo: number | null;
  /** Fields stored as given (the entity's own validation checks them): relateId, appId, extraInfo, platform. */
  extra: Record<string, unknown>;
}

const PASSED_ON = ['relateId', 'appId', 'extraInfo', 'platform'] as const;
/** Sent by clients that echo a stored message back; ignored, as read-only fields are (docs/reference/api.md). */
export const MESSAGE_IGNORED = ['id', 'fromId', 'seq', 'conversation', 'status', 'createTime', 'updateTime'];

/** The JSON text of a content value, or null when it is not JSON (a function, a cycle...). */
function jsonText(v: unknown): string | null {
  try {
    return JSON.stringify(v) ?? null;
  } catch {
    return null;
  }
}

function refuse(r: Reading, rule: string, params: Record<string, string | number> = {}): typeof BAD {
  r.errors.push({ field: r.at, rule, params });
  return BAD;
}

/** `f`, which a client may also send as null to mean absent (required: a `required` error). */
function orNull<T>(f: Field<T, false>): Field<T, false> {
  const schema = { ...f.schema, type: [f.schema.type, 'null'] };
  return field(schema, (v, r) => (v === null ? (r.optional ? ABSENT : refuse(r, 'required')) : f.read(v, r)));
}

/** A whole number in [min, max] (null: absent, or `required`). */
const whole = (min: number, max: number) => orNull(int({ min, max }));

const MAX_SEQ = 2 ** 31 - 1;

/** A conversation: `toType` 0 (a user) or 1 (a group), and `toId` the user or the group. */
export const TARGET = { toType: oneOf([0, 1] as const), toId: id() };

/** A message's content: any JSON value, at most LIMITS.contentChars characters of JSON text. */
const CONTENT = field<unknown>({ description: `any JSON value, at most ${LIMITS.contentChars} characters as JSON text` }, (v, r) => {
  if (v === null || v === '') return refuse(r, 'required');
  const text = jsonText(v);
  if (text === null) return refuse(r, 'invalid');
  return text.length > LIMITS.contentChars ? refuse(r, 'max_length', { limit: LIMITS.contentChars }) : v;
});

/** The sender's idempotency key: 1 to LIMITS.clientIdChars characters, unique per sender. */
const CLIENT_ID = field<string>({ type: ['string', 'null'], minLength: 1, maxLength: LIMITS.clientIdChars }, (v, r) => {
  if (v === null) return ABSENT;
  if (typeof v !== 'string') return refuse(r, 'type', { type: 'string' });
  return v.length < 1 || v.length > LIMITS.clientIdChars ? refuse(r, 'length', { min: 1, max: LIMITS.clientIdChars }) : v;
}).optional();

/** Mentioned user ids (at most LIMITS.mentions; repeats dropped). */
const MENTIONS = field<number[]>({ type: ['array', 'null'], items: { type: 'integer', minimum: 1 }, maxItems: LIMITS.mentions }, (v, r) => {
  if (v === null) return ABSENT;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number' || !Number.isSafeInteger(x) || x < 1)) return refuse(r, 'type', { type: 'list of user ids' });
  return v.length > LIMITS.mentions ? refuse(r, 'range') : [...new Set(v as number[])];
}).optional();

/** A message to send (message/add, the socket's sendMessage). */
export const MESSAGE_INPUT = {
  ...TARGET,
  type: whole(0, MAX_TYPE).optional(),
  content: CONTENT,
  at: MENTIONS,
  clientId: CLIENT_ID,
  replyTo: orNull(id()).optional(),
  relateId: raw({ type: ['integer', 'null'] }).optional(),
  appId: raw({ type: ['integer', 'null'] }).optional(),
  extraInfo: raw({ description: 'any JSON value' }).optional(),
  platform: raw({ type: ['string', 'null'] }).optional(),
};

/** A page of one conversation (message/messageList). */
export const PAGE_INPUT = {
  ...TARGET,
  size: whole(1, LIMITS.maxPageSize).optional(),
  afterSeq: whole(0, MAX_SEQ).optional(),
  beforeSeq: whole(1, MAX_SEQ).optional(),
};

/** A read mark (message/read, the socket's read). */
export const READ_INPUT = { ...TARGET, seq: whole(0, MAX_SEQ) };

/** A team notice (message/sendTeamNotice). */
export const NOTICE_INPUT = { groupId: id(), content: CONTENT, clientId: CLIENT_ID };

/** Reads a payload by `shape` (a socket event's, or a call's input again); one 1002 lists every bad field. */
export function readInput<S extends Shape>(shape: S, body: unknown, ignored: readonly string[] = []): Input<S> {
  const errors: InvalidField[] = [];
  const out = readShape(shape, bodyObject(body), { at: '', errors, query: false }, false, ignored);
  if (errors.length) throw fail.invalid(errors);
  return out;
}

/** A type a message may not have: a notice (unless `allowNotice`), or an AI run's. */
export function messageTypeErrors(type: number | undefined, allowNotice = false): InvalidField[] {
  const refused = (type === MESSAGE_TYPE.notice && !allowNotice) || (type !== undefined && SERVER_ONLY_TYPES.has(type));
  return refused ? [{ field: 'type', rule: 'invalid', params: {} }] : [];
}

/** Checks a message to send; every problem is listed in one 1002. */
export function parseMessage(body: unknown, opts: { allowNotice?: boolean } = {}): MessageInput {
  const errors: InvalidField[] = [];
  const m = readShape(MESSAGE_INPUT, bodyObject(body), { at: '', errors, query: false }, false, MESSAGE_IGNORED);
  if (!errors.some((e) => e.field === 'type')) errors.push(...messageTypeErrors(m.type, opts.allowNotice));
  if (errors.length) throw fail.invalid(errors);
  const extra = Object.fromEntries(PASSED_ON.filter((k) => k in m).map((k) => [k, m[k]]));
  return {
    toType: m.toType,
    toId: m.toId,
    type: m.type ?? MESSAGE_TYPE.text,
    content: m.content,
    at: m.at ?? [],
    clientId: m.clientId ?? null,
    replyTo: m.replyTo ?? null,
    extra,
  };
}
