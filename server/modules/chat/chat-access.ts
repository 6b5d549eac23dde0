/**
 * Who may write into and read from a conversation. Checked on every send, read mark, page and sync,
 * against the stored membership (never against what a socket's rooms say).
 *
 * The rule of who writes into a conversation is the message's create rule (entities/base/message.entity.ts),
 * asked here before a send: a group message needs the sender's membership (groupMembership there), and
 * the rows the rule found are vouched for in the send's transaction (OpMeta.known), where the same rule
 * is asked again at the INSERT without reading them twice. This file adds what that rule cannot say
 * with its own answers: which group is missing (404), and the receiver of a private message.
 *
 * Decisions the spec leaves open:
 * - Group: the sender needs an active member row (not removed) of a group that is not removed.
 *   Reading needs the same, except that a public group (type 1) is readable by anyone, without a
 *   token too (docs/decisions/spec-departures.md), and administrators read every group.
 * - Private: anyone signed in may write to any user who exists and is enabled (people and AI
 *   members alike), except themselves and except a user who blocks them (a friend row of the
 *   receiver's with status blocked, FRIEND_STATUS). Friendship is not required: a product where
 *   strangers cannot write first would need requests for every first contact. A block stops new
 *   messages only; the history stays readable to both. A private conversation is read by its two
 *   users only.
 */
import { entity, existsIn, type KnownRows, AppError, fail } from '../../core/api';
import type { Core, AuthUser, Where } from '../../core/api';
import { CHAT } from './chat.messages';
import { conversationKey, type Target } from './conversation';
import { FRIEND_STATUS } from '../../../entities/base/friend.entity';
import { groupMembership } from '../../../entities/base/message.entity';
import { blocks, liveGroup, mayReceive, type GroupRow } from './chat.queries';

const messagesOf = (core: Core) => entity(core.model, 'base/message');

/**
 * The message's create rule, asked for a message of `sender` to `target` as its INSERT will ask it:
 * the rows it found (for OpMeta.known), or null when it says no.
 */
async function createRule(core: Core, sender: AuthUser, target: Target): Promise<KnownRows | null> {
  const messages = messagesOf(core);
  const read = existsIn(core.model, core.db, messages);
  const found: Array<{ entity: string; where: Where }> = [];
  const exists = async (entity: string, where: Where) => {
    const yes = await read(entity, where);
    if (yes) found.push({ entity, where });
    return yes;
  };
  return (await messages.access.create({ user: sender, data: { toType: target.toType, toId: target.toId }, exists })) ? found : null;
}

/** Whether `userId` takes part in group `groupId`'s conversation (the message entity's groupMembership). */
async function isMember(core: Core, groupId: number, userId: number): Promise<boolean> {
  const m = groupMembership(groupId, userId);
  return existsIn(core.model, core.db, messagesOf(core))(m.entity, m.where);
}

export interface MaySend {
  /** The group of a group message, else null. */
  group: GroupRow | null;
  /** What the create rule found, for the send's transaction to vouch for. */
  known: KnownRows;
}

/** Refuses a send the sender may not make; answers the group of a group message and what the rule found. */
export async function checkSend(core: Core, sender: AuthUser, target: Target): Promise<MaySend> {
  let group: GroupRow | null = null;
  if (target.toType === 1) {
    group = await liveGroup(core, target.toId);
    if (!group) throw fail.notFound(CHAT.chat_group_not_found);
  } else {
    if (target.toId === sender.id) throw fail.bad(CHAT.chat_to_self);
    if (!(await mayReceive(core, target.toId))) throw fail.notFound(CHAT.chat_receiver_not_found);
    if (await blocks(core, target.toId, sender.id, FRIEND_STATUS.blocked)) throw fail.forbidden(CHAT.chat_blocked);
  }
  const known = await createRule(core, sender, target);
  if (!known) throw fail.forbidden(CHAT.chat_not_member);
  return { group, known };
}

/** Refuses a send the sender may not make; answers the group of a group message. */
export async function assertMaySend(core: Core, sender: AuthUser, target: Target): Promise<GroupRow | null> {
  return (await checkSend(core, sender, target)).group;
}

/** Refuses a read mark outside the caller's conversations: a live group they are a member of, or their private chat. */
export async function assertTakesPart(core: Core, user: AuthUser, target: Target): Promise<void> {
  if (target.toType !== 1) return;
  if (!(await liveGroup(core, target.toId))) throw fail.notFound(CHAT.chat_group_not_found);
  if (!(await isMember(core, target.toId, user.id))) throw fail.forbidden(CHAT.chat_not_member);
}

/** The key of a conversation the caller (null: anonymous) may read; 403 otherwise, 404 for a missing group. */
export async function readableConversation(core: Core, user: AuthUser | null, target: Target): Promise<string> {
  if (target.toType === 1) {
    const group = await liveGroup(core, target.toId);
    if (!group) throw fail.notFound(CHAT.chat_group_not_found);
    // Administrators read every group's history (what they see, not whether they may call).
    const open = group.type === 1 || (user !== null && (user.isAdmin || (await isMember(core, group.id, user.id))));
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
