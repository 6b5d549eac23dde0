/**
 * A member's new name or picture reaches the others in their groups without a reload: personUpdate
 * that changes the nickname, the picture (headImg) or the avatar tells each group the member is in
 * (`notice {kind: 'members', data: {groupId}}` to its room), so open chats and team pages read their
 * members again (issue 35's journeys walk: Gil's open team chat kept Hal's old name). A save that
 * changes none of them (a language, the same name again) says nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { socketPool, noticeWithin, waitNotice } from '../helpers/sockets';
import { ok, person, post, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

describe.each(kinds)('a new name or picture reaches the groups on %s', (kind) => {
  let t: TestApp;
  let gil: Person, hal: Person, out: Person;
  let group = 0;
  let team = 0;
  const sockets = socketPool();
  const client = (p: Person) => sockets.open(p.token);

  beforeAll(async () => {
    t = await startApp(kind);
    [gil, hal, out] = [await person(t, 'gil'), await person(t, 'hal'), await person(t, 'out')];
    group = ok(await post(t, gil, '/admin/base/group/add', { name: 'Lighthouse chat' })).id;
    ok(await post(t, gil, '/admin/base/groupMember/add', { groupId: group, userId: hal.id }));
    const made = ok(await post(t, gil, '/admin/base/group/add', { name: 'Lighthouse team', type: 2 }));
    team = made.id;
    ok(await post(t, hal, '/admin/base/groupMember/joinTeam', { key: made.key }));
  });
  afterAll(async () => {
    await sockets.closeAll();
    await t?.close();
  });

  it('tells every group of the member, and nobody outside, when the nickname changes', async () => {
    const [sg, so] = [await client(gil), await client(out)];
    ok(await post(t, hal, '/admin/base/comm/personUpdate', { nickName: '小哈', headImg: '' }));
    for (const id of [group, team]) expect((await waitNotice(sg, 'members', (d) => d.groupId === id)).data).toEqual({ groupId: id });
    expect(await noticeWithin(so, 'members', () => true)).toBe(false);
  });

  it('tells them when the picture changes', async () => {
    const sg = await client(gil);
    ok(await post(t, hal, '/admin/base/comm/personUpdate', { nickName: '小哈', headImg: 'https://example.com/hal.png' }));
    await waitNotice(sg, 'members', (d) => d.groupId === team);
  });

  it('says nothing when neither the name nor the picture changes', async () => {
    const sg = await client(gil);
    ok(await post(t, hal, '/admin/base/comm/personUpdate', { nickName: '小哈', headImg: 'https://example.com/hal.png', language: 'zh-cn' }));
    expect(await noticeWithin(sg, 'members', () => true)).toBe(false);
  });
});
