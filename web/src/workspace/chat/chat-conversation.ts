/**
 * One conversation's client state and the pure steps that change it. A state object is never
 * changed in place: every step returns a new one, so screens can compare snapshots by reference
 * (React's useSyncExternalStore).
 *
 * Sequence numbers: `lastSeq` is the highest number up to which the client holds every message
 * (from where a `sync` asks). Messages past a hole are kept (shown at once) while the hole is
 * filled. A conversation first met through a message starts there: older history is what the
 * screen loads by scrolling up (`message/messageList` with `beforeSeq`), not a gap.
 *
 * Change numbers: edits, recalls, reactions and pins are numbered per conversation apart from the
 * messages (`change`). `lastChange` is the highest number up to which every change is applied; a
 * change past `lastChange + 1` is applied at once and the store syncs the ones between. A message
 * is replaced only by a copy at least as new (`changeSeq`), so an old copy never undoes a change.
 */
import type { ChatMessage, MessageChange, Target } from '../../app/socket';

export type DeliveryState = 'sending' | 'sent' | 'failed';

export interface Outgoing extends Target {
  clientId: string;
  content: unknown;
  type?: number;
  at?: number[];
  replyTo?: number;
  state: DeliveryState;
  /** Why the last attempt failed (the server's message, or 'offline' / 'timeout'). */
  error?: string;
}

export interface Conversation {
  key: string;
  target: Target;
  /** Ascending by seq, one message per seq. */
  messages: readonly ChatMessage[];
  /** Every message up to this seq is held; null before anything is known. */
  lastSeq: number | null;
  readSeq: number;
  unread: number;
  /** The other user's read mark in a private chat (read receipts). */
  peerReadSeq: number;
  /** Messages being sent or failed; a sent one leaves once the stored message is held. */
  outbox: readonly Outgoing[];
  /** Every change up to this number is applied; null before the conversation's number is known. */
  lastChange: number | null;
  /** The member muted it: no toast or sound for its ordinary messages. */
  muted: boolean;
}

export function keyOf(t: Target): string {
  return `${t.toType}:${t.toId}`;
}

/** The conversation a message belongs to, as `me` names it: the group, or the other user. */
export function targetOfMessage(m: ChatMessage, me: number): Target {
  if (Number(m.toType) === 1) return { toType: 1, toId: Number(m.toId) };
  return { toType: 0, toId: Number(m.fromId) === me ? Number(m.toId) : Number(m.fromId) };
}

export function emptyConversation(t: Target): Conversation {
  const target = { toType: t.toType, toId: t.toId };
  return { key: keyOf(target), target, messages: [], lastSeq: null, readSeq: 0, unread: 0, peerReadSeq: 0, outbox: [], lastChange: null, muted: false };
}

export interface Merged {
  conversation: Conversation;
  /** Messages that were not held before. */
  added: ChatMessage[];
  /** A message past `lastSeq + 1` is held: the caller syncs from `lastSeq`. */
  gap: boolean;
}

function advance(messages: readonly ChatMessage[], from: number): number {
  let last = from;
  for (const m of messages) {
    if (m.seq === last + 1) last = m.seq;
    else if (m.seq > last + 1) break;
  }
  return last;
}

const changeOf = (m: ChatMessage) => Number(m.changeSeq ?? 0) || 0;

/** The held messages with newer copies of some of them put in (a copy at least as new as the held one). */
function refreshed(messages: readonly ChatMessage[], copies: readonly ChatMessage[]): readonly ChatMessage[] {
  if (!copies.length) return messages;
  const bySeq = new Map(copies.map((m) => [m.seq, m]));
  let changed = false;
  const out = messages.map((m) => {
    const copy = bySeq.get(m.seq);
    if (!copy || copy === m || changeOf(copy) < changeOf(m) || (changeOf(copy) === changeOf(m) && !copy.reply)) return m;
    changed = true;
    return { ...copy, reply: copy.reply ?? m.reply };
  });
  return changed ? out : messages;
}

