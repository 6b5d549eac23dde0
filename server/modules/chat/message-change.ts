/**
 * Changes of sent messages: edit, recall, reactions, pins (socket events `editMessage`,
 * `recallMessage`, `react`, `pin`, and the HTTP calls of the same names under base/message).
 *
 * Every change is an event with its own number: the conversation's change number (`chg:{key}`,
 * apart from the messages' `seq`, so unread counts, read marks and "seen by" count messages only).
 * One transaction locks the message, decides on its current state, takes the next change number,
 * writes the message's new state (with `changeSeq`, the number of its latest change) and one
 * `base/messageChange` row. After the commit `notice {kind: 'change', data: {kind, change, byId,
 * message}}` goes where the message went (the group's room, or both users of a private chat), and
 * the listeners of changes hear it (message-sent.ts: the search index, later the AI's knowledge).
 * A client that was away asks `sync` with `afterChange` and gets each change after it once, in
 * order, with the message as it is now; a client holding an older copy than `changeSeq` takes the
 * new one.
 *
 * Who may (decisions the issue leaves open are marked *):
 * - edit: the sender, a text message (type 0) not recalled; the new text is checked as a send's.
 *   An edit keeps the message's mentions (* an edit notifies nobody again).
 * - recall: the sender within the window (param chatRecallMinutes, default 2); in a group its owner
 *   or a deputy, any message, any time; an administrator (the console's delete) any message. The
 *   content is emptied in the row (no call can serve it again), its mentions, reactions and pin
 *   dropped, and the excerpt of its mention notifications blanked.
 * - react: whoever takes part in the conversation now (a live group's member, or one of the two
 *   users), one of REACTIONS, set on or off per member (`on`; left out: toggled). Setting what is
 *   already set changes nothing and takes no number (a retry is harmless).
 * - pin / unpin: in a group its owner or a deputy; in a private chat either user (*). A recalled
 *   message cannot be pinned.
 */
import { AppError, SYSTEM, entity, eq, and, ne, fail, nowStored, readNumberParams, seededParam } from '../../core/api';
import type { AuthUser, Core, OpTransaction, Row } from '../../core/api';
import { CHAT } from './chat.messages';
import { liveGroup, memberRow } from './chat.queries';
import { assertTakesPart } from './chat-access';
import { targetOf, type Target } from './conversation';
import { messageChanged, type MessageChangeKind } from './message-sent';
import { withReplies } from './replies';
import type { StoredMessage } from './send-store';

/** The reactions a member may set: names, drawn as emoji by the clients. */
export const REACTIONS = ['like', 'love', 'laugh', 'wow', 'sad', 'thanks', 'celebrate', 'eyes'] as const;
export type Reaction = (typeof REACTIONS)[number];

export const CHANGE_PARAMS = {
  recallMinutes: {
    param: seededParam({
      keyName: 'chatRecallMinutes',
      name: 'Chat: minutes a member may recall a message',
      data: '2',
      remark:
        "How long after sending a member may recall their own message (minutes; 0: never). A group's owner and deputies recall any message of the group at any time.",
    }),
    min: 0,
    max: 7 * 24 * 60,
  },
} as const;

const messagesOf = (core: Core) => entity(core.model, 'base/message');
const changesOf = (core: Core) => entity(core.model, 'base/messageChange');

export interface Changed {
  kind: MessageChangeKind;
  change: number;
  byId: number;
  message: StoredMessage;
}

/** What a change does to the locked row: the new field values, or null when nothing changes. */
type Decide = (row: StoredMessage) => { set: Row; emoji?: string } | null;

/** The live message `id`, or 404. */
async function messageOr404(core: Core, id: number): Promise<StoredMessage> {
  const [row] = await core.ops.reads(SYSTEM).find(messagesOf(core), eq('id', id));
  if (!row) throw fail.notFound(CHAT.chat_message_not_found);
  return row;
}

