/**
 * Friend requests and answers (friend/add, friend/update, friend/delete), each one transaction for
 * the caller. Decisions the spec leaves open:
 * - A friendship is two rows, one per side (userId owns its side). `add {friendId}` writes the
 *   caller's side as pending (0) and notifies the other (friendRequest). When the other had already
 *   asked the caller (their side pending), asking back accepts both at once.
 * - Refused: oneself (400); a user that does not exist (404); an AI member, a disabled user, or
 *   someone who blocked the caller (409, one message for all three, so a block is never revealed);
 *   a request already pending (409) or a friend already (409). Asking again after a refusal, or
 *   after a delete, makes the caller's side pending again.
 * - The asked side answers on the requester's row: status 1 accepts (the caller's own side is
 *   written as accepted and the requester notified, friendAccepted), 2 refuses, 3 blocks. Accepting
 *   twice is harmless; refusing or accepting what is no longer pending is 409.
 * - Blocking always lands on the blocker's own row (status 3); the blocked side's row reads refused
 *   (2). A row owner may block through their own row too (ending a friendship or a request). To
 *   unblock, delete that row. Any other status change is 403.
 * - remark and type belong to the row's owner (403 for the other side). Administrators may change
 *   the remark and type of any row, and never a status that is not theirs to set.
 * - A member sends at most FRIEND_ADD_PER_HOUR (default 60) requests an hour (429 beyond), since
 *   each one notifies someone.
 * - A block is never shown to the blocked person: their reads skip it, and an update of it is 404.
 * - Answering a request (accept, refuse, block, or asking back) marks the answerer's notifications
 *   of that request read, on every device (see readNotifications).
 * - delete `{ids}` takes the caller's own rows (administrators: any) and removes both sides, except
 *   the other side's block: a block survives the blocked person deleting their refused row.
 */
import { SYSTEM, systemFor, and, eq, isIn, or, parseIds, type OpTransaction, AppError, fail, hit } from '../../../core/api';
import type { Core, AuthUser } from '../../../core/api';
import { FRIEND_STATUS } from '../../../../entities/base/friend.entity';
import type { AddBody, UpdateBody } from './friend-body';
import { befriendable, friendEntity, lockPair, lockUsers, notifyFriend, putMine, setTheirs, type Friend, type Pair } from './friend-pair';
import { FRIEND } from './friend.messages';
import { NOTIFY_TYPE, readNotifications } from '../notify/notify.service';

const { pending: PENDING, accepted: ACCEPTED, refused: REFUSED, blocked: BLOCKED } = FRIEND_STATUS;

const status = (row: Friend | null): Friend['status'] | null => row?.status ?? null;

/** Requests a member may send per hour (FRIEND_ADD_PER_HOUR): each one notifies someone. */
function requestsPerHour(core: Core): number {
  const n = Number(core.config.env.FRIEND_ADD_PER_HOUR);
  return Number.isSafeInteger(n) && n > 0 ? n : 60;
}

/** friend/add: asks `friendId` to be friends, or accepts their pending request. */
export async function requestFriend(core: Core, caller: AuthUser, body: AddBody): Promise<{ id: number; status: number }> {
  if (body.friendId === caller.id) throw fail.bad(FRIEND.friend_self);
  await hit(core.cache, [{ key: `friend:add:${caller.id}`, max: requestsPerHour(core), windowSeconds: 3600 }], FRIEND.friend_too_many);
  return core.ops.transaction(caller, async (t) => {
    const pair = await lockPair(core, caller.id, body.friendId);
    if (!befriendable(pair.other) || status(pair.theirs) === BLOCKED) throw fail.conflict(FRIEND.friend_unavailable);
    if (status(pair.mine) === PENDING) throw fail.conflict(FRIEND.friend_already_requested);
    if (status(pair.mine) === ACCEPTED) throw fail.conflict(FRIEND.friend_already_friends);
    const own = { remark: body.remark, type: body.type };
    const theirs = status(pair.theirs);
    if (theirs === PENDING || theirs === ACCEPTED) {
      const id = await putMine(core, t, pair, { ...own, status: ACCEPTED });
      await setTheirs(core, pair, [PENDING], ACCEPTED);
      await notifyFriend(core, t, 'accepted', pair.me, pair.other);
      await requestAnswered(core, t, caller.id, body.friendId);
      return { id, status: ACCEPTED };
    }
    const id = await putMine(core, t, pair, { ...own, status: PENDING });
    await notifyFriend(core, t, 'request', pair.me, pair.other);
    return { id, status: PENDING };
  });
}

/** `meId` answered `otherId`'s request: its notifications to `meId` are read. */
function requestAnswered(core: Core, t: OpTransaction, meId: number, otherId: number): Promise<number[]> {
  return readNotifications(core, t, { toId: meId, fromId: otherId, type: NOTIFY_TYPE.friendRequest });
}

/** The locked pair of `row`, seen from `meId`; 404 when the row went meanwhile. */
async function pairOf(core: Core, meId: number, otherId: number, row: Friend, side: 'mine' | 'theirs'): Promise<Pair> {
  const pair = await lockPair(core, meId, otherId);
  if (pair[side]?.id !== row.id) throw fail.notFound('record_not_found');
  return pair;
}

