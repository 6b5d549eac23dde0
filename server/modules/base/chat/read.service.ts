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
 */
import type { Core } from '../../../core/core';
import { and, eq, lt } from '../../../core/crud/condition';
import { SYSTEM } from '../../../core/entity/access';
import type { AuthUser } from '../../../core/entity/define';
import { readableConversation } from './chat-access';
import { bodyObject, FieldErrors, intField, parseTarget, type Target } from './conversation';
import { lastSeqs, readSeqs } from './history.queries';

export interface ReadMark extends Target {
  seq: number;
}

export async function markRead(core: Core, user: AuthUser, body: unknown): Promise<ReadMark> {
  const b = bodyObject(body);
  const errors = new FieldErrors();
  const target = parseTarget(errors, b);
  const asked = intField(errors, b, 'seq', 0, 2 ** 31 - 1);
  for (const k of Object.keys(b)) if (!['toType', 'toId', 'seq'].includes(k)) errors.add(k, 'unknown');
  errors.throwIfAny();
  const conversation = await readableConversation(core, user, target);
  const seq = Math.min(asked, (await lastSeqs(core, [conversation])).get(conversation) ?? 0);
  const reads = core.model.byKey.get('base/messageRead')!;
  const moved = await core.ops.transaction(SYSTEM, async (t) => {
    const added = await t.addIfAbsent(reads, { userId: user.id, conversation, seq }, ['userId', 'conversation']);
    const changed = added.created
      ? seq > 0
      : (await t.updateWhere(reads, and(eq('userId', user.id), eq('conversation', conversation), lt('seq', seq)), { seq })) > 0;
    if (changed) {
      t.afterCommit(() => {
        core.realtime.toUsers([user.id], { kind: 'read', data: { ...target, userId: user.id, seq } });
        if (target.toType === 0 && target.toId !== user.id) {
          core.realtime.toUsers([target.toId], { kind: 'read', data: { toType: 0, toId: user.id, userId: user.id, seq } });
        }
      });
    }
    return changed;
  });
  const now = moved ? seq : (await readSeqs(core, user.id, [conversation])).get(conversation) ?? seq;
  return { ...target, seq: now };
}
