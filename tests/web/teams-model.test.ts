import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canLeave,
  canManage,
  isTeamNotify,
  memberName,
  percentToRatio,
  poolAmount,
  ratioToPercent,
  roleOf,
  sortMembers,
  teamIdOf,
  teamPath,
  type TeamMember,
} from '../../web/src/workspace/teams/team-model';
import { isMembershipNotice, NOTIFY_TYPE } from '../../web/src/workspace/notify-types';

const member = (m: Partial<TeamMember> & { userId: number }): TeamMember => ({ id: m.userId, groupId: 1, role: 'member', ...m });

describe('team roles', () => {
  it('lets the owner and deputies manage, not members', () => {
    expect(canManage('owner')).toBe(true);
    expect(canManage('deputy')).toBe(true);
    expect(canManage('member')).toBe(false);
    expect(canManage(undefined)).toBe(false);
  });

  it('reads an unknown role as member', () => {
    expect(roleOf('deputy')).toBe('deputy');
    expect(roleOf('admin')).toBe('member');
    expect(roleOf(null)).toBe('member');
  });

  it('offers the owner no choice for themselves or an AI member, all three roles for a person', () => {
    expect(assignableRoles({ role: 'owner', userType: 0 })).toEqual([]);
    expect(assignableRoles({ role: 'member', userType: 1 })).toEqual([]);
    expect(assignableRoles({ role: 'deputy', userType: 0 })).toEqual(['member', 'deputy', 'owner']);
    expect(assignableRoles({ role: 'member', userType: null })).toEqual(['member', 'deputy', 'owner']);
  });
});

describe('member list', () => {
  it('lists the owner, then deputies, then people before AI members, each by name', () => {
    const list = [
      member({ userId: 5, nickName: 'Zed' }),
      member({ userId: 6, nickName: 'Bot', userType: 1 }),
      member({ userId: 2, nickName: 'Yan', role: 'deputy' }),
      member({ userId: 9, nickName: 'Ann', role: 'owner' }),
      member({ userId: 3, nickName: 'Abe' }),
      member({ userId: 4, nickName: 'Ada', role: 'deputy' }),
    ];
    expect(sortMembers(list).map((m) => m.userId)).toEqual([9, 4, 2, 3, 5, 6]);
    expect(list[0].userId).toBe(5);
  });

  it('names a member by their group name, then nickname, then id', () => {
    expect(memberName({ userId: 7, name: 'Helper', nickName: 'Cara' })).toBe('Helper');
    expect(memberName({ userId: 7, name: '  ', nickName: 'Cara' })).toBe('Cara');
    expect(memberName({ userId: 7, name: null, nickName: null })).toBe('#7');
  });
});

describe('allocation ratio', () => {
  it('shows the 0..1 ratio as a percentage with two decimals', () => {
    expect(ratioToPercent(0.3)).toBe(30);
    expect(ratioToPercent('0.1234')).toBe(12.34);
    expect(ratioToPercent(null)).toBe(0);
    expect(ratioToPercent('x')).toBe(0);
    expect(ratioToPercent(1.7)).toBe(100);
    expect(ratioToPercent(-1)).toBe(0);
  });

  it('sends a percentage as a ratio clamped to 0..1 with four decimals', () => {
    expect(percentToRatio(25)).toBe(0.25);
    expect(percentToRatio(12.345)).toBe(0.1235);
    expect(percentToRatio(150)).toBe(1);
    expect(percentToRatio(-3)).toBe(0);
    expect(percentToRatio(Number.NaN)).toBe(0);
  });

  it('round-trips every whole percentage', () => {
    for (let p = 0; p <= 100; p++) expect(ratioToPercent(percentToRatio(p))).toBe(p);
  });

  it('reads the reward pool whatever shape the decimal comes in', () => {
    expect(poolAmount('12.5000')).toBe(12.5);
    expect(poolAmount(3)).toBe(3);
    expect(poolAmount(null)).toBe(0);
    expect(poolAmount('n/a')).toBe(0);
  });
});

describe('team notifications and addresses', () => {
  it('reacts to team notice, joined, left and role notifications only', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter((type) => isTeamNotify({ type }))).toEqual([4, 5, 6, 7]);
    expect(isTeamNotify({ type: '5' })).toBe(true);
    expect(isTeamNotify(null)).toBe(false);
  });

  it('reads the team id of ?team= and refuses anything else', () => {
    expect(teamIdOf(new URLSearchParams('tab=teams&team=12'))).toBe(12);
    for (const bad of ['', 'team=0', 'team=-1', 'team=1x', 'team=abc']) expect(teamIdOf(new URLSearchParams(bad))).toBeNull();
    expect(teamPath(12)).toBe('/workbench?tab=teams&team=12');
  });
});

describe('leaving a team', () => {
  it('is offered to deputies and members, not to the owner', () => {
    expect(canLeave('owner')).toBe(false);
    expect(canLeave('deputy')).toBe(true);
    expect(canLeave('member')).toBe(true);
  });

  it('reads joins, leaves and role changes as membership notices, not others', () => {
    expect(isMembershipNotice({ type: NOTIFY_TYPE.groupJoin })).toBe(true);
    expect(isMembershipNotice({ type: NOTIFY_TYPE.groupLeave })).toBe(true);
    expect(isMembershipNotice({ type: NOTIFY_TYPE.mention })).toBe(false);
    expect(isMembershipNotice(null)).toBe(false);
  });
});
