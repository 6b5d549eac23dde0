import { describe, expect, it } from 'vitest';
import { createDirectory, type DirectoryLoaders, type MemberRow } from '../../web/src/workspace/chat/directory';

function fixture() {
  const calls = { groups: 0, user: [] as number[], members: [] as number[] };
  let clock = 1_000;
  let fail = false;
  const memberRows: MemberRow[] = [
    { userId: 2, name: null, nickName: 'Ann', headImg: 'ann.png', userType: 0, online: true },
    { userId: 5, name: 'Bot in here', nickName: 'Helper', avatar: 'bot.png', userType: 1, online: 0 },
  ];
  const loaders: DirectoryLoaders = {
    async groups() {
      calls.groups++;
      if (fail) throw new Error('down');
      return [{ id: 7, name: 'Lab', memberCount: 3 }];
    },
    async user(id) {
      calls.user.push(id);
      if (id === 404) throw new Error('not found');
      return { id, nickName: `N${id}`, headImg: null };
    },
    async members(groupId) {
      calls.members.push(groupId);
      return { list: [...memberRows], pagination: { total: memberRows.length } };
    },
  };
  const dir = createDirectory(loaders, () => clock);
  return { dir, calls, memberRows, tick: (ms: number) => (clock += ms), setFail: (v: boolean) => (fail = v) };
}

describe('chat directory', () => {
  it('asks each profile once, even when asked by many rows at the same time', async () => {
    const { dir, calls } = fixture();
    expect(dir.user(3)).toBeUndefined();
    await Promise.all([dir.ensureUser(3), dir.ensureUser(3), dir.ensureUser(3)]);
    await dir.ensureUser(3);
    expect(calls.user).toEqual([3]);
    expect(dir.user(3)).toEqual({ id: 3, name: 'N3', avatar: undefined });
  });

  it('remembers a profile that failed as unknown instead of asking again', async () => {
    const { dir, calls } = fixture();
    await dir.ensureUser(404);
    await dir.ensureUser(404);
    expect(dir.user(404)).toBeNull();
    expect(calls.user).toEqual([404]);
  });

  it('reloads groups only when older than the age a caller accepts', async () => {
    const { dir, calls, tick } = fixture();
    await dir.ensureGroups(30_000);
    expect(dir.group(7)?.name).toBe('Lab');
    tick(10_000);
    await dir.ensureGroups(30_000);
    expect(calls.groups).toBe(1);
    tick(25_000);
    await dir.ensureGroups(30_000);
    expect(calls.groups).toBe(2);
  });

  it('keeps failed groups empty and asks again on the next call with a max age', async () => {
    const { dir, calls, setFail } = fixture();
    setFail(true);
    await dir.ensureGroups(30_000);
    expect(dir.groupsLoaded()).toBe(true);
    expect(dir.group(7)).toBeUndefined();
    setFail(false);
    await dir.ensureGroups(30_000);
    expect(calls.groups).toBe(2);
    expect(dir.group(7)?.name).toBe('Lab');
  });

  it('names members by their group name first, marks AI members, and counts them', async () => {
    const { dir } = fixture();
    await dir.ensureGroups();
    expect(dir.memberCount(7)).toBe(3); // from the group row until the list is loaded
    await dir.ensureMembers(7);
    expect(dir.member(7, 2)).toEqual({ id: 2, name: 'Ann', avatar: 'ann.png', ai: false, role: undefined });
    expect(dir.member(7, 5)).toMatchObject({ name: 'Bot in here', avatar: 'bot.png', ai: true });
    expect(dir.memberCount(7)).toBe(2);
  });

  it('takes online state from the member list, then from presence notices', async () => {
    const { dir } = fixture();
    expect(dir.online(2)).toBeUndefined();
    await dir.ensureMembers(7);
    expect([dir.online(2), dir.online(5)]).toEqual([true, false]);
    let changes = 0;
    dir.subscribe(() => changes++);
    dir.setOnline(2, false);
    dir.setOnline(2, false); // no change, no notification
    expect(dir.online(2)).toBe(false);
    expect(changes).toBe(1);
  });

  it('moves its version on every change, for useSyncExternalStore', async () => {
    const { dir } = fixture();
    const v0 = dir.version();
    await dir.ensureUser(3);
    expect(dir.version()).toBeGreaterThan(v0);
  });

  it('reads a held member list again when told its members changed, so a new member is named and offered at once', async () => {
    const { dir, calls, memberRows } = fixture();
    await dir.ensureMembers(7);
    memberRows.push({ userId: 9, nickName: 'Bo', userType: 0, online: true });
    await dir.membersChanged(7);
    expect(dir.member(7, 9)).toMatchObject({ id: 9, name: 'Bo', ai: false });
    expect(dir.members(7)?.map((m) => m.id)).toEqual([2, 5, 9]);
    expect(calls.members).toEqual([7, 7]);
  });

  it('reads again after a read under way when told of a change, and leaves lists it does not hold unasked', async () => {
    const { dir, calls, memberRows } = fixture();
    await dir.membersChanged(8);
    expect(calls.members).toEqual([]);
    await dir.ensureMembers(7);
    const running = dir.ensureMembers(7, -1);
    memberRows.push({ userId: 9, nickName: 'Bo', userType: 0 });
    await Promise.all([running, dir.membersChanged(7)]);
    expect(dir.member(7, 9)?.name).toBe('Bo');
    expect(calls.members).toEqual([7, 7, 7]);
  });
});
