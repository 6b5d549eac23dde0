/**
 * Muting a conversation (`message/mute`): the caller's own setting, kept on their read mark row
 * (base/messageRead.muted), so `message/conversations` answers it beside the unread count. What it
 * does is the clients': no toast, sound or bell for the conversation's ordinary messages; the badge
 * still counts and a mention of the member still notifies (mention notifications are written as
 * before). The caller must take part in the conversation (a group's member, or a private chat).
 */
import { SYSTEM, and, entity, eq } from '../../core/api';
import type { AuthUser, Core } from '../../core/api';
import { assertTakesPart } from './chat-access';
import { conversationKey, type Target } from './conversation';

export async function muteConversation(core: Core, user: AuthUser, input: Target & { muted: boolean }): Promise<Target & { muted: boolean }> {
  const target: Target = { toType: input.toType, toId: input.toId };
  await assertTakesPart(core, user, target);
  const conversation = conversationKey(user.id, target);
  const reads = entity(core.model, 'base/messageRead');
  const muted = input.muted ? 1 : 0;
  await core.ops.transaction(SYSTEM, async (t) => {
    const added = await t.addIfAbsent(reads, { userId: user.id, conversation, seq: 0, muted }, ['userId', 'conversation']);
    if (!added.created) await t.updateWhere(reads, and(eq('userId', user.id), eq('conversation', conversation)), { muted });
  });
  core.realtime.toUsers([user.id], { kind: 'mute', data: { ...target, muted: input.muted } });
  return { ...target, muted: input.muted };
}