/** The owner's own fields, changed as the caller (the declaration's update rule applies). */
async function updateOwnFields(core: Core, t: OpTransaction, id: number, body: UpdateBody): Promise<void> {
  const changes = Object.fromEntries(Object.entries({ remark: body.remark, type: body.type }).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length) await t.update(friendEntity(core), { id, ...changes });
}

/** The caller changes their own side: remark and type, or blocks the other person. */
async function updateMine(core: Core, t: OpTransaction, caller: AuthUser, row: Friend, body: UpdateBody): Promise<void> {
  if (body.status === undefined || body.status === row.status) return updateOwnFields(core, t, row.id, body);
  if (body.status !== BLOCKED) throw fail.forbidden(FRIEND.friend_status_not_allowed);
  const pair = await pairOf(core, caller.id, row.friendId, row, 'mine');
  await putMine(core, t, pair, { remark: body.remark, type: body.type, status: BLOCKED });
  await setTheirs(core, pair, [PENDING, ACCEPTED], REFUSED);
  await requestAnswered(core, t, caller.id, row.friendId);
}

/** The caller answers a request made to them (the row is the requester's). */
async function answer(core: Core, t: OpTransaction, caller: AuthUser, row: Friend, body: UpdateBody): Promise<void> {
  if (body.remark !== undefined || body.type !== undefined) throw fail.forbidden(FRIEND.friend_not_your_row);
  if (body.status === undefined) return;
  if (body.status === PENDING) throw fail.forbidden(FRIEND.friend_status_not_allowed);
  const requesterId = row.userId ?? 0;
  const pair = await pairOf(core, caller.id, requesterId, row, 'theirs');
  const current = status(pair.theirs);
  // Whatever the answer, the request is settled (a refusal below rolls this back with the rest).
  await requestAnswered(core, t, caller.id, requesterId);
  if (body.status === BLOCKED) {
    await setTheirs(core, pair, [PENDING, ACCEPTED], REFUSED);
    await putMine(core, t, pair, { status: BLOCKED });
    return;
  }
  if (current === body.status) {
    // Accepted already (a second accept, or both at once): make sure the caller's side says so too.
    if (current === ACCEPTED && status(pair.mine) !== ACCEPTED) await putMine(core, t, pair, { status: ACCEPTED });
    return;
  }
  if (current !== PENDING) throw fail.conflict(FRIEND.friend_not_pending);
  await setTheirs(core, pair, [PENDING], body.status);
  if (body.status === ACCEPTED) {
    await putMine(core, t, pair, { status: ACCEPTED });
    await notifyFriend(core, t, 'accepted', pair.me, pair.other);
  }
}

/** friend/update `{id, status?, remark?, type?}`. */
export function updateFriend(core: Core, caller: AuthUser, body: UpdateBody): Promise<null> {
  return core.ops.transaction(caller, async (t) => {
    const [row] = await core.ops.transaction(SYSTEM, (sys) => sys.find(friendEntity(core), eq('id', body.id)));
    if (!row) throw fail.notFound('record_not_found');
    // A block is never shown to the blocked person (an administrator sees it).
    if (row.friendId === caller.id && row.status === BLOCKED && !caller.isAdmin) throw fail.notFound('record_not_found');
    if (row.userId === caller.id) await updateMine(core, t, caller, row, body);
    else if (row.friendId === caller.id) await answer(core, t, caller, row, body);
    else {
      // Neither side: an administrator, as the call's rule (friend.access.ts sideOfFriendRow) lets
      // no one else through; the row's two sides are fixed once it is made.
      if (body.status !== undefined && body.status !== row.status) throw fail.forbidden(FRIEND.friend_status_not_allowed);
      await updateOwnFields(core, t, body.id, body);
    }
    return null;
  });
}

/** friend/delete `{ids}`: the caller's rows and the other sides (not their blocks), in one recycle record. */
export function removeFriends(core: Core, caller: AuthUser, given: unknown, url: string): Promise<{ count: number }> {
  const ids = parseIds(given);
  return core.ops.transaction(caller, async () => {
    const e = friendEntity(core);
    const found = await core.ops.transaction(SYSTEM, (sys) => sys.find(e, isIn('id', ids)));
    // A member names their own rows (another's reads as missing, 404); an administrator any row.
    const named = found.filter((r) => caller.isAdmin || r.userId === caller.id);
    const missing = ids.filter((id) => !named.some((r) => r.id === id));
    if (missing.length) throw new AppError('not_found', 'records_not_found', { ids: missing.join(', ') }, { missing });
    await lockUsers(
      core,
      named.flatMap((r) => [r.userId ?? 0, r.friendId]),
    );
    const sides = or(
      ...named.map((r) => {
        const [u, f] = [r.userId ?? 0, r.friendId];
        return or(and(eq('userId', u), eq('friendId', f)), and(eq('userId', f), eq('friendId', u)));
      }),
    );
    return core.ops.transaction(systemFor(caller), async (sys) => {
      const live = await sys.lock(e, sides);
      const gone = ids.filter((id) => !live.some((r) => r.id === id));
      if (gone.length) throw new AppError('not_found', 'records_not_found', { ids: gone.join(', ') }, { missing: gone });
      const reverse = live.filter((r) => !ids.includes(r.id) && r.status !== BLOCKED && named.some((n) => n.userId === r.friendId && n.friendId === r.userId));
      await sys.delete(e, { ids: [...ids, ...reverse.map((r) => r.id)] }, { url });
      return { count: ids.length };
    });
  });
}
