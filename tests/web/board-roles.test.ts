import { describe, expect, it } from 'vitest';
import { canManage, memberActions, roleOf, tileActions } from '../../web/src/workspace/board/group-roles';
import { applyPresence, isOnline } from '../../web/src/workspace/board/presence-map';
import { cardValues, changedCard } from '../../web/src/workspace/board/group-card';
import type { MyGroup } from '../../web/src/workspace/board/board-api';

describe('tileActions', () => {
  it('gives the owner everything but leaving', () => {
    expect(tileActions('owner')).toEqual(['chat', 'addPeople', 'addAi', 'move', 'settings', 'delete']);
  });
  it('lets a deputy add members and leave, not delete', () => {
    expect(tileActions('deputy')).toEqual(['chat', 'addPeople', 'addAi', 'move', 'settings', 'leave']);
  });
  it('lets a plain member chat, move, read settings and leave', () => {
    expect(tileActions('member')).toEqual(['chat', 'move', 'settings', 'leave']);
  });
  it('reads unknown roles as a plain member', () => {
    expect(roleOf('admin')).toBe('member');
    expect(roleOf('deputy')).toBe('deputy');
    expect(canManage(roleOf(undefined))).toBe(false);
  });
});

describe('memberActions', () => {
  const ME = 1;
  const person = (userId: number, role: 'owner' | 'deputy' | 'member') => ({ userId, role, userType: 0 });
  it('lets the owner promote a member, hand over and remove', () => {
    expect(memberActions('owner', ME, person(2, 'member'))).toEqual({ roles: ['deputy'], handOver: true, remove: true });
    expect(memberActions('owner', ME, person(2, 'deputy'))).toEqual({ roles: ['member'], handOver: true, remove: true });
  });
  it('never offers a role or the group to an AI member, only removal', () => {
    expect(memberActions('owner', ME, { userId: 9, role: 'member', userType: 1 })).toEqual({ roles: [], handOver: false, remove: true });
  });
  it('lets a deputy remove plain members only', () => {
    expect(memberActions('deputy', ME, person(2, 'member'))).toEqual({ roles: [], handOver: false, remove: true });
    expect(memberActions('deputy', ME, person(2, 'deputy')).remove).toBe(false);
    expect(memberActions('deputy', ME, person(2, 'owner')).remove).toBe(false);
  });
  it('offers nothing on oneself, on the owner, or to a plain member', () => {
    const none = { roles: [], handOver: false, remove: false };
    expect(memberActions('owner', ME, person(ME, 'owner'))).toEqual(none);
    expect(memberActions('deputy', ME, person(ME, 'deputy'))).toEqual(none);
    expect(memberActions('member', ME, person(2, 'member'))).toEqual(none);
  });
});

describe('presence', () => {
  it('overrides the list flag with the latest notice and keeps the map when nothing changes', () => {
    const m0 = new Map<number, boolean>();
    const m1 = applyPresence(m0, { userId: 3, online: true });
    expect(m1).not.toBe(m0);
    expect(isOnline(m1, { userId: 3, online: false, userType: 0 })).toBe(true);
    expect(applyPresence(m1, { userId: 3, online: true })).toBe(m1);
    const m2 = applyPresence(m1, { userId: 3, online: false });
    expect(isOnline(m2, { userId: 3, online: true, userType: 0 })).toBe(false);
    expect(isOnline(m2, { userId: 4, online: true, userType: 0 })).toBe(true);
  });
  it('ignores notices without a user id and never shows AI members online', () => {
    const m = new Map<number, boolean>();
    expect(applyPresence(m, { userId: 'x', online: true })).toBe(m);
    expect(isOnline(new Map([[9, true]]), { userId: 9, online: true, userType: 1 })).toBe(false);
  });
});

describe('changedCard', () => {
  const g: MyGroup = {
    id: 1,
    name: 'G',
    remark: 'r',
    avatar: null,
    type: 0,
    rows: 2,
    cols: 2,
    onBoard: 1,
    aiBudgetDay: null,
    aiBudgetMonth: 40,
    key: null,
    role: 'owner',
    memberId: 1,
    memberCount: 1,
  };
  it('sends nothing when nothing changed', () => {
    expect(changedCard(g, cardValues(g))).toEqual({});
  });
  it('sends only the changed fields, trimmed, an emptied text as null', () => {
    expect(changedCard(g, { ...cardValues(g), name: ' H ', remark: '  ', rows: 3, onBoard: false })).toEqual({ name: 'H', remark: null, rows: 3, onBoard: 0 });
    expect(changedCard(g, { ...cardValues(g), avatar: '/x.png' })).toEqual({ avatar: '/x.png' });
  });
  it('edits the AI reply cap, 3 for a group that never set it, and sends it only when changed', () => {
    expect(cardValues(g).aiReplyCap).toBe(3);
    expect(cardValues({ ...g, aiReplyCap: 0 }).aiReplyCap).toBe(0);
    expect(changedCard(g, { ...cardValues(g), aiReplyCap: 3 })).toEqual({});
    expect(changedCard(g, { ...cardValues(g), aiReplyCap: 0 })).toEqual({ aiReplyCap: 0 });
    expect(changedCard({ ...g, aiReplyCap: 5 }, { ...cardValues(g), aiReplyCap: 5 })).toEqual({});
  });
  it("sends the owner's budgets when changed, an emptied or 0 one as null, and never a deputy's", () => {
    expect(changedCard(g, { ...cardValues(g), aiBudgetDay: 12.5 })).toEqual({ aiBudgetDay: 12.5 });
    expect(changedCard(g, { ...cardValues(g), aiBudgetMonth: null })).toEqual({ aiBudgetMonth: null });
    expect(changedCard(g, { ...cardValues(g), aiBudgetMonth: 0 })).toEqual({ aiBudgetMonth: null });
    expect(changedCard({ ...g, role: 'deputy' }, { ...cardValues(g), aiBudgetDay: 12.5, remark: 'x' })).toEqual({ remark: 'x' });
  });
});