/** Adds messages (from notices, acks, syncs or history pages); a held one is replaced by a newer copy only. */
export function mergeMessages(c: Conversation, list: readonly ChatMessage[], me: number): Merged {
  const held = new Set(c.messages.map((m) => m.seq));
  const added: ChatMessage[] = [];
  const copies: ChatMessage[] = [];
  for (const m of list) {
    if (!Number.isInteger(m?.seq)) continue;
    if (held.has(m.seq)) {
      copies.push(m);
      continue;
    }
    held.add(m.seq);
    added.push(m);
  }
  if (!added.length) {
    const messages = refreshed(c.messages, copies);
    return { conversation: messages === c.messages ? c : { ...c, messages }, added, gap: false };
  }
  const messages = [...refreshed(c.messages, copies), ...added].sort((a, b) => a.seq - b.seq);
  const base = c.lastSeq ?? Math.min(...added.map((m) => m.seq)) - 1;
  const lastSeq = advance(messages, base);
  const sentIds = new Set(added.filter((m) => Number(m.fromId) === me && m.clientId).map((m) => m.clientId));
  const outbox = sentIds.size ? c.outbox.filter((o) => !sentIds.has(o.clientId)) : c.outbox;
  const fresh = added.filter((m) => Number(m.fromId) !== me && m.seq > c.readSeq).length;
  const conversation = { ...c, messages, lastSeq, outbox, unread: c.unread + fresh };
  return { conversation, added, gap: messages[messages.length - 1].seq > lastSeq };
}

/** After a complete sync answer (no `hasMore`): the server has given everything held after lastSeq. */
export function settle(c: Conversation): Conversation {
  const top = c.messages.length ? c.messages[c.messages.length - 1].seq : null;
  if (top == null || (c.lastSeq != null && c.lastSeq >= top)) return c;
  return { ...c, lastSeq: top };
}

/**
 * A read mark moved (this device or another one of the same user). The count drops by the other
 * side's messages the mark passed; those the client does not hold stay counted until
 * `message/conversations` is read again, but never fewer than the held ones after the mark.
 */
export function applyRead(c: Conversation, seq: number, me: number): Conversation {
  if (seq <= c.readSeq) return c;
  const others = c.messages.filter((m) => Number(m.fromId) !== me);
  const after = others.filter((m) => m.seq > seq).length;
  const passed = others.filter((m) => m.seq > c.readSeq && m.seq <= seq).length;
  return { ...c, readSeq: seq, unread: Math.max(after, c.unread - passed) };
}

export function withOutgoing(c: Conversation, o: Outgoing): Conversation {
  const rest = c.outbox.filter((x) => x.clientId !== o.clientId);
  const sent = o.state === 'sent' && c.messages.some((m) => m.clientId === o.clientId);
  return { ...c, outbox: sent ? rest : [...rest, o] };
}

export interface ChangeApplied {
  conversation: Conversation;
  /** A change past `lastChange + 1` came: the caller syncs the changes from `lastChange`. */
  gap: boolean;
}

/**
 * Applies a change: the message's new state replaces a held older copy (one not held is left to
 * the history that loads it, as it is now); `lastChange` moves on when the change follows it.
 */
export function applyChange(c: Conversation, ch: MessageChange): ChangeApplied {
  const messages = refreshed(c.messages, [ch.message]);
  let lastChange = c.lastChange;
  let gap = false;
  if (lastChange !== null) {
    if (ch.change === lastChange + 1) lastChange = ch.change;
    else if (ch.change > lastChange + 1) gap = true;
  }
  if (messages === c.messages && lastChange === c.lastChange) return { conversation: c, gap };
  return { conversation: { ...c, messages, lastChange }, gap };
}

/**
 * The change number a history page or the conversation list reported. Unknown before: it starts
 * there (the page holds the messages as they are). Behind it: `gap`, the store syncs the changes
 * from the held number (held messages outside the page may have changed).
 */
export function knowChange(c: Conversation, lastChange: number): ChangeApplied {
  if (!Number.isInteger(lastChange)) return { conversation: c, gap: false };
  if (c.lastChange === null) return { conversation: { ...c, lastChange }, gap: false };
  return { conversation: c, gap: lastChange > c.lastChange };
}
