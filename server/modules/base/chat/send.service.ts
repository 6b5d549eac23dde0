/**
 * The one send path: the socket's `sendMessage`, HTTP `message/add`, team notices and (later) AI
 * members' answers all store and deliver messages here. Top to bottom:
 *
 * 1. parse: target, type, content (JSON, at most 10,000 characters), `at`, `clientId` (1002 lists
 *    every bad field);
 * 2. rate limit: 20 messages per 10 s per sender by default (`CHAT_SEND_LIMIT=max/seconds`),
 *    counted in the cache store, so across instances with Redis (1001, HTTP 429);
 * 3. check: the sender may write there (see chat-access.ts);
 * 4. (a retry of a stored clientId is found by step 5's unique key, not by a read of its own:
 *    every send would pay for that read, and retries are rare);
 * 5. one transaction: the conversation's next sequence number, the row ((fromId, clientId) is
 *    unique, so of two concurrent sends with one clientId exactly one stores; the other's
 *    transaction rolls back, gives its number back and answers the stored one), mention
 *    notifications, and the caller's extra writes (a team notice's notifications);
 * 6. after the commit: the stored row (as the transaction's own read-back of its rows holds it, else
 *    read again) and `notice { kind: 'message', data: message }` goes
 *    to both users of a private chat (all their sockets, the sender's other devices included) or
 *    to the group's room.
 *
 * Mentions: `at` keeps only active members of the group (the sender dropped); each of them gets a
 * notification (NOTIFY_TYPE.mention). In a private chat `at` is stored empty: the receiver gets
 * every message anyway.
 */
import type { Core } from '../../../core/core';
import type { OpTransaction } from '../../../core/crud/operations';
import { SYSTEM } from '../../../core/entity/access';
import type { AuthUser, Row } from '../../../core/entity/define';
import { hit } from '../../../core/http/rate-limit';
import { AppError } from '../../../core/http/errors';
import { t as translate } from '../../../core/i18n/messages';
import { NOTIFY_TYPE } from '../notify/notify.service';
import { CHAT } from './chat.messages';
import { assertMaySend } from './chat-access';
import { activeMemberIds, messageIdByClientId } from './chat.queries';
import { audienceOf, excerpt, notifyAudience } from './chat-notify';
import { conversationKey, parseMessage } from './conversation';

export interface SendOptions {
  /** Type 9 (a team notice) is allowed: message/sendTeamNotice checked the caller's role. */
  allowNotice?: boolean;
  /** Counted against the sender's rate limit (default true). */
  rateLimit?: boolean;
  /** More writes in the message's transaction, with the stored message. */
  within?: (t: OpTransaction, message: Row) => Promise<void>;
}

export interface SendResult {
  message: Row;
  /** False when the clientId was used before: `message` is the one stored then. */
  created: boolean;
}

const DEFAULT_LIMIT = { max: 20, windowSeconds: 10 };

/** `CHAT_SEND_LIMIT` as `max/seconds` (e.g. `20/10`), else the default. */
export function sendLimit(core: Core): { max: number; windowSeconds: number } {
  const m = /^(\d+)\/(\d+)$/.exec((core.config.env.CHAT_SEND_LIMIT ?? '').trim());
  return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? { max: Number(m[1]), windowSeconds: Number(m[2]) } : DEFAULT_LIMIT;
}

function stored(core: Core, id: number): Promise<Row> {
  return core.ops.info(core.model.byKey.get('base/message')!, id, SYSTEM);
}

function deliver(core: Core, message: Row): void {
  const notice = { kind: 'message' as const, data: message };
  if (message.toType === 1) core.realtime.toGroup(Number(message.toId), notice);
  else core.realtime.toUsers([Number(message.fromId), Number(message.toId)], notice);
}

/** Stores and delivers one message. Call it outside any transaction: it delivers once its own has committed. */
export async function sendMessage(core: Core, sender: AuthUser, body: unknown, opts: SendOptions = {}): Promise<SendResult> {
  const input = parseMessage(body, { allowNotice: opts.allowNotice });
  if (opts.rateLimit !== false) {
    await hit(core.cache, [{ key: `chat:send:${sender.id}`, ...sendLimit(core) }], CHAT.chat_too_fast);
  }
  const group = await assertMaySend(core, sender, input);
  const mentioned = group ? await activeMemberIds(core, group.id, input.at.filter((id) => id !== sender.id)) : [];
  const audience = mentioned.length ? await audienceOf(core, sender.id, mentioned) : null;
  const messages = core.model.byKey.get('base/message')!;
  const conversation = conversationKey(sender.id, input);
  // The conversation's number stays locked from nextNumber to the commit, so everything that can
  // happen outside that window does: the checks and reads before, the stored row's read after.
  let id: number;
  let readBack: Row | null = null;
  try {
    id = await core.ops.transaction(sender, async (t) => {
      const seq = await t.nextNumber(`msg:${conversation}`);
      const row: Row = {
        ...input.extra,
        toType: input.toType,
        toId: input.toId,
        type: input.type,
        content: input.content,
        at: mentioned,
        clientId: input.clientId,
        conversation,
        seq,
      };
      const added = await t.addOne(messages, row, { trusted: true });
      t.afterCommitRow(messages, added, (r) => {
        readBack = r;
      });
      if (audience) {
        await notifyAudience(core, t, audience, {
          type: NOTIFY_TYPE.mention,
          fromId: sender.id,
          title: (lang) => translate(lang, CHAT.chat_mention_title, { name: audience.senderName }),
          content: excerpt(input.content),
          groupId: group?.id ?? null,
        });
      }
      await opts.within?.(t, { ...row, id: added, fromId: sender.id });
      return added;
    });
  } catch (err) {
    // Two sends with one clientId at once: (fromId, clientId) is unique, so the later insert failed
    // and its transaction rolled back (its number given back). Answer the one that was stored.
    if (input.clientId && err instanceof AppError && err.key === 'duplicate') {
      const before = await messageIdByClientId(core, sender.id, input.clientId);
      if (before !== null) return { message: await stored(core, before), created: false };
    }
    throw err;
  }
  const message = readBack ?? (await stored(core, id));
  deliver(core, message);
  return { message, created: true };
}
