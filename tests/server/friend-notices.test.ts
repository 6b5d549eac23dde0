/**
 * A friend request's notification is read once the person answered the request, wherever they
 * answered it (the friends screen, another device, asking back): the server marks it read, so the
 * bell's count holds on every device, and tells the receiver's sockets (`notice {kind: 'notifyRead',
 * data: {ids, type}}`) so an open bell drops its count at once (issue 35's journeys walk: the notice
 * stayed unread after Bo accepted Ann).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { socketPool, notices, noticeWithin, waitNotice } from '../helpers/sockets';
import { NOTIFY_TYPE } from '../../server/modules/workspace/notify/notify.service';
import { caller, member, notificationsOf, type Person } from './friends-world';

const kinds = await databaseKinds();

describe.each(kinds)('friend request notifications on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  const sockets = socketPool();
  const client = (p: Person) => sockets.open(p.token);
  beforeAll(async () => {
    t = await startApp(kind);
    api = caller(t);
  });
  afterAll(async () => {
    await sockets.closeAll();
    await t?.close();
  });
  const ask = async (from: Person, to: Person) => {
    const res = await api.post('/admin/base/friend/add', { friendId: to.id }, from.token);
    expect(res.body.code, res.text).toBe(1000);
    return Number(res.body.data.id);
  };
  const requestsTo = async (to: Person) => (await notificationsOf(t, to)).filter((n) => n.type === NOTIFY_TYPE.friendRequest);

  for (const [how, status] of [
    ['accepting', 1],
    ['refusing', 2],
    ['blocking', 3],
  ] as const) {
    it(`marks the request's notification read on ${how} it, tells the receiver's sockets, and leaves other notifications alone`, async () => {
      const [a, b, c] = [await member(t), await member(t), await member(t)];
      const rowA = await ask(a, b);
      await ask(c, b);
      const [fromA, fromC] = await requestsTo(b);
      expect([fromA.status, fromC.status]).toEqual([0, 0]);
      const [phone, laptop] = [await client(b), await client(b)];
      const res = await api.post('/admin/base/friend/update', { id: rowA, status }, b.token);
      expect(res.body.code, res.text).toBe(1000);
      expect((await requestsTo(b)).map((n) => [n.fromId, n.status])).toEqual([
        [a.id, 1],
        [c.id, 0],
      ]);
      for (const s of [phone, laptop]) expect((await waitNotice(s, 'notifyRead')).data).toEqual({ ids: [fromA.id], type: NOTIFY_TYPE.friendRequest });
      const unread = await api.post('/admin/base/notify/page', { status: 0, type: NOTIFY_TYPE.friendRequest }, b.token);
      expect(unread.body.data.list.map((n: { fromId: number }) => Number(n.fromId))).toEqual([c.id]);
    });
  }

  it('marks it read when the asked person asks back (which accepts), and says nothing when nothing was unread', async () => {
    const [a, b] = [await member(t), await member(t)];
    await ask(a, b);
    const sb = await client(b);
    await ask(b, a);
    expect((await requestsTo(b)).map((n) => n.status)).toEqual([1]);
    await waitNotice(sb, 'notifyRead');
    // A later answer of the same (now accepted) request finds nothing unread: no notice.
    const [row] = (await api.post('/admin/base/friend/list', { userId: a.id, friendId: b.id }, a.token)).body.data;
    expect((await api.post('/admin/base/friend/update', { id: row.id, status: 1 }, b.token)).body.code).toBe(1000);
    await noticeWithin(sb, 'notifyRead', () => true);
    expect(notices(sb, 'notifyRead')).toHaveLength(1);
  });
});