/** Whether `user` is the owner or a deputy of group `groupId` (a live member row). */
async function leadsGroup(core: Core, groupId: number, userId: number): Promise<boolean> {
  const group = await liveGroup(core, groupId);
  if (!group) return false;
  const member = await memberRow(core, groupId, userId);
  return member !== null && (member.isOwner === 1 || group.onwerIds.includes(userId));
}

/** The conversation as the caller names it, refusing one they do not take part in now. */
async function takingPart(core: Core, user: AuthUser, m: StoredMessage): Promise<Target> {
  const target = m.toType === 1 ? { toType: 1 as const, toId: m.toId } : targetOf(String(m.conversation), user.id);
  const inPrivate = m.toType !== 1 && (m.fromId === user.id || m.toId === user.id);
  if (!target || (m.toType !== 1 && !inPrivate)) throw fail.forbidden(CHAT.chat_cannot_read);
  if (m.toType === 1) await assertTakesPart(core, user, target);
  return target;
}

/** Delivers a committed change where its message went, then tells the listeners. */
function deliver(core: Core, changed: Changed): void {
  const notice = { kind: 'change' as const, data: changed };
  const m = changed.message;
  if (m.toType === 1) core.realtime.toGroup(m.toId, notice);
  else core.realtime.toUsers([...new Set([m.fromId ?? 0, m.toId])], notice);
  messageChanged(core, changed);
}

/**
 * Locks message `id`, asks `decide` what changes, and writes it with the conversation's next change
 * number and its change row; delivers after the commit. Answers the message as it is after (the
 * same row when nothing changed).
 */
async function apply(
  core: Core,
  by: number,
  id: number,
  kind: MessageChangeKind,
  decide: Decide,
  also?: (t: OpTransaction, m: StoredMessage) => Promise<void>,
): Promise<StoredMessage> {
  const messages = messagesOf(core);
  let done: Changed | null = null;
  const message = await core.ops.transaction(SYSTEM, async (t) => {
    const [row] = await t.lock(messages, id);
    if (!row) throw fail.notFound(CHAT.chat_message_not_found);
    const change = decide(row);
    if (!change) return row;
    const conversation = String(row.conversation);
    const changeSeq = await t.nextNumber(`chg:${conversation}`);
    await t.updateWhere(messages, eq('id', id), { ...change.set, changeSeq }, { expect: 1 });
    await t.addOne(changesOf(core), { conversation, changeSeq, messageId: id, kind, byId: by, emoji: change.emoji ?? null });
    await also?.(t, row);
    const after = { ...row, ...change.set, changeSeq } as StoredMessage;
    done = { kind, change: changeSeq, byId: by, message: after };
    return after;
  });
  if (!done) return message;
  const [latest] = await withReplies(core, [await messageOr404(core, id)]);
  const changed: Changed = { ...(done as Changed), message: latest };
  deliver(core, changed);
  return latest;
}

/** Edits the caller's own text message (content checked by the caller of this: a send's text rules). */
export async function editMessage(core: Core, user: AuthUser, id: number, content: string): Promise<StoredMessage> {
  const m = await messageOr404(core, id);
  if (m.fromId !== user.id) throw fail.forbidden(CHAT.chat_not_yours);
  if ((m.type ?? 0) !== 0) throw fail.bad(CHAT.chat_edit_text_only);
  await takingPart(core, user, m);
  return apply(core, user.id, id, 'edit', (row) => {
    if (row.recallTime != null) throw fail.conflict(CHAT.chat_message_recalled);
    if (row.content === content) return null;
    return { set: { content, editTime: nowStored() } };
  });
}

/** The recall window in milliseconds (param chatRecallMinutes). */
async function recallWindowMs(core: Core): Promise<number> {
  const p = await readNumberParams(core.db, core.model.system('params').table, CHANGE_PARAMS);
  return p.recallMinutes * 60_000;
}

