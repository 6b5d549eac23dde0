/** Friend calls at once, public friend lists, and live delivery of friend notifications after the commit. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import type { Notice } from '../../server/core/realtime';
import { caller, live, member, notificationsOf, stored, type Person } from './friends-world';

const kinds = await databaseKinds();

describe.each(kinds)('friends at once, in public and live on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, FRIEND_ADD_PER_HOUR: '5' } });
    api = caller(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const add = (from: Person, body: object) => api.post('/admin/base/friend/add', body, from.token);
  const update = (by: Person, body: object) => api.post('/admin/base/friend/update', body, by.token);

  it('stores one row and one notification for the same request sent several times at once', async () => {
    const [a, b] = [await member(t), await member(t)];
    const answers = await Promise.all([1, 2, 3, 4].map(() => add(a, { friendId: b.id })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await stored(t, a, b)).ab).toHaveLength(1);
    expect(await notificationsOf(t, b)).toHaveLength(1);
  });

  it('makes two people who ask each other at once friends, one row per side', async () => {
    const [a, b] = [await member(t), await member(t)];
    const [ra, rb] = await Promise.all([add(a, { friendId: b.id }), add(b, { friendId: a.id })]);
    expect([ra.body.code, rb.body.code]).toEqual([1000, 1000]);
    expect([ra.body.data.status, rb.body.data.status].sort()).toEqual([0, 1]);
    const rows = await stored(t, a, b);
    expect(rows.ab).toMatchObject([{ status: 1 }]);
    expect(rows.ba).toMatchObject([{ status: 1 }]);
  });

  it('writes one accepted row for the accepter and one notification when a request is accepted several times at once', async () => {
    const [a, b] = [await member(t), await member(t)];
    const { id } = (await add(a, { friendId: b.id })).body.data;
    const answers = await Promise.all([1, 2, 3].map(() => update(b, { id, status: 1 })));
    expect(answers.map((r) => r.body.code)).toEqual([1000, 1000, 1000]);
    const rows = await stored(t, a, b);
    expect(rows.ba).toMatchObject([{ status: 1, delete: 0 }]);
    expect(rows.ab).toMatchObject([{ status: 1 }]);
    expect(await notificationsOf(t, a)).toHaveLength(1);
  });

  it("lists without a token only a named user's accepted friends, with public fields only", async () => {
    const [a, b, c] = [await member(t, { headImg: 'https://example.com/b.png' }), await member(t, { headImg: 'https://example.com/b.png' }), await member(t)];
    const ab = (await add(a, { friendId: b.id, remark: 'private remark' })).body.data.id;
    await update(b, { id: ab, status: 1 });
    await add(a, { friendId: c.id, remark: 'pending remark' });
    for (const body of [{}, { userId: '' }, { friendId: a.id }, { userId: [a.id, b.id] }]) {
      const res = await api.post('/admin/base/friend/page', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const path of ['/admin/base/friend/page', '/admin/base/friend/list']) {
      const res = await api.post(path, { userId: a.id });
      const rows = path.endsWith('page') ? res.body.data.list : res.body.data;
      expect(rows).toEqual([{ id: ab, userId: a.id, friendId: b.id, avatar: 'https://example.com/b.png', nickName: b.nickName }]);
      expect(res.text).not.toContain('remark');
    }
    expect((await api.get('/admin/base/friend/info', { id: ab })).status).toBe(401);
    // Without a token, nothing else can be asked for: status is not shown, so no status filter
    // (hidden-fields.test.ts) and none reaches pending rows.
    const pending = await api.post('/admin/base/friend/page', { userId: a.id, status: 0 });
    expect(pending.status).toBe(400);
    expect(pending.text).not.toContain('pending remark');
  });

  it('delivers the request and the acceptance to the receiver only after their rows are committed', async () => {
    const [a, b] = [await member(t), await member(t)];
    const seen: Array<{ to: number[]; notice: Notice; committed: Promise<boolean> }> = [];
    const reads: Array<{ to: number[]; notice: Notice }> = [];
    const notify = t.core.model.byKey.get('base/notify')!;
    vi.spyOn(t.core.realtime, 'toUsers').mockImplementation((to, notice) => {
      if (notice.kind === 'notifyRead') return void reads.push({ to, notice });
      const id = (notice.data as { id: number }).id;
      // Read outside the request's transaction: on MariaDB it sees only committed rows.
      const committed = t.core.db
        .query(`SELECT ${t.core.db.q('id')} FROM ${t.core.db.q(notify.table)} WHERE ${t.core.db.q('id')} = ?`, [id])
        .then((r) => r.length === 1);
      seen.push({ to, notice, committed });
    });
    const { id } = (await add(a, { friendId: b.id })).body.data;
    expect(seen).toHaveLength(1);
    expect(seen[0].to).toEqual([b.id]);
    expect(seen[0].notice).toMatchObject({ kind: 'notify', data: { toId: b.id, fromId: a.id, type: 2 } });
    await update(b, { id, status: 1 });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ to: [a.id], notice: { kind: 'notify', data: { toId: a.id, type: 3 } } });
    expect(await Promise.all(seen.map((s) => s.committed))).toEqual([true, true]);
    // Answering read the request's notice: b's other open bells are told, once, after the commit.
    expect(reads).toEqual([{ to: [b.id], notice: { kind: 'notifyRead', data: { ids: [(seen[0].notice.data as { id: number }).id], type: 2 } } }]);
  });

  it("refuses a member's requests beyond the hourly limit with 429, sending nothing more", async () => {
    const a = await member(t);
    const others = [await member(t), await member(t), await member(t), await member(t), await member(t), await member(t)];
    for (const o of others.slice(0, 5)) expect((await add(a, { friendId: o.id })).body.code).toBe(1000);
    const over = await add(a, { friendId: others[5].id });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many friend requests, please try again later');
    expect(await live(t, a, others[5])).toBeUndefined();
    expect(await notificationsOf(t, others[5])).toEqual([]);
  });

  it('delivers nothing for a refused request or answer', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const { id } = (await add(a, { friendId: b.id })).body.data;
    const spy = vi.spyOn(t.core.realtime, 'toUsers');
    expect((await add(a, { friendId: b.id })).status).toBe(409);
    expect((await add(a, { friendId: a.id })).status).toBe(400);
    expect((await update(c, { id, status: 1 })).status).toBe(403);
    expect((await update(a, { id, status: 1 })).status).toBe(403);
    expect(spy).not.toHaveBeenCalled();
    expect(await live(t, b, a)).toBeUndefined();
  });
});
