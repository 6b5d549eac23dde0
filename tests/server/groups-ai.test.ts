/**
 * AI members (issue 15) on every database: users of userType 1 owned by their creator, added to
 * groups like people, copied between groups, listed in a public catalogue without their secrets,
 * and never able to sign in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, spyRooms, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

describe.each(kinds)('AI members on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let b: Person;
  let c: Person;
  let rooms: ReturnType<typeof spyRooms>;
  const group = async (who: Person, name: string) => ok(await post(t, who, '/admin/base/group/add', { name })).id as number;
  const userRow = async (id: number) => (await rows(t, 'base_sys_user', '`id` = ?', [id]))[0];
  const memberRow = async (id: number) => (await rows(t, 'base_group_member', '`id` = ?', [id]))[0];
  const createAi = async (who: Person, groupId: number, ai: object) =>
    ok(await post(t, who, '/admin/base/groupMember/add', { groupId, ai })) as { id: number; userId: number };

  beforeAll(async () => {
    t = await startApp(kind);
    a = await person(t, 'amy');
    b = await person(t, 'ben');
    c = await person(t, 'cat');
    rooms = spyRooms(t);
  });
  afterAll(async () => {
    rooms?.restore();
    await t?.close();
  });

  it('creates an AI member as a user of type 1 owned by its creator, with no password, and adds it', async () => {
    const g = await group(a, 'Bots');
    const made = await createAi(a, g, { nickName: 'Helper', headImg: 'h.png', config: { model: 'm-1', prompt: 'be kind', cost: 2 }, public: false });
    const u = await userRow(made.userId);
    expect(u).toMatchObject({ userType: 1, ownerId: a.id, nickName: 'Helper', headImg: 'h.png', type: 0, status: 1, password: null, email: null });
    expect(u.username).toMatch(/^ai_[0-9a-f]{16}$/);
    expect(JSON.parse(u.config)).toEqual({ model: 'm-1', prompt: 'be kind', cost: 2 });
    expect(await memberRow(made.id)).toMatchObject({ groupId: g, userId: made.userId, isOwner: 0, authType: 1 });
    expect(rooms.calls).toContainEqual({ kind: 'join', userIds: [made.userId], groupId: g, committed: true });
    const roles = await rows(t, 'base_sys_user_role', '`userId` = ?', [made.userId]);
    expect(roles).toEqual([]);
  });

  it('never signs an AI member in', async () => {
    const made = await createAi(a, await group(a, 'No login'), { nickName: 'Silent' });
    const { username } = await userRow(made.userId);
    for (const password of ['', 'anything-1', 'Member-Pass-1']) {
      const res = await t.http().post('/admin/base/open/login').send({ username, password });
      expect(res.body.code).not.toBe(1000);
      expect(res.body.data?.token).toBeUndefined();
    }
  });

  it('refuses a bad AI member with 1002 and writes no user', async () => {
    const g = await group(a, 'Bad bots');
    const before = (await rows(t, 'base_sys_user')).length;
    const res = await post(t, a, '/admin/base/groupMember/add', { groupId: g, ai: { headImg: 5, config: { prompt: 7, secretKey: 'x' } } });
    expect(res.body.code).toBe(1002);
    expect(res.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['ai.config.prompt', 'ai.config.secretKey', 'ai.headImg', 'ai.nickName']);
    expect((await post(t, a, '/admin/base/groupMember/add', { groupId: g, userId: b.id, ai: { nickName: 'x' } })).body.code).toBe(1002);
    expect((await rows(t, 'base_sys_user')).length).toBe(before);
    // A refused add rolls the new AI user back with it.
    expect((await post(t, b, '/admin/base/groupMember/add', { groupId: g, ai: { nickName: 'Intruder' } })).status).toBe(403);
    expect((await rows(t, 'base_sys_user')).length).toBe(before);
  });

  it("adds an existing AI member that the caller owns or that is public, never someone else's private one", async () => {
    const home = await group(a, 'Home');
    const mine = await createAi(a, home, { nickName: 'Private bot' });
    const shared = await createAi(a, home, { nickName: 'Public bot', public: true });
    const other = await group(b, 'Other');
    expect((await post(t, b, '/admin/base/groupMember/add', { groupId: other, userId: mine.userId })).status).toBe(403);
    ok(await post(t, b, '/admin/base/groupMember/add', { groupId: other, userId: shared.userId }));
    const second = await group(a, 'Second');
    ok(await post(t, a, '/admin/base/groupMember/add', { groupId: second, userId: mine.userId }));
    const list = ok(await post(t, a, '/admin/base/groupMember/memberList', { groupId: second })).list;
    expect(list.find((m: { userId: number }) => m.userId === mine.userId)).toMatchObject({
      userType: 1,
      ownerId: a.id,
      nickName: 'Private bot',
      role: 'member',
    });
  });

  it('lists public AI members to anyone, with their price and no prompt, parameters or own config', async () => {
    const g = await group(a, 'Catalogue');
    await createAi(a, g, {
      nickName: 'Listed Quokka',
      config: { appId: 3, model: 'm-2', prompt: 'secret prompt', params: { temperature: 1 }, cost: 9, description: 'Finds things' },
      public: true,
    });
    await createAi(a, g, { nickName: 'Hidden Quokka', public: false });
    const res = ok(await post(t, null, '/admin/base/groupMember/allMemberList', { keyWord: 'Quokka' }));
    expect(res.pagination).toMatchObject({ page: 1, size: 20, total: 1 });
    expect(res.list).toEqual([
      {
        id: expect.any(Number),
        nickName: 'Listed Quokka',
        headImg: null,
        avatar: null,
        ownerId: a.id,
        appId: 3,
        model: 'm-2',
        description: 'Finds things',
        price: null,
        createTime: expect.any(String),
      },
    ]);
    expect(JSON.stringify(res)).not.toContain('secret prompt');
    expect((await post(t, null, '/admin/base/groupMember/allMemberList', { size: 0 })).body.code).toBe(1002);
  });

  it("lets a member rename their own row, and only an AI member's owner change the AI", async () => {
    const g = await group(a, 'Settings');
    const bRow = ok(await post(t, a, '/admin/base/groupMember/add', { groupId: g, userId: b.id })).id;
    const bot = await createAi(a, g, { nickName: 'Tuner', config: { model: 'old' } });
    const info = (who: Person | null, body: object) => post(t, who, '/admin/base/groupMember/updateMemberInfo', body);
    expect((await info(null, { memberId: bRow, name: 'anon' })).status).toBe(401);
    expect(ok(await info(b, { memberId: bRow, name: 'Ben here' }))).toMatchObject({ id: bRow, name: 'Ben here' });
    expect((await info(c, { memberId: bRow, name: 'Cat was here' })).status).toBe(403);
    // Nothing to change is no way around it: the answer would be another member's row.
    const bare = await info(c, { memberId: bRow });
    expect(bare.status).toBe(403);
    expect(JSON.stringify(bare.body)).not.toContain('uniqueId');
    expect((await info(b, { memberId: bRow, config: { model: 'x' } })).body.code).toBe(1002);
    expect((await info(b, { memberId: bot.id, nickName: 'Mine now' })).status).toBe(403);
    expect((await info(b, { memberId: bot.id, name: 'Renamed by B' })).status).toBe(403);
    ok(await info(a, { memberId: bot.id, name: 'Tuner here', nickName: 'Tuner 2', config: { model: 'new', prompt: 'p' }, public: true }));
    expect(await userRow(bot.userId)).toMatchObject({ nickName: 'Tuner 2', type: 1 });
    expect(JSON.parse((await userRow(bot.userId)).config)).toEqual({ model: 'new', prompt: 'p' });
    expect(await memberRow(bot.id)).toMatchObject({ name: 'Tuner here' });
    expect((await info(a, { memberId: 99999999, name: 'x' })).status).toBe(404);
  });

  it("runs an AI member with its owner's own credential only", async () => {
    const g = await group(a, 'Credentials');
    const bot = await createAi(a, g, { nickName: 'Keyed' });
    const own = ok(await post(t, a, '/admin/base/auth/add', { name: 'my key', type: 'llm', secret: 's3cret' })).id;
    const theirs = ok(await post(t, b, '/admin/base/auth/add', { name: 'b key', type: 'llm', secret: 'b-secret' })).id;
    const info = (body: object) => post(t, a, '/admin/base/groupMember/updateMemberInfo', { memberId: bot.id, ...body });
    expect((await info({ authType: 2 })).body.code).toBe(1002);
    expect((await info({ authId: theirs, authType: 2 })).status).toBe(404);
    expect(await memberRow(bot.id)).toMatchObject({ authId: null, authType: 1 });
    ok(await info({ authId: own, authType: 2 }));
    expect(await memberRow(bot.id)).toMatchObject({ authId: own, authType: 2 });
  });

  it('copies an AI member into another group, keeping the chain of copies', async () => {
    const first = await group(a, 'Origin');
    const bot = await createAi(a, first, { nickName: 'Copied', public: true });
    const own = ok(await post(t, a, '/admin/base/auth/add', { name: 'copy key', type: 'llm', secret: 'k' })).id;
    ok(await post(t, a, '/admin/base/groupMember/updateMemberInfo', { memberId: bot.id, name: 'Bot in origin', authId: own, authType: 2 }));
    const second = await group(a, 'Copy one');
    const copy = ok(await post(t, a, '/admin/base/groupMember/memberToGroup', { memberId: bot.id, groupId: second })).id;
    expect(await memberRow(copy)).toMatchObject({
      groupId: second,
      userId: bot.userId,
      originMemberId: bot.id,
      linkedMemberId: bot.id,
      name: 'Bot in origin',
      authId: own,
      authType: 2,
    });
    const third = await group(a, 'Copy two');
    const copy2 = ok(await post(t, a, '/admin/base/groupMember/memberToGroup', { memberId: copy, groupId: third })).id;
    expect(await memberRow(copy2)).toMatchObject({ originMemberId: copy, linkedMemberId: bot.id });
    expect((await post(t, a, '/admin/base/groupMember/memberToGroup', { memberId: copy, groupId: third })).status).toBe(409);
    // Someone else copying a public AI member gets neither the owner's key nor the origin's private name.
    const theirs = await group(b, 'Borrowed');
    const borrowed = ok(await post(t, b, '/admin/base/groupMember/memberToGroup', { memberId: bot.id, groupId: theirs })).id;
    expect(await memberRow(borrowed)).toMatchObject({ originMemberId: bot.id, linkedMemberId: bot.id, name: null, authId: null, authType: 1 });
  });

  it("refuses to copy a person, someone else's private AI member, or into a group the caller does not lead", async () => {
    const g = await group(a, 'Guarded');
    const bot = await createAi(a, g, { nickName: 'Private copy' });
    const bRow = ok(await post(t, a, '/admin/base/groupMember/add', { groupId: g, userId: b.id })).id;
    const target = await group(b, 'B target');
    const copy = (who: Person, memberId: number, groupId: number) => post(t, who, '/admin/base/groupMember/memberToGroup', { memberId, groupId });
    expect((await copy(b, bot.id, target)).status).toBe(403);
    expect((await copy(a, bRow, await group(a, 'Person copy'))).status).toBe(400);
    expect((await copy(c, bot.id, g)).status).toBe(403);
    expect((await copy(a, 99999999, g)).status).toBe(404);
    expect((await rows(t, 'base_group_member', '`groupId` = ?', [target])).map((r) => Number(r.userId))).toEqual([b.id]);
  });
});