/**
 * Recalls a message. `asAdmin`: the console's delete (an administrator, any message). Recalling a
 * recalled message changes nothing.
 */
export async function recallMessage(core: Core, user: AuthUser, id: number, opts: { asAdmin?: boolean } = {}): Promise<StoredMessage> {
  const m = await messageOr404(core, id);
  if (!opts.asAdmin) {
    const own = m.fromId === user.id;
    const leads = m.toType === 1 && (await leadsGroup(core, m.toId, user.id));
    if (!own && !leads) throw fail.forbidden(CHAT.chat_not_yours);
    if (!leads) {
      await takingPart(core, user, m);
      const sent = new Date(String(m.createTime)).getTime();
      const window = await recallWindowMs(core);
      if (m.recallTime == null && !(Date.now() - sent <= window)) throw new AppError('forbidden', CHAT.chat_recall_too_late, { minutes: window / 60_000 });
    }
  }
  const notify = entity(core.model, 'base/notify');
  return apply(
    core,
    user.id,
    id,
    'recall',
    (row) =>
      row.recallTime != null
        ? null
        : { set: { content: null, at: [], reactions: null, pinTime: null, pinnedBy: null, recallTime: nowStored(), recalledBy: user.id } },
    async (t) => {
      await t.system.updateWhere(notify, eq('messageId', id), { content: null });
    },
  );
}

/** The member ids who set each reaction, without empty lists. */
function reactionsOf(v: unknown): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
  for (const [k, ids] of Object.entries(v as Record<string, unknown>)) {
    if (!Array.isArray(ids)) continue;
    const list = ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    if (list.length) out[k] = [...new Set(list)];
  }
  return out;
}

/** Sets (on) or clears the caller's reaction `emoji`; left out `on` toggles it. */
export async function reactToMessage(core: Core, user: AuthUser, id: number, emoji: Reaction, on?: boolean): Promise<StoredMessage> {
  const m = await messageOr404(core, id);
  await takingPart(core, user, m);
  return apply(core, user.id, id, 'react', (row) => {
    if (row.recallTime != null) throw fail.conflict(CHAT.chat_message_recalled);
    const all = reactionsOf(row.reactions);
    const had = (all[emoji] ?? []).includes(user.id);
    const want = on ?? !had;
    if (want === had) return null;
    const list = want ? [...(all[emoji] ?? []), user.id] : (all[emoji] ?? []).filter((x) => x !== user.id);
    if (list.length) all[emoji] = list;
    else delete all[emoji];
    return { set: { reactions: Object.keys(all).length ? all : null }, emoji };
  });
}

/** Pins or unpins a message (a group's owner or deputy; either user of a private chat). */
export async function pinMessage(core: Core, user: AuthUser, id: number, pinned: boolean): Promise<StoredMessage> {
  const m = await messageOr404(core, id);
  await takingPart(core, user, m);
  if (m.toType === 1 && !(await leadsGroup(core, m.toId, user.id))) throw fail.forbidden(CHAT.chat_pin_not_allowed);
  return apply(core, user.id, id, pinned ? 'pin' : 'unpin', (row) => {
    if (pinned && row.recallTime != null) throw fail.conflict(CHAT.chat_message_recalled);
    if (pinned === (row.pinTime != null)) return null;
    return { set: pinned ? { pinTime: nowStored(), pinnedBy: user.id } : { pinTime: null, pinnedBy: null } };
  });
}

/** The pinned messages of a conversation (its key), newest pin first; at most `limit`. */
export async function pinnedMessages(core: Core, conversation: string, limit = 50): Promise<StoredMessage[]> {
  const rows = await core.ops.reads(SYSTEM).find(messagesOf(core), and(eq('conversation', conversation), eq('recallTime', null), ne('pinTime', null)));
  const pinned = rows.sort((a, b) => new Date(String(b.pinTime)).getTime() - new Date(String(a.pinTime)).getTime());
  return withReplies(core, pinned.slice(0, limit));
}
