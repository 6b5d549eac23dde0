/**
 * The chat's client state over the realtime connection: per conversation the messages (sorted and
 * unique by seq), the outgoing ones with their delivery state, unread counts and drafts.
 * Framework-free; screens read `conversation(target)` snapshots and `subscribe` to changes.
 *
 *   const chat = createChatStore({ realtime, userId: me.id, storage: localStorage,
 *     loadConversations: () => calls.base.message.conversations() });
 *   await chat.load();
 *   await chat.send({ toType: 1, toId: 7 }, { content: 'hi @Ann', at: [12] });
 *
 * Decisions the spec leaves open:
 * - A message whose seq is past the last held one + 1 starts one `sync` of that conversation from
 *   the last held seq (one at a time per conversation; `hasMore` asks again from the new end).
 * - After every (re)connection all known conversations are synced in one `sync` (100 a call), then
 *   `loadConversations` (when given) brings conversations the client did not know and the unread
 *   counts the server holds.
 * - `send` and `retry` never reject: the outgoing entry's state says what happened ('failed' with
 *   the server's message, 'offline' or 'timeout'); `retry` re-sends with the same clientId, so a
 *   message that was stored but whose ack was lost is not stored twice.
 * - Unread: the server's count from `message/conversations`, plus each new message from someone
 *   else past the read mark; `markRead` clears it and sends the mark (up to the newest held seq).
 *   A history page adds nothing to a count the server gave (its messages were counted there); it
 *   only raises the count to the held messages past the read mark.
 * - Changes (edit, recall, react, pin) go over the socket and come back as `change` notices to
 *   every device; the ack's message is applied at once too. A change past the held change number
 *   starts one `sync` of that conversation with `afterChange` (changes are synced with messages
 *   after every reconnection as well).
 * - Typing: `typing(target)` tells the others at most every TYPING_EVERY_MS while the member types;
 *   someone else's typing shows for TYPING_SHOWN_MS after their last notice, or until their message.
 */
import type { StorageLike } from '../../lib/session';
import { readDraft, writeDraft, type Draft } from './chat-drafts';
import {
  applyChange,
  applyRead,
  knowChange,
  emptyConversation,
  keyOf,
  mergeMessages,
  settle,
  targetOfMessage,
  withOutgoing,
  type Conversation,
  type Outgoing,
} from './chat-conversation';
import type { ChatMessage, MessageChange, Realtime, SyncSince, Target } from '../../app/socket';

/** One row of `message/conversations`. */
export interface ConversationItem extends Target {
  conversation: string;
  lastMessage: ChatMessage | null;
  lastSeq: number;
  readSeq: number;
  unread: number;
  lastChange?: number;
  muted?: boolean;
}

export interface ChatStoreOptions {
  realtime: Pick<Realtime, 'send' | 'sync' | 'read' | 'request' | 'onNotice' | 'onReconnect'>;
  /** message/mute (HTTP: muting has no socket event). */
  mute?: (target: Target, muted: boolean) => Promise<unknown>;
  /** The signed-in user: names private chats and keys the drafts. */
  userId: number;
  storage: StorageLike;
  loadConversations?: () => Promise<ConversationItem[]>;
  /** A failed background call (sync, read, load); the state stays as it was. */
  onError?: (err: unknown) => void;
}

export interface NewMessage {
  content: unknown;
  at?: number[];
  type?: number;
  /** The id of the message it answers. */
  replyTo?: number;
}

/** The reactions a member may set (the server's REACTIONS), drawn as emoji. */
export const REACTIONS = ['like', 'love', 'laugh', 'wow', 'sad', 'thanks', 'celebrate', 'eyes'] as const;
export type Reaction = (typeof REACTIONS)[number];

export const TYPING_EVERY_MS = 3000;
export const TYPING_SHOWN_MS = 5000;

