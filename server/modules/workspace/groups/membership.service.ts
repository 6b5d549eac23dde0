/**
 * Membership inside one transaction: every call that changes who is in a group, or who leads it,
 * first locks the group's row, so such calls on one group run one after the other on every
 * database (two handovers, two joins of one user, a removal racing a role change). Reads here go
 * through the operations (never `core.db`, which waits for the transaction on SQLite) and lock the
 * member rows they read, so a decision never rests on a row another call is changing.
 *
 * Roles, one place each: the owner is the member row with isOwner 1; deputies are the user ids in
 * the group's onwerIds (deputies are always members: leaving drops the id); everyone else is a member.
 */
import { SYSTEM, systemFor, and, entity, eq, fail, t as text } from '../../../core/api';
import type { Core, AuthUser, EntityColumns, EntityRow, OpTransaction, TypedEntity } from '../../../core/api';
import { notifyUsers, type NotifyType } from '../notify/notify.service';
import { GROUP } from './group.messages';
import { memberLang } from '../../system/member-language';

export type Role = 'owner' | 'deputy' | 'member';

/** A group row (base/group). */
export type Group = EntityRow<'base/group'>;
/** A member row (base/groupMember). */
export type Member = EntityRow<'base/groupMember'>;
/** A user row (base/sys/user). */
export type User = EntityRow<'base/sys/user'>;

export interface Entities {
  groups: TypedEntity<'base/group'>;
  members: TypedEntity<'base/groupMember'>;
  users: TypedEntity<'base/sys/user'>;
  desktops: TypedEntity<'base/desktop'>;
  auths: TypedEntity<'base/auth'>;
}

export function entities(core: Core): Entities {
  const { model } = core;
  return {
    groups: entity(model, 'base/group'),
    members: entity(model, 'base/groupMember'),
    users: entity(model, 'base/sys/user'),
    desktops: entity(model, 'base/desktop'),
    auths: entity(model, 'base/auth'),
  };
}

/** Runs `fn` as the system inside the transaction under way (it joins it). */
export function asSystem<T>(core: Core, fn: (s: OpTransaction) => Promise<T>): Promise<T> {
  return core.ops.transaction(SYSTEM, fn);
}

/** The deputies' user ids of a group row. */
export function deputies(g: Pick<Group, 'onwerIds'>): number[] {
  return Array.isArray(g.onwerIds) ? g.onwerIds.map(Number).filter((n) => Number.isSafeInteger(n)) : [];
}

/** The role a member row gives its user in group `g`; null without a row. */
export function roleOf(g: Pick<Group, 'onwerIds'>, row: Pick<Member, 'isOwner' | 'userId'> | null | undefined): Role | null {
  if (!row) return null;
  if (row.isOwner === 1) return 'owner';
  return deputies(g).includes(row.userId) ? 'deputy' : 'member';
}

/** Locks the live group (404 otherwise). The first statement of every membership write. */
export async function lockGroup(core: Core, groupId: number): Promise<Group> {
  const [g] = await asSystem(core, (s) => s.lock(entities(core).groups, groupId));
  if (!g) throw fail.notFound(GROUP.group_not_found);
  return g;
}

/** The live member row of `userId` in the group, locked; null when they are not a member. */
export async function lockMember(core: Core, groupId: number, userId: number): Promise<Member | null> {
  const [row] = await asSystem(core, (s) => s.lock(entities(core).members, and(eq('groupId', groupId), eq('userId', userId))));
  return row ?? null;
}

/** A live member row by id, locked, or 404. */
export async function lockMemberRow(core: Core, memberId: number): Promise<Member> {
  const [row] = await asSystem(core, (s) => s.lock(entities(core).members, memberId));
  if (!row) throw fail.notFound(GROUP.group_member_not_found);
  return row;
}

/**
 * The caller's role in the locked group `g`, refused (403) unless it is one of `allowed`.
 * Administrators pass as 'owner' whether they are members or not.
 */
export async function requireRole(core: Core, g: Group, caller: AuthUser, allowed: Role[]): Promise<Role> {
  if (caller.isAdmin) return 'owner';
  const role = roleOf(g, await lockMember(core, g.id, caller.id));
  if (role && allowed.includes(role)) return role;
  if (!role) throw fail.forbidden(GROUP.group_not_member);
  throw fail.forbidden(allowed.includes('deputy') ? GROUP.group_not_manager : GROUP.group_not_owner);
}

