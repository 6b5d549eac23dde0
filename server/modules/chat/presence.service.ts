/**
 * Presence on sys/user: `online` (0/1) and `socketId` (the latest socket's id), right with several
 * sockets per user and several instances. A connect sets online 1 and the socket id; a disconnect
 * sets online 0 only when no socket of the user is left on any instance (asked through the socket
 * adapter), then asks once more, so a connect racing the disconnect on another instance puts the
 * flag back. Writes go through the operations as the system, with conditions, so only a real
 * change is written and announced.
 */
import { and, eq, SYSTEM } from '../../core/api';
import type { Core } from '../../core/api';

/** Marks the user online with this socket; true when they were offline before. */
export async function markOnline(core: Core, userId: number, socketId: string): Promise<boolean> {
  const users = core.model.system('users');
  return core.ops.transaction(SYSTEM, async (t) => {
    const cameOnline = await t.updateWhere(users, and(eq('id', userId), eq('online', 0)), { online: 1, socketId });
    if (!cameOnline) await t.updateWhere(users, userId, { socketId });
    return cameOnline > 0;
  });
}

/**
 * Marks the user offline unless a socket of theirs is connected somewhere; true when they went
 * offline. `sockets` lists the ids of the user's sockets on every instance (null: unknown, e.g.
 * Redis is down; then nothing changes).
 */
export async function markOffline(core: Core, userId: number, sockets: () => Promise<string[] | null>): Promise<boolean> {
  const before = await sockets();
  if (before === null || before.length) return false;
  const users = core.model.system('users');
  const wentOffline = await core.ops.transaction(SYSTEM, (t) => t.updateWhere(users, and(eq('id', userId), eq('online', 1)), { online: 0 }));
  if (!wentOffline) return false;
  const after = await sockets();
  if (after?.length) {
    await markOnline(core, userId, after[after.length - 1]);
    return false;
  }
  return true;
}