export interface ChatStore {
  conversation(target: Target): Conversation;
  /** Every conversation the store holds, newest message first. */
  conversations(): Conversation[];
  totalUnread(): number;
  subscribe(fn: () => void): () => void;
  /** Adds a stored message (a notice, a history page); a gap starts a sync. */
  add(message: ChatMessage): void;
  /** Merges a history page (`message/messageList`) of one conversation. */
  addHistory(target: Target, list: ChatMessage[]): void;
  send(target: Target, message: NewMessage): Promise<Outgoing>;
  retry(clientId: string): Promise<Outgoing | null>;
  markRead(target: Target): Promise<void>;
  /** Reads `message/conversations`: last seq, read mark and unread count of each. */
  load(): Promise<void>;
  /** Syncs every known conversation from its last held seq (what a reconnect does). */
  syncAll(): Promise<void>;
  /** Changes of a sent message; each rejects with the server's refusal (shown by the caller). */
  edit(message: ChatMessage, content: string): Promise<void>;
  recall(message: ChatMessage): Promise<void>;
  react(message: ChatMessage, emoji: Reaction, on: boolean): Promise<void>;
  pin(message: ChatMessage, pinned: boolean): Promise<void>;
  /** The member is typing here (sent at most every TYPING_EVERY_MS). */
  typing(target: Target): void;
  /** Who else is typing in the conversation now (user ids; the same array while nothing changes). */
  typers(target: Target): readonly number[];
  setMuted(target: Target, muted: boolean): Promise<void>;
  /** A history page's change number (message/messageList's lastChange). */
  knowChange(target: Target, lastChange: number): void;
  getDraft(target: Target): Draft;
  setDraft(target: Target, draft: Draft): void;
  dispose(): void;
}

const SYNC_BATCH = 100;

