/**
 * The two sides of a friendship, read and written in the caller's transaction. Every friend write
 * first locks the two users' rows (ascending id, so two calls about one pair wait for each other
 * and never deadlock) and then reads both sides: two people asking each other at once, or two
 * accepts of one request, are decided one after the other, and the unique (userId, friendId)
 * index is the last word if anything else writes the table.
 */
import { SYSTEM, and, entity, eq, isIn, or, fail, t as text } from '../../../core/api';
import type { Core, EntityColumns, EntityRow, OpTransaction, TypedEntity } from '../../../core/api';
import { NOTIFY_TYPE, notifyUsers } from '../notify/notify.service';
import { isAi } from '../groups/ai-member.service';
import { FRIEND } from './friend.messages';
import { memberLang } from '../../system/member-language';

/** A side of a friendship: one row of base/friend. */
export type Friend = EntityRow<'base/friend'>;
/** A user row, as the pair holds it. */
export type User = EntityRow<'base/sys/user'>;

export interface Pair {
  /** The users' rows. */
  me: User;
  other: User;
  /** The live friend rows: me -> other (mine) and other -> me (theirs). */
  mine: Friend | null;
  theirs: Friend | null;
}

export const friendEntity = (core: Core): TypedEntity<'base/friend'> => entity(core.model, 'base/friend');

/** Locks the users' rows (live ones; ascending id) and answers them by id. */
export async function lockUsers(core: Core, ids: number[]): Promise<Map<number, User>> {
  return core.ops.transaction(SYSTEM, async (sys) => {
    const rows = await sys.lock(entity(core.model, 'base/sys/user'), isIn('id', [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r]));
  });
}

/** Locks the pair's users (404 when `otherId` is no live user) and reads both sides' live rows. */
export async function lockPair(core: Core, meId: number, otherId: number): Promise<Pair> {
  const users = await lockUsers(core, [meId, otherId]);
  const me = users.get(meId);
  const other = users.get(otherId);
  if (!me || !other) throw fail.notFound(FRIEND.friend_user_not_found);
  const rows = await core.ops.transaction(SYSTEM, (sys) =>
    sys.lock(friendEntity(core), or(and(eq('userId', meId), eq('friendId', otherId)), and(eq('userId', otherId), eq('friendId', meId)))),
  );
  const side = (from: number) => rows.find((r) => r.userId === from) ?? null;
  return { me, other, mine: side(meId), theirs: side(otherId) };
}

/**
 * Whether `user` can be befriended: an enabled person. AI members (userType 1, see
 * ../groups/ai-member.service.ts) join groups instead; they are never anyone's friend.
 */
export function befriendable(user: Pick<User, 'status' | 'userType'>): boolean {
  return user.status === 1 && !isAi(user);
}

/** What the caller writes of their own side. */
export type OwnChanges = Partial<Pick<EntityColumns<'base/friend'>, 'remark' | 'type' | 'status'>>;

/** Drops fields left undefined, so a write changes only what was sent. */
function given(changes: OwnChanges): OwnChanges {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

/**
 * Writes the caller's side (me -> other) with `changes`, as the caller: changes the live row, or
 * adds one. The unique index holds deleted rows too, so a deleted row of the pair is purged first
 * (its recycle record then restores nothing: the pair has a newer row). Returns the row's id.
 */
export async function putMine(core: Core, t: OpTransaction, pair: Pair, changes: OwnChanges): Promise<number> {
  const e = friendEntity(core);
  const data = given(changes);
  if (pair.mine) {
    if (!Object.keys(data).length) return pair.mine.id;
    await t.updateWhere(e, pair.mine.id, data, { expect: 1 });
    return pair.mine.id;
  }
  const meId = pair.me.id;
  const otherId = pair.other.id;
  await t.purge(e, and(eq('userId', meId), eq('friendId', otherId), eq('delete', 1)));
  const { id, created } = await t.addIfAbsent(e, { ...data, friendId: otherId }, ['userId', 'friendId']);
  if (!created) await t.updateWhere(e, id, data, { expect: 1 });
  return id;
}

/** Sets the other side's status (product work, as the system) when it is one of `from`. */
export async function setTheirs(core: Core, pair: Pair, from: number[], status: Friend['status']): Promise<void> {
  const theirs = pair.theirs;
  if (!theirs || !from.includes(theirs.status)) return;
  await core.ops.transaction(SYSTEM, (sys) => sys.updateWhere(friendEntity(core), and(eq('id', theirs.id), isIn('status', from)), { status }, { expect: 1 }));
}

/** Tells `to` that `from` asked to be friends, or accepted: a notification in `to`'s language. */
export async function notifyFriend(core: Core, t: OpTransaction, kind: 'request' | 'accepted', from: User, to: User): Promise<void> {
  const lang = memberLang(to);
  const name = from.nickName || `#${from.id}`;
  const [type, title, content] =
    kind === 'request'
      ? [NOTIFY_TYPE.friendRequest, FRIEND.friend_request_title, FRIEND.friend_request_content]
      : [NOTIFY_TYPE.friendAccepted, FRIEND.friend_accepted_title, FRIEND.friend_accepted_content];
  await notifyUsers(core, t, { toIds: [to.id], type, title: text(lang, title), content: text(lang, content, { name }), fromId: from.id });
}
