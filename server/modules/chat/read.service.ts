/**
 * Read marks: `read {toType, toId, seq}` (socket) and `message/read` (HTTP) set the caller's
 * last-read number of a conversation to max(old, seq): a mark never moves back, so a late packet
 * from another device cannot undo a newer one. `seq` is capped at the conversation's newest number
 * (a mark ahead of the history would hide messages still to come). When the mark moves, `notice
 * { kind: 'read', data: {toType, toId, userId, seq} }` goes to the caller's own sockets and, in a
 * private chat, to the other user's (read receipts); `toId` names the conversation as each
 * receiver sees it (the other user, or the group), `userId` who read. Group read marks are not
 * broadcast to the group (one mark per member per message would flood big groups).
 * Answers `{toType, toId, seq}` with the mark now stored.
 *
 * Marks are kept only for a member of the group (or one of the two users of a private chat) and only
 * once there is something to read: a conversation without messages (with a user who does not exist,
 * say) gets no row. At most 60 marks per member in 10 s (`CHAT_READ_LIMIT=max/seconds`; 1001, HTTP
 * 429). The mark moves in short transactions that each lock one row in one way (move it forward;
 * else add it; else, added meanwhile, move it forward), so concurrent marks of one member never
 * deadlock: in one transaction, the add's shared lock and the move's exclusive one did on MariaDB.
 */
import { and, entity, eq, lt, SYSTEM, hit } from '../../core/api';
import type { Core, AuthUser } from '../../core/api';
import { CHAT } from './chat.messages';
import { assertTakesPart } from './chat-access';
import { conversationKey, READ_INPUT, readInput, type Target } from './conversation';
import { lastSeqs, readSeqs } from './history.queries';
import { rateWindowOf } from './rate-window';

export interface ReadMark extends Target {
  seq: number;
}

const DEFAULT_LIMIT = { max: 60, windowSeconds: 10 };

/** Counts one read mark of the user against `CHAT_READ_LIMIT` (`max/seconds`); 1001 (HTTP 429) over it. */
export function hitReadLimit(core: Core, userId: number): Promise<void> {
  const limit = rateWindowOf(core.config.env.CHAT_READ_LIMIT, DEFAULT_LIMIT);
  return hit(core.cache, [{ key: `chat:read:${userId}`, ...limit }], CHAT.chat_read_too_fast);
}

/** The conversation the caller takes part in: a live group they are a member of, or their private chat. */
async function ownConversation(core: Core, user: AuthUser, target: Target): Promise<string> {
  await assertTakesPart(core, user, target);
  return conversationKey(user.id, target);
}

/** Moves the user's mark forward to `seq` (adding it if there is none); true when it moved. */
async function moveMark(core: Core, userId: number, conversation: string, seq: number): Promise<boolean> {
  const reads = entity(core.model, 'base/messageRead');
  const forward = () =>
    core.ops.transaction(SYSTEM, (t) => t.updateWhere(reads, and(eq('userId', userId), eq('conversation', conversation), lt('seq', seq)), { seq }));
  if ((await forward()) > 0) return true;
  const added = await core.ops.transaction(SYSTEM, (t) => t.addIfAbsent(reads, { userId, conversation, seq }, ['userId', 'conversation']));
  return added.created || (await forward()) > 0;
}

/** The read mark of the socket's `read` (rate limit counted beside its session check) and of HTTP `message/read`. */
export async function markRead(core: Core, user: AuthUser, body: unknown, opts: { rateLimit?: boolean } = {}): Promise<ReadMark> {
  const { seq: asked, ...target } = readInput(READ_INPUT, body);
  if (opts.rateLimit !== false) await hitReadLimit(core, user.id);
  const conversation = await ownConversation(core, user, target);
  const seq = Math.min(asked, (await lastSeqs(core, [conversation])).get(conversation) ?? 0);
  const moved = seq > 0 && (await moveMark(core, user.id, conversation, seq));
  if (moved) {
    core.realtime.toUsers([user.id], { kind: 'read', data: { ...target, userId: user.id, seq } });
    if (target.toType === 0 && target.toId !== user.id) {
      core.realtime.toUsers([target.toId], { kind: 'read', data: { toType: 0, toId: user.id, userId: user.id, seq } });
    }
  }
  const now = moved ? seq : ((await readSeqs(core, user.id, [conversation])).get(conversation) ?? seq);
  return { ...target, seq: now };
}
