/**
 * "... is typing": `typing {toType, toId}` (socket) and `message/typing` (HTTP) tell the others of
 * a conversation that the caller is typing: `notice {kind: 'typing', data: {toType, toId, userId}}`
 * to the group's room (the typist's own sockets ignore it) or to the other user of a private chat
 * (toId: the typist, as that user names the chat). Never stored. Clients send it at most every few
 * seconds while the member types and show it for about 5 seconds after the last one; the server
 * passes on at most one per member and conversation every 2 seconds (counted in the cache store,
 * so across instances), and answers `sent: false` for the ones it held back.
 */
import type { AuthUser, Core } from '../../core/api';
import { assertTakesPart } from './chat-access';
import type { Target } from './conversation';

const EVERY_SECONDS = 2;

export async function announceTyping(core: Core, user: AuthUser, target: Target): Promise<boolean> {
  if (target.toType === 0 && target.toId === user.id) return false;
  // The window first: a member typing fast costs one cache call, not the membership reads.
  const key = `chat:typing:${user.id}:${target.toType}:${target.toId}`;
  const n = await core.cache.incr(key, EVERY_SECONDS);
  if (n > 1) return false;
  await assertTakesPart(core, user, { toType: target.toType, toId: target.toId });
  if (target.toType === 1) core.realtime.toGroup(target.toId, { kind: 'typing', data: { toType: 1, toId: target.toId, userId: user.id } });
  else core.realtime.toUsers([target.toId], { kind: 'typing', data: { toType: 0, toId: user.id, userId: user.id } });
  return true;
}
