/**
 * Storing checked messages (step 5 and 6 of send.service.ts), one conversation at a time per
 * process, with group commit: while one transaction of a conversation is under way, the messages
 * sent to that conversation meanwhile wait in its queue, and the next transaction numbers and
 * stores all of them (at most BATCH_MAX) at once. A conversation's number is locked from the
 * numbering to the commit; one transaction per message made busy conversations queue on that lock
 * (each wait a commit long). A lone message takes the path it always took.
 *
 * A batch is all or nothing: when its transaction fails (a clientId sent twice inside one batch, a
 * notification that cannot be written), it rolled back whole, and its messages are stored again one
 * by one, so each fails or succeeds on its own exactly as a lone message would. Messages of a batch
 * are numbered and delivered in the order they were sent.
 */
import { SYSTEM, AppError, entity, eq, fail, t as translate } from '../../core/api';
import type { Core, OpTransaction, KnownRows, AuthUser, Row, EntityRow } from '../../core/api';
import { NOTIFY_TYPE } from '../workspace/notify/notify.service';
import { groupMembership } from '../../../entities/base/message.entity';
import { CHAT } from './chat.messages';
import { messageIdByClientId } from './chat.queries';
import { excerpt, notifyAudience, type Audience } from './chat-notify';
import type { MessageInput } from './conversation';
import type { Quote } from './replies';
import { messageStored } from './message-sent';

/** A stored message as a read answers it. */
export type StoredMessage = EntityRow<'base/message'> & Row;

/** The message as `within` gets it: the row being written, with its id and sender. */
export type Written = Row & { id: number; fromId: number };

export interface SendOptions {
  /** Type 9 (a team notice) is allowed: message/sendTeamNotice checked the caller's role. */
  allowNotice?: boolean;
  /** Counted against the sender's rate limit (default true). */
  rateLimit?: boolean;
  /** More writes in the message's transaction, with the stored message. */
  within?: (t: OpTransaction, message: Written) => Promise<void>;
}

export interface SendResult {
  message: StoredMessage;
  /** False when the clientId was used before: `message` is the one stored then. */
  created: boolean;
}

/** A message that passed its checks, ready to be numbered and stored. */
export interface Checked {
  sender: AuthUser;
  input: MessageInput;
  /** Active members of the group it mentions (the sender left out). */
  mentioned: number[];
  audience: Audience | null;
  groupId: number | null;
  /**
   * The rows the message's create rule found when the send was checked (chat-access.ts checkSend).
   * Without it, a group message's sender is taken as checked a member of `groupId` (the AI
   * module's writers check that themselves, or write as the group's AI member).
   */
  known?: KnownRows;
  conversation: string;
  /** The quote of the message it answers (replyTo), checked and read before. */
  reply?: Quote | null;
  opts: SendOptions;
}

/** The most messages one transaction stores. */
export const BATCH_MAX = 50;

const messagesOf = (core: Core) => entity(core.model, 'base/message');

/** Stored message `id`, as the system reads it. */
export async function storedMessage(core: Core, id: number): Promise<StoredMessage> {
  const [message] = await core.ops.reads(SYSTEM).find(messagesOf(core), eq('id', id));
  if (!message) throw fail.notFound('record_not_found');
  return message;
}

/** The stored message with the quote of what it answers, as every answer carrying messages gives it (replies.ts). */
function quoted(message: StoredMessage, m: Checked): StoredMessage {
  return m.reply ? ({ ...message, reply: m.reply } as StoredMessage) : message;
}

/** Fields a new message holds empty (its later state: message-change.ts), left out of its delivery. */
const LATER_STATE = ['replyTo', 'editTime', 'recallTime', 'recalledBy', 'reactions', 'pinTime', 'pinnedBy'] as const;

/**
 * The message as its notice carries it: without the empty fields of its later state (and a zero
 * change number), which a client reads as absent; every member's socket gets each notice, so a
 * busy group's traffic carries no run of nulls.
 */
function lean(message: StoredMessage): StoredMessage {
  const out: Row = { ...message };
  for (const k of LATER_STATE) if (out[k] === null || out[k] === undefined) delete out[k];
  if (!out.changeSeq) delete out.changeSeq;
  return out as StoredMessage;
}

/** Sends the stored message to its audience, then tells the listeners of stored messages (message-sent.ts). */
function deliver(core: Core, message: StoredMessage): void {
  const notice = { kind: 'message' as const, data: lean(message) };
  if (message.toType === 1) core.realtime.toGroup(message.toId, notice);
  else core.realtime.toUsers([message.fromId ?? 0, message.toId], notice);
  messageStored(core, message);
}

/**
 * Writes one message in `t` (the sender's transaction): the row, numbered by `take` right before
 * its INSERT (after the create rule, so the conversation's number row is locked for the INSERT and
 * the commit only), its mention notifications and the caller's extra writes; `readBack` gets the
 * stored row after the commit.
 */
