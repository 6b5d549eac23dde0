/**
 * The one send path: the socket's `sendMessage`, HTTP `message/add`, team notices and (later) AI
 * members' answers all store and deliver messages here. Top to bottom:
 *
 * 1. parse: target, type, content (JSON, at most 10,000 characters), `at`, `clientId` (1002 lists
 *    every bad field);
 * 2. rate limit: 20 messages per 10 s per sender by default (`CHAT_SEND_LIMIT=max/seconds`),
 *    counted in the cache store, so across instances with Redis (1001, HTTP 429);
 * 3. check: the sender may write there (see chat-access.ts); an image or a file (types 1 and 2)
 *    names a file of the sender's shared with this conversation, and its content is completed from
 *    the file's row (chat-files.ts);
 * 4. (a retry of a stored clientId is found by step 5's unique key, not by a read of its own:
 *    every send would pay for that read, and retries are rare);
 * 5. one transaction: the conversation's next sequence number, the row ((fromId, clientId) is
 *    unique, so of two concurrent sends with one clientId exactly one stores; the other's
 *    transaction rolls back, gives its number back and answers the stored one), mention
 *    notifications, and the caller's extra writes (a team notice's notifications); messages sent
 *    to one conversation while its transaction runs are stored together by the next one (group
 *    commit, send-store.ts);
 * 6. after the commit: the stored row (as the transaction's own read-back of its rows holds it, else
 *    read again) and `notice { kind: 'message', data: message }` goes
 *    to both users of a private chat (all their sockets, the sender's other devices included) or
 *    to the group's room.
 *
 * Mentions: `at` keeps only active members of the group (the sender dropped); each of them gets a
 * notification (NOTIFY_TYPE.mention). In a private chat `at` is stored empty: the receiver gets
 * every message anyway.
 *
 * 7. after the delivery: the message goes to the listeners of stored messages (message-sent.ts):
 *    the AI reply service (ai/ai-reply.service.ts) queues the answers of the AI members it mentions
 *    (or of the AI member of a private chat) and returns at once; it never throws, so the send
 *    neither waits for a model nor fails by one.
 */
import { hit } from '../../core/api';
import type { Core, AuthUser } from '../../core/api';
import { CHAT } from './chat.messages';
import { checkSend } from './chat-access';
import { activeMemberIds } from './chat.queries';
import { audienceOf } from './chat-notify';
import { conversationKey, parseMessage } from './conversation';
import { store, type SendOptions, type SendResult } from './send-store';
import { rateWindowOf, type RateWindow } from './rate-window';
import { messageSent } from './message-sent';
import { replyQuote } from './replies';
import { attachmentContent } from './chat-files';

export type { SendOptions, SendResult };

const DEFAULT_LIMIT: RateWindow = { max: 20, windowSeconds: 10 };

/** `CHAT_SEND_LIMIT` as `max/seconds` (e.g. `20/10`), else the default. */
export function sendLimit(core: Core): RateWindow {
  return rateWindowOf(core.config.env.CHAT_SEND_LIMIT, DEFAULT_LIMIT);
}

/** Counts one send of the user against the send rate limit (step 2); 1001 (HTTP 429) over it. */
export function hitSendLimit(core: Core, userId: number): Promise<void> {
  return hit(core.cache, [{ key: `chat:send:${userId}`, ...sendLimit(core) }], CHAT.chat_too_fast);
}

/**
 * Stores and delivers one message. Call it outside any transaction: it delivers once its own has
 * committed. `opts.rateLimit: false` when the caller counted the send already (the socket counts it
 * beside its session check) or it is not a member's send.
 */
export async function sendMessage(core: Core, sender: AuthUser, body: unknown, opts: SendOptions = {}): Promise<SendResult> {
  const input = parseMessage(body, { allowNotice: opts.allowNotice });
  if (opts.rateLimit !== false) await hitSendLimit(core, sender.id);
  const { group, known } = await checkSend(core, sender, input);
  input.content = await attachmentContent(core, sender, input);
  const mentioned = group
    ? await activeMemberIds(
        core,
        group.id,
        input.at.filter((id) => id !== sender.id),
      )
    : [];
  const audience = mentioned.length ? await audienceOf(core, sender.id, mentioned) : null;
  const conversation = conversationKey(sender.id, input);
  const reply = input.replyTo ? await replyQuote(core, conversation, input.replyTo) : null;
  // The conversation's number stays locked from its numbering to the commit, so everything that can
  // happen outside that window does: the checks and reads before, the stored row's read after.
  const sent = await store(core, { sender, input, mentioned, audience, groupId: group?.id ?? null, known, conversation, reply, opts });
  // AI members it mentions (or the AI member of a private chat) answer later, off this call.
  if (sent.created) messageSent(core, sender, sent.message, input.at);
  return sent;
}
