/**
 * Replies: a message may name the message it answers (`replyTo`, an id in the same conversation).
 * Every answer that carries messages (a page, a sync, a delivery, a change) gives each reply a
 * `reply` quote of what it answers, read when answered, so the quote says what that message says
 * now: `{id, seq, fromId, type, text, recalled}`, its text cut to QUOTE_CHARS and null once the
 * message was recalled ("message recalled" in the web). A client that holds the answered message
 * shows its own copy, which changes reach.
 */
import { SYSTEM, entity, fail, isIn } from '../../core/api';
import type { Core, Row } from '../../core/api';
import { excerpt } from './chat-notify';

const QUOTE_CHARS = 140;

export interface Quote {
  id: number;
  seq: number;
  fromId: number | null;
  type: number | null;
  /** What it says, cut short (a file's name); null when recalled. */
  text: string | null;
  recalled: boolean;
}

const messagesOf = (core: Core) => entity(core.model, 'base/message');

/** What a quote shows of a message's content: its text, a file's caption or name. */
function quoteText(content: unknown): string {
  if (content && typeof content === 'object' && !Array.isArray(content)) {
    const o = content as Record<string, unknown>;
    if (typeof o.text === 'string' && o.text) return o.text;
    if (typeof o.name === 'string') return o.name;
  }
  const text = excerpt(content);
  return text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text;
}

export function quoteOf(row: Row): Quote {
  const recalled = row.recallTime != null;
  const text = recalled ? null : quoteText(row.content);
  return {
    id: Number(row.id),
    seq: Number(row.seq),
    fromId: row.fromId == null ? null : Number(row.fromId),
    type: row.type == null ? null : Number(row.type),
    text: text !== null && text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text,
    recalled,
  };
}

/** The message `replyTo` names, checked to be a live message of `conversation`; its quote. 1002 on replyTo otherwise. */
export async function replyQuote(core: Core, conversation: string, replyTo: number): Promise<Quote> {
  const [row] = await core.ops.reads(SYSTEM).find(messagesOf(core), isIn('id', [replyTo]), {
    fields: ['id', 'seq', 'fromId', 'type', 'content', 'conversation', 'recallTime'],
  });
  if (!row || row.conversation !== conversation || row.recallTime != null) throw fail.invalid([{ field: 'replyTo', rule: 'invalid', params: {} }]);
  return quoteOf(row);
}

/** The rows, each reply given the quote of what it answers (read in one query; one of another conversation gets none). */
export async function withReplies<T extends Row>(core: Core, rows: T[]): Promise<T[]> {
  const wanted = [...new Set(rows.map((r) => Number(r.replyTo)).filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!wanted.length) return rows;
  const found = await core.ops.reads(SYSTEM).find(messagesOf(core), isIn('id', wanted), {
    fields: ['id', 'seq', 'fromId', 'type', 'content', 'conversation', 'recallTime'],
  });
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return rows.map((r) => {
    const q = r.replyTo ? byId.get(Number(r.replyTo)) : undefined;
    return q && q.conversation === r.conversation ? { ...r, reply: quoteOf(q) } : r;
  });
}
