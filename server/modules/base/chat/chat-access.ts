/**
 * Who may write into and read from a conversation. Checked on every send, read mark, page and sync,
 * against the stored membership (never against what a socket's rooms say).
 *
 * Decisions the spec leaves open:
 * - Group: the sender needs an active member row (not removed) of a group that is not removed.
 *   Reading needs the same, except that a public group (type 1) is readable by anyone, without a
 *   token too (ARCHITECTURE §7), and administrators read every group.
 * - Private: anyone signed in may write to any user who exists and is enabled (people and AI
 *   members alike), except themselves and except a user who blocks them (a friend row of the
 *   receiver's with status blocked, FRIEND_STATUS). Friendship is not required: a product where
 *   strangers cannot write first would need requests for every first contact. A block stops new
 *   messages only; the history stays readable to both. A private conversation is read by its two
 *   users only.
 */
import type { Core } from '../../../core/core';
import type { AuthUser } from '../../../core/entity/define';
import { AppError, fail } from '../../../core/http/errors';
import { CHAT } from './chat.messages';
import { conversationKey, type Target } from './conversation';
import { FRIEND_STATUS } from '../../../../entities/base/friend.entity';
import { blocks, liveGroup, liveGroupFor, mayReceive, memberRow, type GroupRow } from './chat.queries';

/** Refuses a send the sender may not make; answers the group of a group message. */
export async function assertMaySend(core: Core, sender: AuthUser, target: Target): Promise<GroupRow | null> {
  if (target.toType === 1) {
    const found = await liveGroupFor(core, target.toId, sender.id);
    if (!found) throw fail.notFound(CHAT.chat_group_not_found);
    if (!found.member) throw fail.forbidden(CHAT.chat_not_member);
    return found.group;
  }
  if (target.toId === sender.id) throw fail.bad(CHAT.chat_to_self);
  if (!(await mayReceive(core, target.toId))) throw fail.notFound(CHAT.chat_receiver_not_found);
  if (await blocks(core, target.toId, sender.id, FRIEND_STATUS.blocked)) throw fail.forbidden(CHAT.chat_blocked);
  return null;
}

/** The key of a conversation the caller (null: anonymous) may read; 403 otherwise, 404 for a missing group. */
export async function readableConversation(core: Core, user: AuthUser | null, target: Target): Promise<string> {
  if (target.toType === 1) {
    const group = await liveGroup(core, target.toId);
    if (!group) throw fail.notFound(CHAT.chat_group_not_found);
    const open = group.type === 1 || (user !== null && (user.isAdmin || (await memberRow(core, group.id, user.id)) !== null));
    if (!open) throw fail.forbidden(CHAT.chat_cannot_read);
    return conversationKey(0, target);
  }
  if (!user) throw fail.forbidden(CHAT.chat_cannot_read);
  return conversationKey(user.id, target);
}

/** Like {@link readableConversation}, but null instead of a refusal (sync skips what it may not read). */
export async function readableOrNull(core: Core, user: AuthUser, target: Target): Promise<string | null> {
  try {
    return await readableConversation(core, user, target);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
