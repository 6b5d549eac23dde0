/**
 * An open group chat learns who is in the group without a reload: every change of its members
 * (added, joined, removed, left) is told to the group's room as `notice {kind: 'members', data:
 * {groupId}}` after the commit, so clients read the member list again (issue 35's journeys walk:
 * Ann's open chat did not know Bo after she added him).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { socketPool, noticeWithin, waitNotice } from '../helpers/sockets';
import { ok, person, post, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

describe.each(kinds)('member changes reach open chats on %s', (kind) => {
  let t: TestApp;
  let ann: Person, cid: Person, bo: Person, out: Person;
  const sockets = socketPool();
  const client = (p: Person) => sockets.open(p.token);

  beforeAll(async () => {
    t = await startApp(kind);
    [ann, cid, bo, out] = [await person(t, 'ann'), await person(t, 'cid'), await person(t, 'bo'), await person(t, 'out')];
  });
  afterAll(async () => {
    await sockets.closeAll();
    await t?.close();
  });

  it("tells every member's socket (the new one's too) when someone is added, and nobody outside", async () => {
    const { id: g } = ok(await post(t, ann, '/admin/base/group/add', { name: 'Walk' }));
    ok(await post(t, ann, '/admin/base/groupMember/add', { groupId: g, userId: cid.id }));
    const [sa, sc, sb, so] = [await client(ann), await client(cid), await client(bo), await client(out)];
    ok(await post(t, ann, '/admin/base/groupMember/add', { groupId: g, userId: bo.id }));
    for (const s of [sa, sc, sb]) expect((await waitNotice(s, 'members', (d) => d.groupId === g)).data).toEqual({ groupId: g });
    expect(await noticeWithin(so, 'members', (d) => d.groupId === g)).toBe(false);
    const list = ok(await post(t, ann, '/admin/base/groupMember/memberList', { groupId: g })).list as Array<{ userId: number }>;
    expect(list.map((m) => Number(m.userId))).toContain(bo.id);
  });

  it('tells the members who stay when someone is removed, and says nothing when an add is refused', async () => {
    const { id: g } = ok(await post(t, ann, '/admin/base/group/add', { name: 'Leaving' }));
    const { id: rowId } = ok(await post(t, ann, '/admin/base/groupMember/add', { groupId: g, userId: bo.id }));
    ok(await post(t, ann, '/admin/base/groupMember/add', { groupId: g, userId: cid.id }));
    const [sa, sc] = [await client(ann), await client(cid)];
    const refused = await post(t, ann, '/admin/base/groupMember/add', { groupId: g, userId: bo.id });
    expect(refused.status).toBe(409);
    expect(await noticeWithin(sa, 'members', (d) => d.groupId === g)).toBe(false);
    ok(await post(t, ann, '/admin/base/groupMember/delete', { ids: [rowId] }));
    for (const s of [sa, sc]) await waitNotice(s, 'members', (d) => d.groupId === g);
  });
});