/** A live user row (system read), or null. */
export async function userRow(core: Core, id: number): Promise<User | null> {
  const [row] = await asSystem(core, (s) => s.find(entities(core).users, eq('id', id)));
  return row ?? null;
}

export type NewMember = Pick<Member, 'userId'> &
  Partial<
    Pick<EntityColumns<'base/groupMember'>, 'name' | 'avatar' | 'originMemberId' | 'linkedMemberId' | 'authId' | 'authType' | 'isPurchased' | 'purchaseId'>
  >;

/**
 * Adds a member to the locked group `g` and returns the row id: 409 when the user is a live
 * member already; an earlier, soft-deleted row of theirs is purged first (one row per group and
 * user). Their sockets join the group's room after the commit.
 */
export async function addMember(core: Core, t: OpTransaction, g: Group, m: NewMember): Promise<number> {
  const groupId = g.id;
  if (await lockMember(core, groupId, m.userId)) throw fail.conflict(GROUP.group_already_member);
  const { members } = entities(core);
  const id = await asSystem(core, async (s) => {
    await s.purge(members, and(eq('groupId', groupId), eq('userId', m.userId), eq('delete', 1)));
    return s.addOne(members, defined({ ...m, groupId, isOwner: 0 }));
  });
  t.afterCommit(async () => {
    await core.realtime.joinGroup([m.userId], groupId);
    membersChanged(core, groupId);
  });
  return id;
}

/**
 * Tells the group's room (its members' sockets, on every instance) that who is in it changed, so an
 * open chat reads its member list again: `notice {kind: 'members', data: {groupId}}`. After the
 * commit, and after the room itself changed (a new member hears it too, a removed one does not).
 */
export function membersChanged(core: Core, groupId: number): void {
  core.realtime.toGroup(groupId, { kind: 'members', data: { groupId } });
}

/** The row without its undefined values. */
export function defined<T extends object>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Sets the deputies of the locked group `g` (a no-op when they do not change). */
export async function setDeputies(core: Core, g: Group, next: number[]): Promise<void> {
  const now = deputies(g);
  const wanted = [...new Set(next)];
  if (now.length === wanted.length && wanted.every((id) => now.includes(id))) return;
  await asSystem(core, (s) => s.updateWhere(entities(core).groups, g.id, { onwerIds: wanted }, { expect: 1 }));
  g.onwerIds = wanted;
}

/**
 * Soft-deletes member rows of the locked group `g` (each with its recycle record), drops their
 * users from the deputies, and takes their sockets out of the group's room after the commit.
 * Who may remove whom is the caller's check.
 */
export async function removeMembers(core: Core, t: OpTransaction, g: Group, rows: Member[], url: string): Promise<void> {
  if (!rows.length) return;
  const userIds = rows.map((r) => r.userId);
  await core.ops.transaction(systemFor(t.caller), (s) => s.delete(entities(core).members, { ids: rows.map((r) => r.id) }, { url }));
  await setDeputies(
    core,
    g,
    deputies(g).filter((id) => !userIds.includes(id)),
  );
  t.afterCommit(async () => {
    await core.realtime.leaveGroup(userIds, g.id);
    membersChanged(core, g.id);
  });
}

/**
 * Notifies people (never AI members) in their own language: `key` is a message of group.messages.ts
 * with `{group}` (and `{name}`) filled in.
 */
export async function notifyPeople(
  core: Core,
  t: OpTransaction,
  n: { toIds: number[]; type: NotifyType; key: string; params: Record<string, string>; fromId: number | null; groupId: number },
): Promise<void> {
  for (const toId of [...new Set(n.toIds)]) {
    if (toId === n.fromId) continue;
    const u = await userRow(core, toId);
    if (!u || u.userType === 1) continue;
    const title = text(memberLang(u), n.key, n.params);
    await notifyUsers(core, t, { toIds: [toId], type: n.type, title, content: null, fromId: n.fromId, groupId: n.groupId });
  }
}

/** A user's display name for a notification. */
export async function displayName(core: Core, userId: number): Promise<string> {
  const u = await userRow(core, userId);
  return u?.nickName ?? u?.username ?? String(userId);
}
