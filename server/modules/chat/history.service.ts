/**
 * Reading history: `message/messageList` (a page of one conversation), the socket's `sync` (what
 * several conversations hold after given numbers, for a client coming back) and
 * `message/conversations` (the caller's chats with unread counts). Pages are ordered by the
 * conversation's sequence number, never by time or id, so a client that remembers the last number
 * it saw asks for exactly what it missed.
 */
import { SYSTEM, entity, fail, hit, isIn } from '../../core/api';
import type { Core, AuthUser, Row, Input } from '../../core/api';
import { readableConversation, readableOrNull } from './chat-access';
import { groupIdsOfUser } from './chat.queries';
import { bodyObject, FieldErrors, LIMITS, parseTarget, targetOf, type PAGE_INPUT, type Target } from './conversation';
import { changesAfter, lastChanges, lastSeqs, messagesAt, messagesPage, mutedOf, privateConversations, readSeqs, unreadCounts } from './history.queries';
import { withReplies } from './replies';
import type { StoredMessage } from './send-store';

/** Syncs per user (every socket and instance together) in a window. */
const SYNC_LIMIT = { max: 30, windowSeconds: 10 };

export interface Page {
  list: Row[];
  hasMore: boolean;
}

/** The conversation's change number now (0: none), read before its messages so no change falls between. */
async function lastChangeOf(core: Core, conversation: string): Promise<number> {
  return (await lastChanges(core, [conversation])).get(conversation) ?? 0;
}

/**
 * `{toType, toId, beforeSeq?, afterSeq?, size?}` -> `{list, hasMore}`, the list ascending by seq.
 * Without either bound: the newest `size` messages. `afterSeq`: the `size` messages after it
 * (`hasMore`: newer ones remain). `beforeSeq`: the `size` messages before it (`hasMore`: older ones
 * remain). Both: those between, from `afterSeq` on.
 */
export async function messageList(core: Core, user: AuthUser | null, input: Input<typeof PAGE_INPUT>): Promise<Page & { lastChange: number }> {
  const { size = LIMITS.pageSize, afterSeq, beforeSeq, ...target } = input;
  const conversation = await readableConversation(core, user, target);
  const lastChange = await lastChangeOf(core, conversation);
  const page = await messagesPage(core, conversation, { afterSeq, beforeSeq, size });
  return { list: await withReplies(core, page.list), hasMore: page.hasMore, lastChange };
}

/** One change as sync answers it: its number and kind, and the message as it is now. */
export interface SyncedChange {
  kind: string;
  change: number;
  byId: number | null;
  emoji: string | null;
  message: Row;
}

export interface Synced extends Target, Page {
  /** With `afterChange`: the changes after it, in order (at most 200; `changesMore` asks again). */
  changes?: SyncedChange[];
  changesMore?: boolean;
}

/** The changes of `conversation` after `afterChange`, each with its message's latest state. */
async function changesSince(core: Core, conversation: string, afterChange: number): Promise<{ changes: SyncedChange[]; changesMore: boolean }> {
  const page = await changesAfter(core, conversation, afterChange, LIMITS.maxPageSize);
  if (!page.list.length) return { changes: [], changesMore: false };
  const ids = [...new Set(page.list.map((c) => c.messageId))];
  const rows = await withReplies(core, await core.ops.reads(SYSTEM).find(entity(core.model, 'base/message'), isIn('id', ids)));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const changes: SyncedChange[] = [];
  for (const c of page.list) {
    const message = byId.get(c.messageId);
    if (message) changes.push({ kind: c.kind, change: c.changeSeq, byId: c.byId, emoji: c.emoji, message });
  }
  return { changes, changesMore: page.hasMore };
}

/**
 * `{since: [{toType, toId, afterSeq}]}` -> `[{toType, toId, list, hasMore}]`: for each conversation
 * the caller may read, at most 200 messages after `afterSeq` (`hasMore` asks the client to sync
 * again from the last one). Conversations the caller may not read are left out of the answer.
 * At most 30 syncs per user in 10 seconds (1001 beyond).
 * A client learns of conversations it does not know yet from `message/conversations`.
 */
