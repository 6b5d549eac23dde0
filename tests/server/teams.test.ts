/**
 * Teams (groups of type 2, issue 15) on every database: joining by key, leaving (never the owner),
 * roles and the owner's handover, including the races that must leave exactly one owner and one
 * member row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { notificationsOf, ok, person, post, rows, spyRooms, type Person } from '../helpers/group-members';
import { NOTIFY_TYPE } from '../../server/modules/workspace/notify/notify.service';

const kinds = await databaseKinds();

describe.each(kinds)('teams on %s', (kind) => {
  let t: TestApp;
  let owner: Person;
  let b: Person;
  let c: Person;
  let d: Person;
  let rooms: ReturnType<typeof spyRooms>;
  const team = async (name: string, who: Person = owner) => ok(await post(t, who, '/admin/base/group/add', { name, type: 2 })) as { id: number; key: string };
  const join = (who: Person, key: string) => post(t, who, '/admin/base/groupMember/joinTeam', { key });
  const setRole = (who: Person | string, groupId: number, userId: number, role: string) =>
    post(t, who, '/admin/base/groupMember/setTeamMemberRole', { groupId, userId, role });
  const live = async (groupId: number) => (await rows(t, 'base_group_member', '`groupId` = ? AND `delete` = 0', [groupId])).map((r) => Number(r.userId));
  const owners = async (groupId: number) =>
    (await rows(t, 'base_group_member', '`groupId` = ? AND `delete` = 0 AND `isOwner` = 1', [groupId])).map((r) => Number(r.userId));
  const groupRow = async (id: number) => (await rows(t, 'base_group', '`id` = ?', [id]))[0];

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await person(t, 'olga');
    b = await person(t, 'bea');
    c = await person(t, 'cai');
    d = await person(t, 'dan');
    rooms = spyRooms(t);
  });
  afterAll(async () => {
    rooms?.restore();
    await t?.close();
  });

  it('tells by key whether a team can be joined, without a token too', async () => {
    const { id, key } = await team('Joinable');
    const anon = ok(await post(t, null, '/admin/base/groupMember/canJoin', { key }));
    expect(anon).toEqual({ canJoin: true, team: { id, name: 'Joinable', avatar: null, remark: null, type: 2, memberCount: 1 } });
    expect(ok(await post(t, owner, '/admin/base/groupMember/canJoin', { key }))).toMatchObject({ canJoin: false, reason: 'member', team: { id } });
    expect(ok(await post(t, null, '/admin/base/groupMember/canJoin', { key: 'nosuchkey1' }))).toEqual({ canJoin: false, reason: 'not_found' });
    expect((await post(t, null, '/admin/base/groupMember/canJoin', {})).body.code).toBe(1002);
    ok(await post(t, owner, '/admin/base/group/delete', { ids: [id] }));
    expect(ok(await post(t, b, '/admin/base/groupMember/canJoin', { key }))).toEqual({ canJoin: false, reason: 'deleted' });
    expect((await join(b, key)).status).toBe(404);
  });

  it('joins a team by its key, notifies its owner, and refuses a second join', async () => {
    const { id, key } = await team('Open doors');
    const joined = ok(await join(b, key));
    expect(joined.groupId).toBe(id);
    expect(await live(id)).toEqual([owner.id, b.id]);
    expect(rooms.calls).toContainEqual({ kind: 'join', userIds: [b.id], groupId: id, committed: true });
    expect(
      (await notificationsOf(t, owner.id)).filter((n) => n.type === NOTIFY_TYPE.groupJoin && n.fromId === b.id && n.title.includes('Open doors')),
    ).toHaveLength(1);
    expect((await join(b, key)).status).toBe(409);
    expect((await join(b, 'wrongkey00')).status).toBe(404);
    // A private group is not joined by a key even when someone knows it.
    const priv = ok(await post(t, owner, '/admin/base/group/add', { name: 'Private' })).id;
    await t.core.db.run('UPDATE `base_group` SET `key` = ? WHERE `id` = ?', ['privatekey', priv]);
    expect((await join(c, 'privatekey')).status).toBe(404);
    expect(await live(priv)).toEqual([owner.id]);
  });

  it('makes one member row of two concurrent joins by one user', async () => {
    const { id, key } = await team('Race to join');
    const answers = await Promise.all([join(c, key), join(c, key), join(c, key)]);
    expect(answers.filter((r) => r.body.code === 1000)).toHaveLength(1);
    expect(answers.filter((r) => r.body.code !== 1000).every((r) => r.status === 409)).toBe(true);
    expect(await rows(t, 'base_group_member', '`groupId` = ? AND `userId` = ?', [id, c.id])).toHaveLength(1);
  });

  it("lists the caller's teams with roles, another user's teams with public fields, and a team's members to its members", async () => {
    const { id, key } = await team('Listed');
    ok(await join(b, key));
    ok(await join(c, key));
    ok(await setRole(owner, id, b.id, 'deputy'));
    const mine = ok(await post(t, b, '/admin/base/groupMember/teams', {})) as Array<{ id: number; role: string; key: string }>;
    expect(mine.find((g) => g.id === id)).toMatchObject({ role: 'deputy', memberCount: 3, key });
    const theirs = ok(await post(t, d, '/admin/base/groupMember/teamsByUserId', { userId: b.id })) as Array<Record<string, unknown>>;
    const card = theirs.find((g) => g.id === id)!;
    expect(card).toEqual({ id, name: 'Listed', avatar: null, remark: null, type: 2, memberCount: 3, role: 'deputy' });
    expect((await post(t, d, '/admin/base/groupMember/teamsByUserId', {})).body.code).toBe(1002);
    const list = ok(await post(t, c, '/admin/base/groupMember/teamMember', { groupId: id })) as Array<{ userId: number; role: string }>;
    expect(list.map((m) => [m.userId, m.role])).toEqual([
      [owner.id, 'owner'],
      [b.id, 'deputy'],
      [c.id, 'member'],
    ]);
    expect((await post(t, d, '/admin/base/groupMember/teamMember', { groupId: id })).status).toBe(403);
    // A team's member list is public, like a public group's.
    const open = ok(await post(t, null, '/admin/base/groupMember/memberList', { groupId: id }));
    expect(open.list.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [owner.id, 'owner'],
      [b.id, 'deputy'],
      [c.id, 'member'],
    ]);
    const group = ok(await post(t, owner, '/admin/base/group/add', { name: 'Not a team' })).id;
    expect((await post(t, owner, '/admin/base/groupMember/teamMember', { groupId: group })).status).toBe(404);
  });

  it('lets a member withdraw, notifying the owner, and never the owner', async () => {
    const { id, key } = await team('Withdrawals');
    ok(await join(b, key));
    ok(await setRole(owner, id, b.id, 'deputy'));
    ok(await post(t, b, '/admin/base/groupMember/withdrawFromTeam', { groupId: id }));
    expect(await live(id)).toEqual([owner.id]);
    expect(JSON.parse((await groupRow(id)).onwerIds)).toEqual([]);
    expect(rooms.calls).toContainEqual({ kind: 'leave', userIds: [b.id], groupId: id, committed: true });
    expect((await notificationsOf(t, owner.id)).filter((n) => n.type === NOTIFY_TYPE.groupLeave && n.fromId === b.id)).toHaveLength(1);
    const [record] = await t.core.db.query<{ userId: number | null }>(
      `SELECT ${t.core.db.q('userId')} FROM ${t.core.db.q('recycle_data')} WHERE ${t.core.db.q('url')} = ? ORDER BY ${t.core.db.q('id')} DESC`,
      ['/admin/base/groupMember/withdrawFromTeam'],
    );
    expect(Number(record.userId)).toBe(b.id);
    expect((await post(t, b, '/admin/base/groupMember/withdrawFromTeam', { groupId: id })).status).toBe(404);
    const refused = await post(t, owner, '/admin/base/groupMember/withdrawFromTeam', { groupId: id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/hand it over/);
    expect(await live(id)).toEqual([owner.id]);
  });

  it('withdraws from several teams at once, or from none when the caller owns one of them', async () => {
    const one = await team('Batch one');
    const two = await team('Batch two');
    const own = await team('Batch own', d);
    for (const k of [one.key, two.key]) ok(await join(d, k));
    const refused = await post(t, d, '/admin/base/groupMember/withdrawFromTeams', { groupIds: [one.id, own.id, two.id] });
    expect(refused.status).toBe(409);
    expect(await live(one.id)).toContain(d.id);
    expect(await live(two.id)).toContain(d.id);
    ok(await post(t, d, '/admin/base/groupMember/withdrawFromTeams', { groupIds: [two.id, one.id] }));
    expect(await live(one.id)).not.toContain(d.id);
    expect(await live(two.id)).not.toContain(d.id);
    expect((await post(t, d, '/admin/base/groupMember/withdrawFromTeams', { groupIds: [one.id, one.id] })).body.code).toBe(1002);
  });

  it('sets deputies and members by the owner only, and notifies the member', async () => {
    const { id, key } = await team('Roles');
    ok(await join(b, key));
    ok(await join(c, key));
    expect(ok(await setRole(owner, id, b.id, 'deputy'))).toEqual({ groupId: id, userId: b.id, role: 'deputy' });
    expect(JSON.parse((await groupRow(id)).onwerIds)).toEqual([b.id]);
    expect((await notificationsOf(t, b.id)).filter((n) => n.type === NOTIFY_TYPE.teamRole && n.title === 'You are now a deputy of "Roles"')).toHaveLength(1);
    expect((await setRole(b, id, c.id, 'deputy')).status).toBe(403);
    expect((await setRole(c, id, b.id, 'member')).status).toBe(403);
    expect((await setRole(owner, id, d.id, 'deputy')).status).toBe(404);
    expect((await setRole(owner, id, owner.id, 'member')).status).toBe(409);
    expect((await setRole(owner, id, c.id, 'boss')).body.code).toBe(1002);
    ok(await setRole(owner, id, b.id, 'member'));
    expect(JSON.parse((await groupRow(id)).onwerIds)).toEqual([]);
  });

  it('hands the group over: isOwner flips, group.userId follows, the old owner becomes a deputy', async () => {
    const { id, key } = await team('Handover');
    ok(await join(b, key));
    ok(await setRole(owner, id, b.id, 'owner'));
    expect(await owners(id)).toEqual([b.id]);
    const g = await groupRow(id);
    expect(Number(g.userId)).toBe(b.id);
    expect(JSON.parse(g.onwerIds)).toEqual([owner.id]);
    expect((await notificationsOf(t, b.id)).filter((n) => n.type === NOTIFY_TYPE.teamRole && n.title === 'You are now the owner of "Handover"')).toHaveLength(
      1,
    );
    // The new owner now holds the owner's rights (the update rule on userId), the old one does not.
    ok(await post(t, b, '/admin/base/group/update', { id, name: 'Renamed by new owner' }));
    expect((await post(t, owner, '/admin/base/group/delete', { ids: [id] })).status).toBe(404);
    ok(await post(t, owner, '/admin/base/groupMember/withdrawFromTeam', { groupId: id }));
    expect(await live(id)).toEqual([b.id]);
  });

  it('lets exactly one of two concurrent handovers win', async () => {
    const { id, key } = await team('Handover race');
    ok(await join(b, key));
    ok(await join(c, key));
    const answers = await Promise.all([setRole(owner, id, b.id, 'owner'), setRole(owner, id, c.id, 'owner')]);
    const won = answers.filter((r) => r.body.code === 1000);
    expect(won).toHaveLength(1);
    expect([403, 409]).toContain(answers.find((r) => r.body.code !== 1000)!.status);
    const winner = won[0].body.data.userId as number;
    expect(await owners(id)).toEqual([winner]);
    expect(Number((await groupRow(id)).userId)).toBe(winner);
    expect(JSON.parse((await groupRow(id)).onwerIds)).toEqual([owner.id]);
  });

  it('lets the administrator hand a group over', async () => {
    const { id, key } = await team('Admin handover');
    ok(await join(d, key));
    ok(await setRole(t.adminToken, id, d.id, 'owner'));
    expect(await owners(id)).toEqual([d.id]);
  });
});
