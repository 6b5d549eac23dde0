/** Friend requests, answers, blocks, remarks and removal (friend/add, update, delete), both sides' rows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { caller, live, member, notificationsOf, stored, type Person } from './friends-world';

const kinds = await databaseKinds();

describe.each(kinds)('friends on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await startApp(kind);
    api = caller(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const add = (from: Person, body: object) => api.post('/admin/base/friend/add', body, from.token);
  const update = (by: Person, body: object) => api.post('/admin/base/friend/update', body, by.token);
  const remove = (by: Person, ids: number[]) => api.post('/admin/base/friend/delete', { ids }, by.token);

  it("sends a request: the requester's row is pending, nothing on the other side, and the asked person is notified", async () => {
    const [a, b] = [await member(t), await member(t, { language: 'zh-cn' })];
    const res = await add(a, { friendId: b.id, remark: 'met at the fair', userId: b.id, status: 1 });
    expect(res.body).toMatchObject({ code: 1000, data: { status: 0 } });
    const rows = await stored(t, a, b);
    expect(rows.ab).toMatchObject([{ id: res.body.data.id, status: 0, remark: 'met at the fair', delete: 0 }]);
    expect(rows.ba).toEqual([]);
    const notes = await notificationsOf(t, b);
    expect(notes).toMatchObject([{ toId: b.id, fromId: a.id, type: 2, status: 0, title: '好友申请' }]);
    expect(notes[0].content).toContain(a.nickName);
    expect(await notificationsOf(t, a)).toEqual([]);
  });

  it("lets the asked person list the request (without the requester's remark) and accept it: both sides accepted, the requester notified", async () => {
    const [a, b] = [await member(t), await member(t)];
    const { id } = (await add(a, { friendId: b.id, remark: 'private' })).body.data;
    const incoming = await api.post('/admin/base/friend/page', { friendId: b.id, status: 0 }, b.token);
    expect(incoming.body.data.list).toHaveLength(1);
    expect(incoming.body.data.list[0]).toMatchObject({ id, userId: a.id, friendId: b.id, status: 0, userNickName: a.nickName, nickName: b.nickName });
    expect(incoming.body.data.list[0]).not.toHaveProperty('remark');
    expect((await update(b, { id, status: 1 })).body.code).toBe(1000);
    const rows = await stored(t, a, b);
    expect(rows.ab).toMatchObject([{ id, status: 1, remark: 'private' }]);
    expect(rows.ba).toMatchObject([{ status: 1, delete: 0 }]);
    expect(await notificationsOf(t, a)).toMatchObject([{ fromId: b.id, type: 3, title: 'Friend request accepted' }]);
    // Accepting again changes nothing and notifies nobody.
    expect((await update(b, { id, status: 1 })).body.code).toBe(1000);
    expect((await stored(t, a, b)).ba).toHaveLength(1);
    expect(await notificationsOf(t, a)).toHaveLength(1);
  });

  it('refuses requests to oneself, to a friend, twice, to nobody, to an AI member and to a disabled user, writing nothing', async () => {
    const [a, b] = [await member(t), await member(t)];
    const ai = await member(t, { userType: 1, ownerId: a.id });
    const disabled = await member(t, { status: 0 });
    expect((await add(a, { friendId: a.id })).status).toBe(400);
    expect((await add(a, { friendId: 99999999 })).status).toBe(404);
    for (const other of [ai, disabled]) {
      const res = await add(a, { friendId: other.id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This user cannot be added as a friend');
    }
    const { id } = (await add(a, { friendId: b.id })).body.data;
    expect((await add(a, { friendId: b.id })).status).toBe(409);
    await update(b, { id, status: 1 });
    expect((await add(a, { friendId: b.id })).body.message).toBe('You are already friends');
    expect((await add(b, { friendId: a.id })).status).toBe(409);
    expect(await notificationsOf(t, ai)).toEqual([]);
    expect(await notificationsOf(t, disabled)).toEqual([]);
    expect(await notificationsOf(t, b)).toHaveLength(1);
    const bad = await add(a, { friendId: 'x', remark: 5, color: 'red' });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((f: { field: string }) => f.field).sort()).toEqual(['color', 'friendId', 'remark']);
  });

  it('leaves a refused request refused, and asking again makes the same row pending again with a new notification', async () => {
    const [a, b] = [await member(t), await member(t)];
    const { id } = (await add(a, { friendId: b.id })).body.data;
    expect((await update(b, { id, status: 2 })).body.code).toBe(1000);
    expect(await live(t, a, b)).toMatchObject({ id, status: 2 });
    expect(await live(t, b, a)).toBeUndefined();
    // Refusing again is harmless; accepting a refused request is not possible any more.
    expect((await update(b, { id, status: 2 })).body.code).toBe(1000);
    expect((await update(b, { id, status: 1 })).status).toBe(409);
    const again = await add(a, { friendId: b.id });
    expect(again.body.data).toEqual({ id, status: 0 });
    expect(await notificationsOf(t, b)).toHaveLength(2);
  });

  it('accepts both sides when someone asks back a person who asked them first', async () => {
    const [a, b] = [await member(t), await member(t)];
    await add(a, { friendId: b.id });
    const back = await add(b, { friendId: a.id, remark: 'old friend' });
    expect(back.body.data.status).toBe(1);
    expect(await live(t, a, b)).toMatchObject({ status: 1 });
    expect(await live(t, b, a)).toMatchObject({ id: back.body.data.id, status: 1, remark: 'old friend' });
    expect(await notificationsOf(t, a)).toMatchObject([{ type: 3, fromId: b.id }]);
  });

  it('blocks through a request: the blocker holds the block, the blocked side reads refused and cannot ask again until it is deleted', async () => {
    const [a, b] = [await member(t), await member(t)];
    const { id } = (await add(a, { friendId: b.id })).body.data;
    expect((await update(b, { id, status: 3 })).body.code).toBe(1000);
    expect(await live(t, a, b)).toMatchObject({ id, status: 2 });
    const block = (await live(t, b, a))!;
    expect(block.status).toBe(3);
    const denied = await add(a, { friendId: b.id });
    expect(denied.status).toBe(409);
    expect(denied.body.message).toBe('This user cannot be added as a friend');
    // The blocked person sees nothing of the block, even by its id.
    expect((await api.get('/admin/base/friend/info', { id: block.id }, a.token)).status).toBe(404);
    expect((await update(a, { id: block.id, status: 1 })).status).toBe(404);
    expect((await api.post('/admin/base/friend/page', { friendId: a.id }, a.token)).body.data.list).toEqual([]);
    // The blocked person deleting their refused row leaves the block in place.
    expect((await remove(a, [id])).body.data).toEqual({ count: 1 });
    expect(await live(t, b, a)).toMatchObject({ id: block.id, status: 3 });
    expect((await add(a, { friendId: b.id })).status).toBe(409);
    // Unblocking is deleting the block; then a request goes through again.
    expect((await remove(b, [block.id])).body.code).toBe(1000);
    expect((await add(a, { friendId: b.id })).body.data.status).toBe(0);
    expect(await notificationsOf(t, b)).toHaveLength(2);
  });

  it('lets a row owner block a friend through their own row, which ends the friendship on both sides', async () => {
    const [a, b] = [await member(t), await member(t)];
    const { id } = (await add(a, { friendId: b.id })).body.data;
    await update(b, { id, status: 1 });
    const mine = (await live(t, b, a))!;
    expect((await update(b, { id: mine.id, status: 3 })).body.code).toBe(1000);
    expect(await live(t, b, a)).toMatchObject({ id: mine.id, status: 3 });
    expect(await live(t, a, b)).toMatchObject({ id, status: 2 });
  });

  it('keeps remark and type to the row owner, and status changes to the rules', async () => {
    const [a, b, stranger] = [await member(t), await member(t), await member(t)];
    const { id } = (await add(a, { friendId: b.id })).body.data;
    expect((await update(a, { id, remark: 'college', type: 4, friendId: 12345 })).body.code).toBe(1000);
    expect(await live(t, a, b)).toMatchObject({ remark: 'college', friendId: b.id });
    expect((await update(b, { id, remark: 'taken over' })).status).toBe(403);
    expect((await update(a, { id, status: 1 })).status).toBe(403);
    expect((await update(b, { id, status: 0 })).status).toBe(403);
    expect((await update(stranger, { id, status: 1 })).status).toBe(403);
    expect((await update(stranger, { id, remark: 'x' })).status).toBe(403);
    const invalid = await update(b, { id, status: 9 });
    expect(invalid.body.code).toBe(1002);
    expect(invalid.body.data[0]).toMatchObject({ field: 'status', rule: 'enum' });
    expect((await update(b, { id: 99999999, status: 1 })).status).toBe(404);
    expect(await live(t, a, b)).toMatchObject({ status: 0, remark: 'college' });
    expect(await live(t, b, a)).toBeUndefined();
    // The administrator may edit a remark, not answer for someone.
    expect((await api.post('/admin/base/friend/update', { id, remark: 'by admin' }, t.adminToken)).body.code).toBe(1000);
    expect((await api.post('/admin/base/friend/update', { id, status: 1 }, t.adminToken)).status).toBe(403);
  });

  it('removes both sides (soft, with a recycle record) and lets the pair become friends again later', async () => {
    const [a, b] = [await member(t), await member(t)];
    const { id } = (await add(a, { friendId: b.id })).body.data;
    await update(b, { id, status: 1 });
    const other = (await live(t, b, a))!;
    expect((await remove(b, [id])).status).toBe(404);
    expect((await remove(b, [other.id])).body.data).toEqual({ count: 1 });
    const rows = await stored(t, a, b);
    expect(rows.ab).toMatchObject([{ id, delete: 1 }]);
    expect(rows.ba).toMatchObject([{ id: other.id, delete: 1 }]);
    const bin = await api.post('/admin/recycle/data/page', { size: 20 }, t.adminToken);
    const record = bin.body.data.list.find((r: any) => r.entityInfo.entity === 'friend' && r.data.some((d: { id: number }) => d.id === id));
    expect(record.data.map((d: { id: number }) => d.id).sort()).toEqual([id, other.id].sort((x, y) => x - y));
    // The member who removed the friend is the record's operator, though the rows went as a system write.
    expect(record.userId).toBe(b.id);
    // Asking again: the deleted row of the pair makes way for a new one, one row per side.
    const again = await add(a, { friendId: b.id });
    expect(again.body.data.status).toBe(0);
    const accepted = await update(b, { id: again.body.data.id, status: 1 });
    expect(accepted.body.code).toBe(1000);
    const after = await stored(t, a, b);
    expect(after.ab.filter((r) => r.delete === 0)).toMatchObject([{ status: 1 }]);
    expect(after.ba.filter((r) => r.delete === 0)).toMatchObject([{ status: 1 }]);
    expect(after.ab.length + after.ba.length).toBe(2);
  });

  it("shows a member their own rows of every status, requests to them, and others' accepted rows without remark", async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const ab = (await add(a, { friendId: b.id, remark: 'secret a' })).body.data.id;
    await update(b, { id: ab, status: 1 });
    const ac = (await add(a, { friendId: c.id, remark: 'secret c' })).body.data.id;
    const mine = (await api.post('/admin/base/friend/page', { userId: a.id }, a.token)).body.data.list;
    expect(mine.map((r: { id: number }) => r.id).sort()).toEqual([ab, ac].sort((x, y) => x - y));
    expect(mine.find((r: { id: number }) => r.id === ac)).toMatchObject({ status: 0, remark: 'secret c' });
    const seen = await api.post('/admin/base/friend/page', { userId: a.id }, c.token);
    expect(seen.body.data.list.map((r: { id: number }) => r.id).sort()).toEqual([ab, ac].sort((x, y) => x - y));
    expect(seen.text).not.toContain('secret');
    const info = await api.get('/admin/base/friend/info', { id: ab }, c.token);
    expect(info.body.data).toMatchObject({ id: ab, status: 1, nickName: b.nickName });
    expect(info.body.data).not.toHaveProperty('remark');
    // A refused request is the requester's business only.
    await update(c, { id: ac, status: 2 });
    expect((await api.get('/admin/base/friend/info', { id: ac }, c.token)).status).toBe(404);
  });
});
