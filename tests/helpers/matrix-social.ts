/** Permission-matrix fixtures of the hand-written calls of friends and notifications. */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { del, write } from './matrix-fixture';

/** A's friend row (A -> the administrator, accepted). */
const friendOfA = (w: World): number => w.rows.get('base/friend')![0];

export const SOCIAL_FIXTURES: Record<string, (w: World) => Fixture> = {
  // B asks A (B's own row; A is only notified), forges A as the owner, asks A's friend.
  'POST /admin/base/friend/add': (w) => write({ body: { friendId: w.a.id, remark: 'from B' } }, { body: { friendId: w.adminId, userId: w.a.id } }),
  // A's row: B is neither side, so no remark, accept, refuse or block of it.
  'POST /admin/base/friend/update': (w) =>
    write(
      { body: { id: friendOfA(w), remark: 'changed by B' } },
      { body: { id: friendOfA(w), status: 1 } },
      { body: { id: friendOfA(w), status: 3 } },
      { body: { id: friendOfA(w), status: 2, userId: w.b.id } },
    ),
  // Deleting A's row would also remove the other side: B may not.
  'POST /admin/base/friend/delete': (w) => del({ body: { ids: [friendOfA(w)] } }),
  // Administrators only; B's attempt to notify A in the platform's name.
  'POST /admin/base/notify/add': (w) => write({ body: { toId: w.a.id, title: 'from B' } }, { body: [{ toId: w.a.id, title: 'from B', fromId: w.adminId }] }),
  // Marks only the caller's own notifications; A's stay unread.
  'POST /admin/base/notify/readAll': () => write({ body: {} }),
};
