/** Notifications: each receiver's own, read state, readAll, the console's live add, delivery only after commit. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { SYSTEM } from '../../server/core/entity/access';
import { NOTIFY_TYPE, notifyUsers } from '../../server/modules/workspace/notify/notify.service';
import { caller, member, notificationsOf, type Person } from './friends-world';

const kinds = await databaseKinds();

describe.each(kinds)('notifications on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await startApp(kind);
    api = caller(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Notifications written as the product writes them, from `from` to `to`. */
  async function send(to: Person, from: Person | null, titles: string[]): Promise<number[]> {
    return t.core.ops.transaction(SYSTEM, async (tx) => {
      const ids: number[] = [];
      for (const title of titles) {
        const [row] = await notifyUsers(t.core, tx, { toIds: [to.id], type: NOTIFY_TYPE.mention, title, fromId: from?.id ?? null });
        ids.push(Number(row.id));
      }
      return ids;
    });
  }

  it('declares every NOTIFY_TYPE value, and no other, as a labelled type of notify and notifyTemplate', () => {
    for (const key of ['base/notify', 'base/notifyTemplate']) {
      const options = t.core.model.byKey.get(key)!.byName.get('type')!.enum!;
      expect(options.map((o) => o.value).sort()).toEqual(Object.values(NOTIFY_TYPE).sort());
      for (const o of options) for (const lang of ['en', 'zh-cn', 'zh-tw'] as const) expect(o.label[lang]).toBeTruthy();
    }
  });

  it('shows each member only the notifications sent to them, newest first', async () => {
    const [a, b] = [await member(t), await member(t)];
    const [first, second] = await send(a, b, ['one', 'two']);
    const [forB] = await send(b, a, ['for b']);
    const page = await api.post('/admin/base/notify/page', {}, a.token);
    expect(page.body.data.list.map((r: { id: number }) => r.id)).toEqual([second, first]);
    expect(page.body.data.list[0]).toMatchObject({ title: 'two', status: 0, toId: a.id, fromId: b.id, type: 1 });
    expect((await api.post('/admin/base/notify/page', { toId: b.id }, a.token)).body.data.list).toEqual([]);
    expect((await api.get('/admin/base/notify/info', { id: forB }, a.token)).status).toBe(404);
    expect((await api.get('/admin/base/notify/info', { id: forB }, b.token)).body.data.title).toBe('for b');
  });

  it('lets the receiver change only the read state of their own notifications, and delete them', async () => {
    const [a, b] = [await member(t), await member(t)];
    const [id] = await send(a, b, ['hello']);
    const changed = await api.post('/admin/base/notify/update', { id, status: 1, title: 'forged', toId: b.id, fromId: a.id, type: 4 }, a.token);
    expect(changed.body.code).toBe(1000);
    expect((await notificationsOf(t, a))[0]).toMatchObject({ id, status: 1, title: 'hello', toId: a.id, fromId: b.id, type: 1 });
    expect((await api.post('/admin/base/notify/update', { id, status: 0 }, a.token)).body.code).toBe(1000);
    expect((await notificationsOf(t, a))[0].status).toBe(0);
    expect((await api.post('/admin/base/notify/update', { id, status: 7 }, a.token)).body.code).toBe(1002);
    expect((await api.post('/admin/base/notify/update', { id, status: 1 }, b.token)).status).toBe(404);
    expect((await api.post('/admin/base/notify/delete', { ids: [id] }, b.token)).status).toBe(404);
    expect((await notificationsOf(t, a))[0].status).toBe(0);
    expect((await api.post('/admin/base/notify/delete', { ids: [id] }, a.token)).body.data).toEqual({ count: 1 });
    expect(await notificationsOf(t, a)).toEqual([]);
  });

  it("marks all of the caller's unread notifications read, and no one else's", async () => {
    const [a, b] = [await member(t), await member(t)];
    const ids = await send(a, b, ['x', 'y', 'z']);
    await api.post('/admin/base/notify/update', { id: ids[0], status: 1 }, a.token);
    await send(b, a, ['for b']);
    expect((await api.post('/admin/base/notify/readAll', {}, a.token)).body.data).toEqual({ count: 2 });
    expect((await notificationsOf(t, a)).map((n) => n.status)).toEqual([1, 1, 1]);
    expect((await notificationsOf(t, b)).map((n) => n.status)).toEqual([0]);
    expect((await api.post('/admin/base/notify/readAll', {}, a.token)).body.data).toEqual({ count: 0 });
    expect((await api.post('/admin/base/notify/readAll', {})).status).toBe(401);
  });

  it("sends from the console to the receiver live, after the commit, with a template's texts when asked", async () => {
    const [a, b] = [await member(t), await member(t)];
    const spy = vi.spyOn(t.core.realtime, 'toUsers');
    const one = await api.post('/admin/base/notify/add', { toId: a.id, title: 'Maintenance tonight', content: 'At 22:00', groupId: 77 }, t.adminToken);
    expect(one.body.code, JSON.stringify(one.body)).toBe(1000);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]).toEqual([
      [a.id],
      { kind: 'notify', data: expect.objectContaining({ id: one.body.data.id, toId: a.id, title: 'Maintenance tonight', type: 0, fromId: null, groupId: 77 }) },
    ]);
    const template = (await api.post('/admin/base/notifyTemplate/add', { title: 'Welcome', content: 'Glad you are here', type: 5 }, t.adminToken)).body.data.id;
    const many = await api.post(
      '/admin/base/notify/add',
      [
        { toId: a.id, templateId: template },
        { toId: b.id, templateId: template, title: 'Hi B' },
      ],
      t.adminToken,
    );
    expect(many.body.data.ids).toHaveLength(2);
    expect((await notificationsOf(t, b))[0]).toMatchObject({ title: 'Hi B', content: 'Glad you are here', type: 5 });
    expect((await notificationsOf(t, a))[1]).toMatchObject({ title: 'Welcome', type: 5 });
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('refuses console sends by members and bad sends with nothing stored or delivered', async () => {
    const a = await member(t);
    const spy = vi.spyOn(t.core.realtime, 'toUsers');
    expect((await api.post('/admin/base/notify/add', { toId: a.id, title: 'from a member' }, a.token)).status).toBe(403);
    const bad = await api.post(
      '/admin/base/notify/add',
      [
        { toId: a.id, title: 'fine' },
        { toId: 99999999, title: 'nobody' },
      ],
      t.adminToken,
    );
    expect(bad.body).toMatchObject({ code: 1002, data: [{ field: '[1].toId', rule: 'invalid' }] });
    expect((await api.post('/admin/base/notify/add', { toId: a.id }, t.adminToken)).body.code).toBe(1002);
    expect((await api.post('/admin/base/notify/add', { toId: a.id, title: 'x', color: 1 }, t.adminToken)).body.code).toBe(1002);
    expect((await api.post('/admin/base/notify/add', { toId: a.id, title: 'x', type: 42 }, t.adminToken)).body.code).toBe(1002);
    expect((await api.post('/admin/base/notify/add', { toId: a.id, title: 'x', groupId: 'seven' }, t.adminToken)).body).toMatchObject({
      code: 1002,
      data: [{ field: 'groupId' }],
    });
    expect(await notificationsOf(t, a)).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });

  it('neither stores nor delivers a notification whose transaction rolls back', async () => {
    const a = await member(t);
    const spy = vi.spyOn(t.core.realtime, 'toUsers');
    await expect(
      t.core.ops.transaction(SYSTEM, async (tx) => {
        await notifyUsers(t.core, tx, { toIds: [a.id], type: NOTIFY_TYPE.teamNotice, title: 'never' });
        throw new Error('something later failed');
      }),
    ).rejects.toThrow('something later failed');
    expect(await notificationsOf(t, a)).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });
});