async function write(core: Core, t: OpTransaction, m: Checked, take: () => Promise<number>, readBack: (row: StoredMessage | null) => void): Promise<number> {
  const messages = messagesOf(core);
  const { input, sender, audience } = m;
  const row: Row = {
    ...input.extra,
    toType: input.toType,
    toId: input.toId,
    type: input.type,
    content: input.content,
    at: m.mentioned,
    clientId: input.clientId,
    conversation: m.conversation,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
  // The send's check asked the message's create rule a moment ago (chat-access.ts checkSend): the
  // INSERT asks it again, and takes the rows it found then instead of reading them again.
  const known = m.known ?? (m.groupId !== null && input.toType === 1 ? [groupMembership(input.toId, sender.id)] : undefined);
  const id = await t.addOne(messages, row, { trusted: true, known, numbered: { field: 'seq', take: async () => (row.seq = await take()) } });
  t.afterCommitRow(messages, id, readBack);
  if (audience) {
    await notifyAudience(core, t, audience, {
      type: NOTIFY_TYPE.mention,
      fromId: sender.id,
      title: (lang) => translate(lang, CHAT.chat_mention_title, { name: audience.senderName }),
      content: excerpt(input.content),
      groupId: m.groupId,
      messageId: id,
    });
  }
  await m.opts.within?.(t, { ...row, id, fromId: sender.id });
  return id;
}

/** One message in its own transaction; a clientId stored before answers that message. */
async function storeOne(core: Core, m: Checked): Promise<SendResult> {
  let id: number;
  let readBack: StoredMessage | null = null;
  try {
    id = await core.ops.transaction(m.sender, (t) =>
      write(
        core,
        t,
        m,
        () => t.nextNumber(`msg:${m.conversation}`),
        (r) => (readBack = r),
      ),
    );
  } catch (err) {
    // Two sends with one clientId at once: (fromId, clientId) is unique, so the later insert failed
    // and its transaction rolled back (its number given back). Answer the one that was stored.
    if (m.input.clientId && err instanceof AppError && err.key === 'duplicate') {
      const before = await messageIdByClientId(core, m.sender.id, m.input.clientId);
      if (before !== null) return { message: await storedMessage(core, before), created: false };
    }
    throw err;
  }
  const message = quoted(readBack ?? (await storedMessage(core, id)), m);
  deliver(core, message);
  return { message, created: true };
}

/** Thrown when a batch's transaction failed before its commit: nothing of it was written. */
class RolledBack extends Error {}

/**
 * Several messages of one conversation in one transaction, numbered in order. Throws RolledBack
 * when the transaction failed before its commit; any later error (the commit itself, the cache
 * upkeep after it) leaves it unknown whether the messages were stored, so it is not retried here.
 */
async function commitAll(core: Core, conversation: string, list: Checked[]): Promise<{ ids: number[]; readBacks: Array<StoredMessage | null> }> {
  const readBacks: Array<StoredMessage | null> = list.map(() => null);
  let written = false;
  try {
    const ids = await core.ops.transaction(SYSTEM, async (t) => {
      // The batch's numbers are taken at once, right before its first INSERT; messages are inserted in order.
      let first: Promise<number> | null = null;
      const take = (i: number) => async () => (await (first ??= t.nextNumbers(`msg:${conversation}`, list.length))) + i;
      const out: number[] = [];
      // Each message is written by its sender (owner field, access rules) inside this one transaction.
      for (const [i, m] of list.entries()) out.push(await core.ops.transaction(m.sender, (tm) => write(core, tm, m, take(i), (r) => (readBacks[i] = r))));
      written = true;
      return out;
    });
    return { ids, readBacks };
  } catch (err) {
    throw written ? err : new RolledBack();
  }
}

interface Waiting {
  message: Checked;
  resolve(r: SendResult): void;
  reject(err: unknown): void;
}

const queues = new WeakMap<Core, Map<string, Waiting[]>>();

/** Stores and delivers a checked message; resolves once it is committed and delivered. */
export function store(core: Core, message: Checked): Promise<SendResult> {
  let byConversation = queues.get(core);
  if (!byConversation) queues.set(core, (byConversation = new Map()));
  return new Promise<SendResult>((resolve, reject) => {
    const waiting = byConversation.get(message.conversation);
    if (waiting) {
      waiting.push({ message, resolve, reject }); // the conversation's running flush takes it next
      return;
    }
    byConversation.set(message.conversation, [{ message, resolve, reject }]);
    void flush(core, byConversation, message.conversation);
  });
}

async function flush(core: Core, byConversation: Map<string, Waiting[]>, conversation: string): Promise<void> {
  const waiting = byConversation.get(conversation)!;
  for (;;) {
    const batch = waiting.splice(0, BATCH_MAX);
    if (!batch.length) {
      byConversation.delete(conversation);
      return;
    }
    if (batch.length > 1) {
      let done: { ids: number[]; readBacks: Array<StoredMessage | null> } | null = null;
      try {
        done = await commitAll(
          core,
          conversation,
          batch.map((w) => w.message),
        );
      } catch (err) {
        if (!(err instanceof RolledBack)) {
          for (const w of batch) w.reject(err);
          continue;
        }
        /* nothing was written: each message again on its own, below */
      }
      if (done) {
        for (const [i, w] of batch.entries()) {
          try {
            const message = quoted(done.readBacks[i] ?? (await storedMessage(core, done.ids[i])), w.message);
            deliver(core, message);
            w.resolve({ message, created: true });
          } catch (err) {
            w.reject(err);
          }
        }
        continue;
      }
    }
    for (const w of batch) {
      try {
        w.resolve(await storeOne(core, w.message));
      } catch (err) {
        w.reject(err);
      }
    }
  }
}