export async function syncConversations(core: Core, user: AuthUser, body: unknown): Promise<Synced[]> {
  const b = bodyObject(body);
  // One sync reads up to 100 x 200 messages: a reconnecting client needs a few, a loop is refused.
  await hit(core.cache, [{ key: `chat:sync:${user.id}`, max: SYNC_LIMIT.max, windowSeconds: SYNC_LIMIT.windowSeconds }]);
  const errors = new FieldErrors();
  const since = b.since;
  if (!Array.isArray(since)) errors.add('since', since === undefined ? 'required' : 'type', { type: 'array' });
  else if (since.length > LIMITS.syncConversations) errors.add('since', 'range');
  errors.throwIfAny();
  const asks = (since as unknown[]).map((item, i) => {
    const prefix = `since.${i}.`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.add(`since.${i}`, 'type', { type: 'object' });
      return null;
    }
    const o = item as Record<string, unknown>;
    const target = parseTarget(errors, o, prefix);
    const afterSeq =
      o.afterSeq === undefined || o.afterSeq === null
        ? 0
        : typeof o.afterSeq === 'number' && Number.isSafeInteger(o.afterSeq) && o.afterSeq >= 0
          ? o.afterSeq
          : -1;
    if (afterSeq < 0) errors.add(`${prefix}afterSeq`, 'type', { type: 'integer from 0' });
    const afterChange =
      o.afterChange === undefined || o.afterChange === null
        ? null
        : typeof o.afterChange === 'number' && Number.isSafeInteger(o.afterChange) && o.afterChange >= 0
          ? o.afterChange
          : -1;
    if (afterChange !== null && afterChange < 0) errors.add(`${prefix}afterChange`, 'type', { type: 'integer from 0' });
    return { target, afterSeq, afterChange };
  });
  errors.throwIfAny();
  const out: Synced[] = [];
  for (const ask of asks) {
    const conversation = await readableOrNull(core, user, ask!.target);
    if (!conversation) continue;
    const changed = ask!.afterChange === null ? null : await changesSince(core, conversation, ask!.afterChange);
    const page = await messagesPage(core, conversation, { afterSeq: ask!.afterSeq, size: LIMITS.maxPageSize });
    out.push({ toType: ask!.target.toType, toId: ask!.target.toId, list: await withReplies(core, page.list), hasMore: page.hasMore, ...(changed ?? {}) });
  }
  return out;
}

export interface ConversationItem extends Target {
  conversation: string;
  lastMessage: StoredMessage | null;
  lastSeq: number;
  /** The caller's last-read number there (0: nothing read). */
  readSeq: number;
  /** Messages after readSeq that others sent. */
  unread: number;
  /** The conversation's latest change number (0: none): where a client's sync of changes starts. */
  lastChange: number;
  /** The caller muted it (message/mute). */
  muted: boolean;
}

/**
 * The caller's conversations: every private chat they sent or received a message in, and every
 * group they are an active member of (with or without messages), newest activity first (groups
 * without messages last).
 */
export async function conversationsOf(core: Core, user: AuthUser | null): Promise<ConversationItem[]> {
  if (!user) throw fail.unauthorized();
  const keys = [...new Set([...(await privateConversations(core, user.id)), ...(await groupIdsOfUser(core, user.id)).map((g) => `g:${g}`)])];
  if (!keys.length) return [];
  const last = await lastSeqs(core, keys);
  const read = await readSeqs(core, user.id, keys);
  const unread = await unreadCounts(core, user.id, keys);
  const changes = await lastChanges(core, keys);
  const muted = await mutedOf(core, user.id, keys);
  const lastRows = new Map((await messagesAt(core, [...last.entries()])).map((m) => [m.conversation, m]));
  const items: ConversationItem[] = [];
  for (const key of keys) {
    const target = targetOf(key, user.id);
    if (!target) continue;
    items.push({
      ...target,
      conversation: key,
      lastMessage: lastRows.get(key) ?? null,
      lastSeq: last.get(key) ?? 0,
      readSeq: read.get(key) ?? 0,
      unread: unread.get(key) ?? 0,
      lastChange: changes.get(key) ?? 0,
      muted: muted.has(key),
    });
  }
  const activity = (c: ConversationItem) => (c.lastMessage ? c.lastMessage.id : 0);
  return items.sort((x, y) => activity(y) - activity(x) || y.toId - x.toId);
}
