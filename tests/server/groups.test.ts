/**
 * Groups and their members (issue 15) on every database: creating a group makes its owner, the
 * owner and deputies manage it, members leave, the owner cannot; the member list is public for
 * public groups and teams only; sockets join and leave the group's room after the commit only.
 */
import { SYSTEM } from '../../server/core/entity/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { notificationsOf, ok, person, post, rows, spyRooms, type Person } from '../helpers/group-members';
import { NOTIFY_TYPE } from '../../server/modules/workspace/notify/notify.service';

const kinds = await databaseKinds();

describe.each(kinds)('groups on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let b: Person;
  let c: Person;
  let d: Person;
  let rooms: ReturnType<typeof spyRooms>;
  const group = (who: Person, body: object) => post(t, who, '/admin/base/group/add', body);
  const addMember = (who: Person, groupId: number, userId: number) => post(t, who, '/admin/base/groupMember/add', { groupId, userId });
  const memberRow = async (groupId: number, userId: number) => (await rows(t, 'base_group_member', '`groupId` = ? AND `userId` = ?', [groupId, userId]))[0];
  const groupRow = async (id: number) => (await rows(t, 'base_group', '`id` = ?', [id]))[0];
  const members = async (groupId: number) => (await rows(t, 'base_group_member', '`groupId` = ? AND `delete` = 0', [groupId])).map((r) => Number(r.userId));

  beforeAll(async () => {
    t = await startApp(kind);
    a = await person(t, 'ann');
    b = await person(t, 'bob');
    c = await person(t, 'cid');
    d = await person(t, 'dee');
    rooms = spyRooms(t);
  });
  afterAll(async () => {
    rooms?.restore();
    await t?.close();
  });

  it('makes the creator the owner of a new group with the default board, and joins their sockets after the commit', async () => {
    const { id } = ok(await group(a, { name: 'Board', userId: b.id, key: 'mine', onwerIds: [b.id], rewardPool: 99 }));
    const g = await groupRow(id);
    expect(g).toMatchObject({ userId: a.id, type: 0, rows: 2, cols: 2, onBoard: 1, key: null, onwerIds: null, rewardPool: null });
    expect(await rows(t, 'base_group_member', '`groupId` = ?', [id])).toMatchObject([{ userId: a.id, isOwner: 1 }]);
    expect(rooms.calls).toContainEqual({ kind: 'join', userIds: [a.id], groupId: id, committed: true });
  });

  it('gives a team a random base62 join key of its own', async () => {
    const one = ok(await group(a, { name: 'Team one', type: 2, allocationRatio: 0.25 }));
    const two = ok(await group(a, { name: 'Team two', type: 2 }));
    expect(one.key).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(two.key).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(one.key).not.toBe(two.key);
    expect(await groupRow(one.id)).toMatchObject({ key: one.key, type: 2 });
    expect(Number((await groupRow(one.id)).allocationRatio)).toBe(0.25);
  });

  it('refuses a bad group with 1002 naming every bad field, and writes nothing', async () => {
    const before = (await rows(t, 'base_group')).length;
    const res = await group(a, { type: 5, rows: 0, allocationRatio: 0.5, color: 'red' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1002);
    expect(res.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['allocationRatio', 'color', 'name', 'rows', 'type']);
    expect((await group(a, { name: 'Private', allocationRatio: 0.5 })).body.data.map((e: { field: string }) => e.field)).toEqual(['allocationRatio']);
    expect((await rows(t, 'base_group')).length).toBe(before);
  });

  it("lists the caller's groups with their role and the member count", async () => {
    const { id } = ok(await group(a, { name: 'Counted' }));
    ok(await addMember(a, id, b.id));
    ok(await addMember(a, id, c.id));
    ok(await post(t, a, '/admin/base/groupMember/setTeamMemberRole', { groupId: id, userId: b.id, role: 'deputy' }));
    const find = async (who: Person) => (ok(await post(t, who, '/admin/base/group/list2', {})) as Array<{ id: number }>).find((g) => g.id === id);
    expect(await find(a)).toMatchObject({ id, name: 'Counted', role: 'owner', memberCount: 3 });
    expect(await find(b)).toMatchObject({ role: 'deputy', memberCount: 3 });
    expect(await find(c)).toMatchObject({ role: 'member' });
    expect(await find(d)).toBeUndefined();
    const teams = ok(await post(t, a, '/admin/base/group/list2', { type: 2 })) as Array<{ type: number }>;
    expect(teams.length).toBeGreaterThan(0);
    expect(teams.every((g) => g.type === 2)).toBe(true);
  });

  it('lets the owner and a deputy change the group, and refuses members and outsiders', async () => {
    const { id } = ok(await group(a, { name: 'Editable' }));
    ok(await addMember(a, id, b.id));
    ok(await addMember(a, id, c.id));
    ok(await post(t, a, '/admin/base/groupMember/setTeamMemberRole', { groupId: id, userId: b.id, role: 'deputy' }));
    const edit = (who: Person, body: object) => post(t, who, '/admin/base/group/updateGroupInfo', { id, ...body });
    expect(ok(await edit(a, { name: 'By owner', rows: 3, cols: 4 }))).toMatchObject({ name: 'By owner', rows: 3, cols: 4 });
    expect(ok(await edit(b, { remark: 'By deputy', onBoard: 0 }))).toMatchObject({ remark: 'By deputy', onBoard: 0 });
    expect((await edit(c, { name: 'By member' })).status).toBe(403);
    expect((await edit(d, { name: 'By outsider' })).status).toBe(403);
    expect((await post(t, a, '/admin/base/group/updateGroupInfo', { id: 99999999, name: 'x' })).status).toBe(404);
    const bad = await edit(a, { rows: 99, allocationRatio: 0.5, type: 2 });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['rows', 'type']);
    expect((await edit(a, { allocationRatio: 0.5 })).body.data).toEqual([expect.objectContaining({ field: 'allocationRatio' })]);
    // The cap on AI replies in a row is part of the group's settings too: 0..20.
    expect(ok(await edit(b, { aiReplyCap: 0 }))).toMatchObject({ aiReplyCap: 0 });
    expect((await edit(a, { aiReplyCap: 21 })).body.data).toEqual([expect.objectContaining({ field: 'aiReplyCap' })]);
    expect((await edit(a, { aiReplyCap: 1.5 })).body.code).toBe(1002);
    expect((await edit(c, { aiReplyCap: 5 })).status).toBe(403);
    expect(await groupRow(id)).toMatchObject({ name: 'By owner', remark: 'By deputy', rows: 3, cols: 4, onBoard: 0, allocationRatio: null, aiReplyCap: 0 });
    // The generic update keeps the owner's hands off who leads and what kind of group it is.
    ok(await post(t, a, '/admin/base/group/update', { id, type: 2, onwerIds: [d.id], key: 'forged', userId: d.id }));
    expect(await groupRow(id)).toMatchObject({ type: 0, key: null, userId: a.id });
    expect(JSON.parse((await groupRow(id)).onwerIds)).toEqual([b.id]);
  });

  it("lets only the owner set the group's AI budgets with the group's settings, a deputy's try changing nothing", async () => {
    const { id } = ok(await group(a, { name: 'Budgets' }));
    ok(await addMember(a, id, b.id));
    ok(await post(t, a, '/admin/base/groupMember/setTeamMemberRole', { groupId: id, userId: b.id, role: 'deputy' }));
    const edit = (who: Person, body: object) => post(t, who, '/admin/base/group/updateGroupInfo', { id, ...body });
    expect(Number(ok(await edit(a, { aiBudgetDay: 25, aiBudgetMonth: 300 })).aiBudgetDay)).toBe(25);
    // A deputy may change the card, not the budgets: the whole save is refused.
    const byDeputy = await edit(b, { remark: 'Deputy was here', aiBudgetDay: 1000 });
    expect(byDeputy.status).toBe(403);
    expect(byDeputy.body.message).toBe("Only the group's owner can do this");
    expect(await groupRow(id)).toMatchObject({ remark: null });
    expect(Number((await groupRow(id)).aiBudgetDay)).toBe(25);
    const bad = await edit(a, { aiBudgetDay: -1, aiBudgetMonth: 'lots' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['aiBudgetDay', 'aiBudgetMonth']);
    // null takes a budget away.
    ok(await edit(a, { aiBudgetDay: null }));
    expect(await groupRow(id)).toMatchObject({ aiBudgetDay: null });
    expect(Number((await groupRow(id)).aiBudgetMonth)).toBe(300);
  });

  it('bounds the board to 1..12 rows and cols on the generic update as on the group calls', async () => {
    const { id } = ok(await group(a, { name: 'Board' }));
    const update = (body: object) => post(t, a, '/admin/base/group/update', { id, ...body });
    for (const bad of [{ rows: 100_000 }, { cols: 100_000 }, { rows: 0 }, { cols: 13 }]) {
      const res = await update(bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: Object.keys(bad)[0] })]);
    }
    expect(await groupRow(id)).toMatchObject({ rows: 2, cols: 2 });
    ok(await update({ rows: 12, cols: 1 }));
    expect(await groupRow(id)).toMatchObject({ rows: 12, cols: 1 });
  });

  it('lets the owner or a deputy add people, notifies them, and refuses duplicates and everyone else', async () => {
    const { id } = ok(await group(a, { name: 'Adders' }));
    const added = ok(await post(t, a, '/admin/base/groupMember/add', { groupId: id, userId: b.id, isOwner: 1, name: 'Bobby' }));
    expect(added.userId).toBe(b.id);
    expect(await memberRow(id, b.id)).toMatchObject({ id: added.id, isOwner: 0, name: 'Bobby' });
    expect(rooms.calls).toContainEqual({ kind: 'join', userIds: [b.id], groupId: id, committed: true });
    const joined = (await notificationsOf(t, b.id)).filter((n) => n.type === NOTIFY_TYPE.groupJoin && n.title.includes('Adders'));
    expect(joined).toHaveLength(1);
    expect(joined[0].groupId).toBe(id);
    const dup = await addMember(a, id, b.id);
    expect(dup.status).toBe(409);
    expect((await addMember(b, id, c.id)).status).toBe(403);
    expect((await addMember(d, id, c.id)).status).toBe(403);
    expect((await addMember(a, id, 99999999)).status).toBe(404);
    expect((await addMember(a, 99999999, c.id)).status).toBe(404);
    expect((await post(t, a, '/admin/base/groupMember/add', { groupId: id })).body.code).toBe(1002);
    expect(await members(id)).toEqual([a.id, b.id]);
    ok(await post(t, a, '/admin/base/groupMember/setTeamMemberRole', { groupId: id, userId: b.id, role: 'deputy' }));
    ok(await addMember(b, id, c.id));
    expect(await members(id)).toEqual([a.id, b.id, c.id]);
  });

  it('refuses to add a disabled person', async () => {
    const { id } = ok(await group(a, { name: 'No disabled' }));
    const off = await person(t, 'off');
    ok(await post(t, t.adminToken, '/admin/base/sys/user/update', { id: off.id, status: 0 }));
    expect((await addMember(a, id, off.id)).status).toBe(404);
    expect(await members(id)).toEqual([a.id]);
  });

  it("lets a member change their own row's name and avatar only, and leave", async () => {
    const { id } = ok(await group(a, { name: 'Leavers' }));
    const row = ok(await addMember(a, id, b.id));
    ok(await post(t, b, '/admin/base/groupMember/update', { id: row.id, name: 'B here', avatar: 'b.png', isOwner: 1, groupId: 1, userId: a.id, authType: 2 }));
    expect(await memberRow(id, b.id)).toMatchObject({ name: 'B here', avatar: 'b.png', isOwner: 0, groupId: id, userId: b.id, authType: 1 });
    const ownerRow = await memberRow(id, a.id);
    expect((await post(t, b, '/admin/base/groupMember/update', { id: ownerRow.id, name: 'hijack' })).status).toBe(404);
    const before = (await notificationsOf(t, b.id)).length;
    ok(await post(t, b, '/admin/base/groupMember/delete', { ids: [row.id] }));
    expect(await members(id)).toEqual([a.id]);
    expect(rooms.calls).toContainEqual({ kind: 'leave', userIds: [b.id], groupId: id, committed: true });
    expect((await notificationsOf(t, b.id)).length).toBe(before);
  });

  it('brings a member back with one fresh row, never a second one', async () => {
    const { id } = ok(await group(a, { name: 'Comeback' }));
    const first = ok(await addMember(a, id, b.id));
    ok(await post(t, b, '/admin/base/groupMember/update', { id: first.id, name: 'old name' }));
    ok(await post(t, b, '/admin/base/groupMember/delete', { ids: [first.id] }));
    const again = ok(await addMember(a, id, b.id));
    const all = await rows(t, 'base_group_member', '`groupId` = ? AND `userId` = ?', [id, b.id]);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: again.id, delete: 0, name: null });
  });

  it('refuses the owner leaving, and a deputy removing the owner or another deputy', async () => {
    const { id } = ok(await group(a, { name: 'Strict' }));
    for (const p of [b, c, d]) ok(await addMember(a, id, p.id));
    for (const p of [b, c]) ok(await post(t, a, '/admin/base/groupMember/setTeamMemberRole', { groupId: id, userId: p.id, role: 'deputy' }));
    const rowOf = async (p: Person) => Number((await memberRow(id, p.id)).id);
    const owner = await post(t, a, '/admin/base/groupMember/delete', { ids: [await rowOf(a)] });
    expect(owner.status).toBe(409);
    expect((await post(t, b, '/admin/base/groupMember/delete', { ids: [await rowOf(a)] })).status).toBe(403);
    expect((await post(t, b, '/admin/base/groupMember/delete', { ids: [await rowOf(c)] })).status).toBe(403);
    expect((await post(t, d, '/admin/base/groupMember/delete', { ids: [await rowOf(c)] })).status).toBe(403);
    // All or nothing: one row the caller may not remove refuses the whole request.
    expect((await post(t, b, '/admin/base/groupMember/delete', { ids: [await rowOf(d), await rowOf(c)] })).status).toBe(403);
    expect((await post(t, t.adminToken, '/admin/base/groupMember/delete', { ids: [await rowOf(a)] })).status).toBe(409);
    expect(await members(id)).toEqual([a.id, b.id, c.id, d.id]);
    ok(await post(t, b, '/admin/base/groupMember/delete', { ids: [await rowOf(d)] }));
    expect((await notificationsOf(t, d.id)).filter((n) => n.type === NOTIFY_TYPE.groupLeave && n.fromId === b.id)).toHaveLength(1);
    ok(await post(t, a, '/admin/base/groupMember/delete', { ids: [await rowOf(c)] }));
    expect(await members(id)).toEqual([a.id, b.id]);
    expect(JSON.parse((await groupRow(id)).onwerIds)).toEqual([b.id]);
  });

  it('deletes a group for its owner only, softly, and takes every member out of its room after the commit', async () => {
    const { id } = ok(await group(a, { name: 'Doomed' }));
    ok(await addMember(a, id, b.id));
    expect((await post(t, b, '/admin/base/group/delete', { ids: [id] })).status).toBe(404);
    expect((await groupRow(id)).delete).toBe(0);
    ok(await post(t, a, '/admin/base/group/delete', { ids: [id] }));
    expect((await groupRow(id)).delete).toBe(1);
    const leave = rooms.calls.filter((x) => x.kind === 'leave' && x.groupId === id);
    expect(leave).toHaveLength(1);
    expect(leave[0].userIds.sort()).toEqual([a.id, b.id].sort());
    expect(leave[0].committed).toBe(true);
    expect((ok(await post(t, a, '/admin/base/group/list2', {})) as Array<{ id: number }>).map((g) => g.id)).not.toContain(id);
    expect((await post(t, a, '/admin/base/groupMember/memberList', { groupId: id })).status).toBe(404);
  });

  it('shows the members of public groups and teams to anyone, and of private groups to their members only', async () => {
    const priv = ok(await group(a, { name: 'Hidden' })).id;
    const pub = ok(await group(a, { name: 'Open', type: 1 })).id;
    for (const g of [priv, pub]) ok(await addMember(a, g, b.id));
    expect((await post(t, null, '/admin/base/groupMember/memberList', { groupId: priv })).status).toBe(403);
    expect((await post(t, c, '/admin/base/groupMember/memberList', { groupId: priv })).status).toBe(403);
    const mine = ok(await post(t, b, '/admin/base/groupMember/memberList', { groupId: priv }));
    expect(mine.pagination).toEqual({ page: 1, size: 1000, total: 2 });
    const open = ok(await post(t, null, '/admin/base/groupMember/memberList', { groupId: pub }));
    expect(open.list).toMatchObject([
      { userId: a.id, role: 'owner', nickName: 'ann', userType: 0, online: false },
      { userId: b.id, role: 'member', nickName: 'bob', userType: 0, online: false },
    ]);
    for (const m of open.list)
      expect(Object.keys(m).sort()).toEqual([
        'avatar',
        'groupId',
        'headImg',
        'id',
        'isOwner',
        'linkedMemberId',
        'name',
        'nickName',
        'online',
        'originMemberId',
        'ownerId',
        'role',
        'userId',
        'userType',
      ]);
    const second = ok(await post(t, null, '/admin/base/groupMember/memberList', { groupId: pub, page: 2, size: 1 }));
    expect(second.list.map((m: { userId: number }) => m.userId)).toEqual([b.id]);
    expect((await post(t, null, '/admin/base/groupMember/memberList', { groupId: pub, size: 5000 })).body.code).toBe(1002);
  });

  it('shows online as presence keeps it on the user row', async () => {
    const pub = ok(await group(a, { name: 'Online', type: 1 })).id;
    const users = t.core.model.system('users');
    const setOnline = (v: number) => t.core.ops.transaction(SYSTEM, (s) => s.updateWhere(users, a.id, { online: v }));
    await setOnline(1);
    try {
      const list = ok(await post(t, null, '/admin/base/groupMember/memberList', { groupId: pub })).list;
      expect(list[0]).toMatchObject({ userId: a.id, online: true });
    } finally {
      await setOnline(0);
    }
    const list = ok(await post(t, null, '/admin/base/groupMember/memberList', { groupId: pub })).list;
    expect(list[0]).toMatchObject({ userId: a.id, online: false });
  });

  it('never calls the realtime hub for a refused call', async () => {
    const { id } = ok(await group(a, { name: 'Quiet' }));
    ok(await addMember(a, id, b.id));
    const before = rooms.calls.length;
    expect((await addMember(a, id, b.id)).status).toBe(409);
    expect((await addMember(c, id, d.id)).status).toBe(403);
    expect((await post(t, a, '/admin/base/groupMember/delete', { ids: [Number((await memberRow(id, a.id)).id)] })).status).toBe(409);
    expect(rooms.calls.length).toBe(before);
  });
});