export function newClientId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function createChatStore(opts: ChatStoreOptions): ChatStore {
  const { realtime, userId: me } = opts;
  const byKey = new Map<string, Conversation>();
  const listeners = new Set<() => void>();
  const syncing = new Set<string>();
  const report = (err: unknown) => opts.onError?.(err);

  const changed = () => {
    for (const fn of [...listeners]) fn();
  };
  /** Empty states of conversations not held yet, kept so a snapshot is the same object each time. */
  const empties = new Map<string, Conversation>();
  const get = (t: Target): Conversation => {
    const key = keyOf(t);
    let c = byKey.get(key) ?? empties.get(key);
    if (!c) empties.set(key, (c = emptyConversation(t)));
    return c;
  };
  const put = (c: Conversation) => void byKey.set(c.key, c);

  function merge(target: Target, list: ChatMessage[]): boolean {
    const r = mergeMessages(get(target), list, me);
    put(r.conversation);
    return r.gap;
  }

  /** Asks for what follows `lastSeq` in each conversation, repeating while `hasMore`. */
  async function syncFrom(targets: Target[]): Promise<void> {
    let todo = targets.filter((t) => get(t).lastSeq != null);
    while (todo.length) {
      const since: SyncSince[] = todo.slice(0, SYNC_BATCH).map((t) => {
        const c = get(t);
        return { ...t, afterSeq: c.lastSeq ?? 0, ...(c.lastChange !== null ? { afterChange: c.lastChange } : {}) };
      });
      const answer = await realtime.sync(since);
      const again: Target[] = [];
      for (const s of answer) {
        const t = { toType: s.toType, toId: s.toId };
        merge(t, s.list);
        for (const ch of s.changes ?? []) put(applyChange(get(t), ch).conversation);
        // The changes came in order from the held number: the last one is held up to now.
        const lastOne = s.changes?.at(-1);
        if (lastOne) put({ ...get(t), lastChange: Math.max(get(t).lastChange ?? 0, lastOne.change) });
        if ((s.hasMore && s.list.length) || (s.changesMore && s.changes?.length)) again.push(t);
        else put(settle(get(t)));
      }
      changed();
      todo = [...todo.slice(SYNC_BATCH), ...again];
    }
  }

  function fillGap(target: Target): void {
    const key = keyOf(target);
    if (syncing.has(key)) return;
    syncing.add(key);
    // A conversation known only through a change (no messages held) syncs its changes from 0.
    if (get(target).lastSeq === null) put({ ...get(target), lastSeq: 0 });
    syncFrom([target])
      .catch(report)
      .finally(() => syncing.delete(key));
  }

  function add(message: ChatMessage): void {
    const target = targetOfMessage(message, me);
    const gap = merge(target, [message]);
    if (dropTyper(target, Number(message.fromId))) typingChanged(target);
    changed();
    if (gap) fillGap(target);
  }

  function change(ch: MessageChange): void {
    const target = targetOfMessage(ch.message, me);
    const r = applyChange(get(target), ch);
    put(r.conversation);
    changed();
    if (r.gap && get(target).lastSeq !== null) fillGap(target);
  }

  /** The ack's message of a change this device made (its notice follows, and changes nothing more). */
  function own(message: ChatMessage): void {
    const target = targetOfMessage(message, me);
    const r = mergeMessages(get(target), [message], me);
    put(r.conversation);
    changed();
  }

  // Typing: per conversation, who and until when; the arrays screens read stay the same until a change.
  const typingUntil = new Map<string, Map<number, number>>();
  const typingShown = new Map<string, readonly number[]>();
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const lastTyped = new Map<string, number>();
  const noTypers: readonly number[] = [];

  function typingChanged(target: Target): void {
    const key = keyOf(target);
    const until = typingUntil.get(key);
    const now = Date.now();
    const ids = until ? [...until.entries()].filter(([, t]) => t > now).map(([id]) => id) : [];
    typingShown.set(key, ids.length ? ids : noTypers);
    clearTimeout(typingTimers.get(key));
    if (ids.length) {
      const next = Math.min(...[...until!.values()].filter((t) => t > now)) - now;
      typingTimers.set(
        key,
        setTimeout(() => {
          typingChanged(target);
          changed();
        }, next + 5),
      );
    }
  }

  function dropTyper(target: Target, userId: number): boolean {
    return typingUntil.get(keyOf(target))?.delete(userId) ?? false;
  }

  function typingNotice(n: Target & { userId: number }): void {
    if (n.userId === me) return;
    const target = { toType: n.toType, toId: n.toId };
    const key = keyOf(target);
    let until = typingUntil.get(key);
    if (!until) typingUntil.set(key, (until = new Map()));
    until.set(n.userId, Date.now() + TYPING_SHOWN_MS);
    typingChanged(target);
    changed();
  }

  async function changeBy(event: string, payload: Record<string, unknown>): Promise<void> {
    own(await realtime.request<ChatMessage>(event, payload));
  }

  async function attempt(o: Outgoing): Promise<Outgoing> {
    const update = (next: Outgoing) => {
      put(withOutgoing(get(o), next));
      changed();
      return next;
    };
    update({ ...o, state: 'sending', error: undefined });
    try {
      const stored = await realtime.send({
        toType: o.toType,
        toId: o.toId,
        content: o.content,
        clientId: o.clientId,
        type: o.type,
        at: o.at,
        ...(o.replyTo ? { replyTo: o.replyTo } : {}),
      });
      add(stored);
      return update({ ...o, state: 'sent', error: undefined });
    } catch (err) {
      return update({ ...o, state: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  }

  async function load(): Promise<void> {
    if (!opts.loadConversations) return;
    const items = await opts.loadConversations();
    for (const it of items) {
      const t = { toType: it.toType, toId: it.toId };
      const r = it.lastMessage ? mergeMessages(get(t), [it.lastMessage], me) : { conversation: get(t), gap: false };
      const c = r.conversation;
      // The server's counts replace the local estimate; lastSeq stays what the client holds.
      put({ ...c, readSeq: Math.max(c.readSeq, it.readSeq), unread: it.unread, lastSeq: c.lastSeq ?? it.lastSeq, muted: it.muted ?? c.muted });
      const known = typeof it.lastChange === 'number' ? knowChange(get(t), it.lastChange) : { conversation: get(t), gap: false };
      put(known.conversation);
      if (r.gap || known.gap) fillGap(t);
    }
    changed();
  }

  async function syncAll(): Promise<void> {
    await syncFrom([...byKey.values()].map((c) => c.target));
    await load();
  }

  const offs = [
    realtime.onNotice('message', add),
    realtime.onNotice('change', change),
    realtime.onNotice('typing', typingNotice),
    realtime.onNotice('mute', (m) => {
      put({ ...get(m), muted: m.muted });
      changed();
    }),
    realtime.onNotice('read', (r) => {
      const c = get(r);
      put(r.userId === me ? applyRead(c, r.seq, me) : { ...c, peerReadSeq: Math.max(c.peerReadSeq, r.seq) });
      changed();
    }),
    realtime.onReconnect(() => void syncAll().catch(report)),
  ];

  return {
    conversation: get,
    conversations: () => [...byKey.values()].sort((a, b) => (b.messages.at(-1)?.id ?? 0) - (a.messages.at(-1)?.id ?? 0)),
    // A muted conversation keeps its own count but lights no badge of the workspace.
    totalUnread: () => [...byKey.values()].reduce((n, c) => n + (c.muted ? 0 : c.unread), 0),
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    add,
    addHistory(target, list) {
      const before = get(target);
      const after = mergeMessages(before, list, me).conversation;
      // A page of history holds messages the server's unread count already knew of: the count is
      // never raised by it beyond the held messages past the read mark.
      const past = after.messages.filter((m) => Number(m.fromId) !== me && m.seq > after.readSeq).length;
      put({ ...after, unread: Math.max(before.unread, past) });
      changed();
    },
    send: (target, m) =>
      attempt({
        toType: target.toType,
        toId: target.toId,
        clientId: newClientId(),
        content: m.content,
        at: m.at,
        type: m.type,
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        state: 'sending',
      }),
    edit: (message, content) => changeBy('editMessage', { id: message.id, content }),
    recall: (message) => changeBy('recallMessage', { id: message.id }),
    react: (message, emoji, on) => changeBy('react', { id: message.id, emoji, on }),
    pin: (message, pinned) => changeBy('pin', { id: message.id, pinned }),
    typing(target) {
      const key = keyOf(target);
      const now = Date.now();
      if (now - (lastTyped.get(key) ?? 0) < TYPING_EVERY_MS) return;
      lastTyped.set(key, now);
      realtime.request('typing', { toType: target.toType, toId: target.toId }).catch(() => undefined);
    },
    typers: (target) => typingShown.get(keyOf(target)) ?? noTypers,
    async setMuted(target, muted) {
      const before = get(target).muted;
      put({ ...get(target), muted });
      changed();
      try {
        await opts.mute?.(target, muted);
      } catch (err) {
        put({ ...get(target), muted: before });
        changed();
        throw err;
      }
    },
    knowChange(target, lastChange) {
      const r = knowChange(get(target), lastChange);
      put(r.conversation);
      changed();
      if (r.gap) fillGap(target);
    },
    async retry(clientId) {
      for (const c of byKey.values()) {
        const o = c.outbox.find((x) => x.clientId === clientId);
        if (o) return o.state === 'failed' ? attempt(o) : o;
      }
      return null;
    },
    async markRead(target) {
      const c = get(target);
      const seq = c.messages.at(-1)?.seq ?? c.lastSeq ?? 0;
      if (seq <= c.readSeq && !c.unread) return;
      put({ ...applyRead(c, seq, me), unread: 0 });
      changed();
      await realtime.read(target, seq);
    },
    load,
    syncAll,
    getDraft: (t) => readDraft(opts.storage, me, t),
    setDraft: (t, d) => {
      writeDraft(opts.storage, me, t, d);
      changed();
    },
    dispose() {
      for (const timer of typingTimers.values()) clearTimeout(timer);
      for (const off of offs) off();
      listeners.clear();
    },
  };
}
