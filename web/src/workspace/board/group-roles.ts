/**
 * What a member may do with a group, by their role in it (docs/reference/calls/workspace.md): the board
 * offers only these; the server refuses the rest anyway.
 *
 * - everyone: open the chat, move the group to another of their desktops, read the settings;
 * - owner and deputies: add people and AI members, change the card, remove members (a deputy only
 *   plain members);
 * - everyone but the owner: leave (the owner hands the group over first);
 * - the owner: delete the group, set roles, hand the group over (never to an AI member).
 */

export type GroupRole = 'owner' | 'deputy' | 'member';
export type TileAction = 'chat' | 'addPeople' | 'addAi' | 'move' | 'settings' | 'leave' | 'delete';

/** A role as the server sends it; anything unknown counts as a plain member. */
export function roleOf(v: unknown): GroupRole {
  return v === 'owner' || v === 'deputy' ? v : 'member';
}

const MANAGERS: readonly GroupRole[] = ['owner', 'deputy'];

export function canManage(role: GroupRole): boolean {
  return MANAGERS.includes(role);
}

/** The tile menu's actions for the caller's role, in menu order. */
export function tileActions(role: GroupRole): TileAction[] {
  const out: TileAction[] = ['chat'];
  if (canManage(role)) out.push('addPeople', 'addAi');
  out.push('move', 'settings');
  if (role !== 'owner') out.push('leave');
  if (role === 'owner') out.push('delete');
  return out;
}

export interface MemberLike {
  userId: number;
  role: GroupRole;
  /** 1 for an AI member. */
  userType: number;
}

export interface MemberActions {
  /** Roles the caller may give this member (its current one excluded); [] when none. */
  roles: Array<'member' | 'deputy'>;
  /** The caller may hand the group over to this member. */
  handOver: boolean;
  /** The caller may remove this member from the group. */
  remove: boolean;
}

/** What the caller (`me`, with `myRole`) may do to one member row in the settings' member list. */
export function memberActions(myRole: GroupRole, me: number, m: MemberLike): MemberActions {
  const none: MemberActions = { roles: [], handOver: false, remove: false };
  if (m.userId === me || m.role === 'owner') return none;
  const ai = m.userType === 1;
  if (myRole === 'owner') {
    return { roles: ai ? [] : m.role === 'deputy' ? ['member'] : ['deputy'], handOver: !ai, remove: true };
  }
  if (myRole === 'deputy') return { ...none, remove: m.role === 'member' };
  return none;
}
