/**
 * What the teams screens know about a team and its members, as pure functions: roles and who may
 * manage, the order members are listed in, and the allocation ratio as the percentage the owner edits.
 *
 * Decisions the spec leaves open:
 * - members are listed owner first, then deputies, then members (people before AI members), each by
 *   display name;
 * - the ratio (0..1, four decimals on the server) is edited as a percentage with two decimals;
 * - the owner may make a person a deputy or the new owner; AI members hold no role, so they get no choice.
 */
import type { Row } from '../../app/data';
import { MEMBERSHIP_NOTIFY_TYPES, NOTIFY_TYPE } from '../notify-types';

export type TeamRole = 'owner' | 'deputy' | 'member';
export const TEAM_ROLES: readonly TeamRole[] = ['owner', 'deputy', 'member'];

/** A team as `groupMember/teams` answers it: the group with my role, my member row and the member count. */
export type MyTeam = Row<'base/group'> & { id: number; role: TeamRole; memberId: number; memberCount: number };

/** A member as `groupMember/teamMember` answers it. */
export interface TeamMember {
  id: number;
  groupId: number;
  userId: number;
  name?: string | null;
  avatar?: string | null;
  nickName?: string | null;
  headImg?: string | null;
  isOwner?: number;
  /** 0 a person, 1 an AI member. */
  userType?: number | null;
  online?: boolean;
  role: TeamRole;
}

/** Owner and deputies invite, post notices and change the team's card. */
export function canManage(role: TeamRole | undefined): boolean {
  return role === 'owner' || role === 'deputy';
}

/** Whether "Leave team" is offered: the owner must hand the team over first, so it is not. */
export function canLeave(role: TeamRole | undefined): boolean {
  return role !== 'owner';
}

export function roleOf(value: unknown): TeamRole {
  return (TEAM_ROLES as readonly unknown[]).includes(value) ? (value as TeamRole) : 'member';
}

export function memberName(m: Pick<TeamMember, 'name' | 'nickName' | 'userId'>): string {
  return m.name?.trim() || m.nickName?.trim() || `#${m.userId}`;
}

const RANK: Record<TeamRole, number> = { owner: 0, deputy: 1, member: 2 };

/** Owner, deputies, members; people before AI members; then by name (a new array). */
export function sortMembers<M extends TeamMember>(list: readonly M[]): M[] {
  return [...list].sort(
    (a, b) =>
      RANK[a.role] - RANK[b.role] || Number(a.userType === 1) - Number(b.userType === 1) || memberName(a).localeCompare(memberName(b)) || a.userId - b.userId,
  );
}

/** The roles the owner may give `m` (an empty list: no choice to offer). */
export function assignableRoles(m: Pick<TeamMember, 'role' | 'userType'>): TeamRole[] {
  if (m.role === 'owner' || m.userType === 1) return [];
  return ['member', 'deputy', 'owner'];
}

/** The server's ratio (0..1, may come as a string or null) as a percentage 0..100 with two decimals. */
export function ratioToPercent(ratio: unknown): number {
  const n = typeof ratio === 'string' ? Number(ratio) : typeof ratio === 'number' ? ratio : 0;
  if (!Number.isFinite(n)) return 0;
  return Math.round(Math.min(1, Math.max(0, n)) * 10000) / 100;
}

/** A percentage as the ratio the server takes: clamped to 0..1, four decimals. */
export function percentToRatio(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 10000;
}

/** The reward pool as a number (the server's decimal may come as a string or null). */
export function poolAmount(pool: unknown): number {
  const n = typeof pool === 'string' ? Number(pool) : typeof pool === 'number' ? pool : 0;
  return Number.isFinite(n) ? n : 0;
}

/** Notification types that change a team's page: 4 team notice, 5 joined, 6 left, 7 role. */
export const TEAM_NOTIFY_TYPES: readonly number[] = [NOTIFY_TYPE.teamNotice, ...MEMBERSHIP_NOTIFY_TYPES];

export function isTeamNotify(n: { type?: unknown } | null | undefined): boolean {
  return !!n && TEAM_NOTIFY_TYPES.includes(Number(n.type));
}

/** The team id of `?team=`, or null. */
export function teamIdOf(search: URLSearchParams): number | null {
  const m = /^\d{1,15}$/.exec(search.get('team') ?? '');
  const id = m ? Number(m[0]) : 0;
  return id > 0 ? id : null;
}

export function teamPath(id: number): string {
  return `/workbench?tab=teams&team=${id}`;
}
