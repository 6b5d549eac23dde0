/**
 * Likes (public: one per member or visitor, toggled), favorites (members) and comments on goods
 * (issue 17) on every database, including concurrent toggles that must leave likeCount equal to the
 * number of like rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

describe.each(kinds)('goods likes, favorites and comments on %s', (kind) => {
  let t: TestApp;
  let seller: Person;
  let fan: Person;
  let seq = 0;

  const goods = async (extra: Record<string, unknown> = {}): Promise<number> =>
    ok(
      await post(t, seller, '/admin/goods/info/add', {
        title: `Liked ${kind} ${++seq}`,
        status: 1,
        isDisplay: 1,
        price: 1,
        contactInfo: 'secret-contact',
        ...extra,
      }),
    ).id;
  const like = (who: Person | null, goodsId: number, visitorId?: string) =>
    post(t, who, '/admin/goods/like/like', { goodsId, ...(visitorId ? { visitorId } : {}) });
  const likeRows = async (goodsId: number) => rows(t, 'goods_like', '`goodsId` = ?', [goodsId]);
  const likeCount = async (goodsId: number) => Number((await rows(t, 'goods_info', '`id` = ?', [goodsId]))[0].likeCount);

  beforeAll(async () => {
    t = await startApp(kind);
    seller = await person(t, 'sid');
    fan = await person(t, 'fay');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('toggles 20 concurrent likes by one member consistently: likeCount equals the like rows after', async () => {
    const id = await goods();
    const answers = await Promise.all(Array.from({ length: 20 }, () => like(fan, id)));
    const liked = answers.map((r) => ok(r).liked as boolean);
    expect(liked.filter(Boolean)).toHaveLength(10);
    expect(await likeRows(id)).toHaveLength(0);
    expect(await likeCount(id)).toBe(0);
    expect(ok(await like(fan, id))).toEqual({ liked: true, likeCount: 1 });
    expect(await likeRows(id)).toMatchObject([{ goodsId: id, userId: fan.id, visitorKey: null }]);
    expect(await likeCount(id)).toBe(1);
  });

  it('keeps likeCount equal to the rows when many members and visitors like at once', async () => {
    const id = await goods();
    const members: Person[] = [];
    for (const n of [1, 2, 3, 4, 5]) members.push(await person(t, `liker${n}`));
    const visitors = ['visitor-aaaa-0001', 'visitor-bbbb-0002', '7d9f2c1e-4b5a-4c3d-9e8f-0a1b2c3d4e5f'];
    await Promise.all([...members.map((m) => like(m, id)), ...visitors.map((v) => like(null, id, v)), like(members[0], id), like(null, id, visitors[0])]);
    const stored = await likeRows(id);
    expect(stored).toHaveLength(6);
    expect(await likeCount(id)).toBe(6);
    expect(
      stored
        .filter((r) => r.visitorKey !== null)
        .map((r) => r.visitorKey)
        .sort(),
    ).toEqual(visitors.slice(1).sort());
  });

  it('keys a visitor without a token by the visitor id their client sends', async () => {
    const id = await goods();
    expect((await like(null, id)).body.code).toBe(1002);
    expect((await like(null, id, 'short')).body.code).toBe(1002);
    expect((await like(null, id, "x'); DROP TABLE goods_like; --")).body.code).toBe(1002);
    expect(await likeRows(id)).toHaveLength(0);
    const visitor = 'a1b2c3d4-visitor';
    expect(ok(await like(null, id, visitor))).toEqual({ liked: true, likeCount: 1 });
    expect(ok(await post(t, null, '/admin/goods/like/liked', { goodsId: id, visitorId: visitor }))).toEqual({ liked: true });
    expect(ok(await post(t, null, '/admin/goods/like/liked', { goodsId: id, visitorId: 'someone-else-1' }))).toEqual({ liked: false });
    expect(ok(await post(t, null, '/admin/goods/like/liked', { goodsId: id }))).toEqual({ liked: false });
    // A member's likes are their own: a visitor id sent with a token is ignored.
    expect(ok(await post(t, fan, '/admin/goods/like/liked', { goodsId: id, visitorId: visitor }))).toEqual({ liked: false });
    expect(ok(await post(t, null, '/admin/goods/like/total', { goodsId: id }))).toEqual({ total: 1 });
    expect(ok(await like(null, id, visitor))).toEqual({ liked: false, likeCount: 0 });
    expect(await likeRows(id)).toHaveLength(0);
  });

  it('likes only goods the caller can see, and shows liked and favorited in the detail', async () => {
    const off = await goods({ status: 0 });
    expect((await like(fan, off)).status).toBe(404);
    expect((await like(null, off, 'visitor-off-0001')).status).toBe(404);
    expect((await post(t, fan, '/admin/goods/like/total', { goodsId: off })).status).toBe(404);
    expect(await likeRows(off)).toHaveLength(0);
    const id = await goods();
    ok(await like(fan, id));
    ok(await post(t, fan, '/admin/goods/favorite/addFavorite', { goodsId: id }));
    expect(ok(await post(t, fan, '/admin/goods/info/openDetail', { id }))).toMatchObject({ liked: true, favorited: true, likeCount: 1 });
    expect(ok(await post(t, seller, '/admin/goods/info/openDetail', { id }))).toMatchObject({ liked: false, favorited: false });
    expect(ok(await post(t, null, '/admin/goods/info/openDetail', { id }))).toMatchObject({ liked: false, favorited: false });
  });

  it("saves favorites once, lists them with the goods' public fields, and cancels only the caller's own", async () => {
    const a = await goods();
    const b = await goods();
    const first = ok(await post(t, fan, '/admin/goods/favorite/addFavorite', { goodsId: a }));
    expect(first.created).toBe(true);
    expect(ok(await post(t, fan, '/admin/goods/favorite/addFavorite', { goodsId: a }))).toEqual({ id: first.id, created: false });
    ok(await post(t, fan, '/admin/goods/favorite/addFavorite', { goodsId: b }));
    ok(await post(t, seller, '/admin/goods/favorite/addFavorite', { goodsId: a }));
    const mine = ok(await post(t, fan, '/admin/goods/favorite/myFavorites', {}));
    expect(mine.list.slice(0, 2).map((f: { goodsId: number }) => f.goodsId)).toEqual([b, a]);
    expect(mine.list[0].goods).toMatchObject({ id: b, userName: 'sid', price: 1 });
    expect(JSON.stringify(mine)).not.toContain('secret-contact');
    // Goods taken off the shelf drop out of the list; the row stays.
    ok(await post(t, seller, '/admin/goods/info/updateGoods', { id: b, status: 0 }));
    expect(ok(await post(t, fan, '/admin/goods/favorite/myFavorites', {})).list.map((f: { goodsId: number }) => f.goodsId)).not.toContain(b);
    expect((await post(t, fan, '/admin/goods/favorite/addFavorite', { goodsId: b })).status).toBe(404);
    expect(ok(await post(t, fan, '/admin/goods/favorite/cancelFavorite', { goodsId: a }))).toEqual({ count: 1 });
    expect(ok(await post(t, fan, '/admin/goods/favorite/cancelFavorite', { goodsId: a }))).toEqual({ count: 0 });
    expect(await rows(t, 'goods_favorite', '`goodsId` = ? AND `userId` = ?', [a, seller.id])).toHaveLength(1);
    expect((await post(t, null, '/admin/goods/favorite/myFavorites', {})).status).toBe(401);
  });

  it('refuses comments on goods whose seller turned them off; member comments start visible and only administrators moderate', async () => {
    const closed = 900_000 + seq;
    const open = 800_000 + seq;
    await goods({ workflowId: closed, isCommentAllowed: 0 });
    await goods({ workflowId: open, isCommentAllowed: 1 });
    const refused = await post(t, fan, '/admin/base/comment/add', { content: 'nice', workflowId: closed });
    expect(refused.status).toBe(409);
    expect(await rows(t, 'base_comment', '`workflowId` = ?', [closed])).toEqual([]);
    const { id } = ok(await post(t, fan, '/admin/base/comment/add', { content: 'great workflow', workflowId: open, status: 2 }));
    expect((await rows(t, 'base_comment', '`id` = ?', [id]))[0]).toMatchObject({ status: 1, userId: fan.id });
    const reader = await person(t, 'rita');
    const seen = async () => ok(await post(t, reader, '/admin/base/comment/page', { workflowId: open })).list.map((c: { id: number }) => c.id);
    expect(await seen()).toEqual([id]);
    ok(await post(t, fan, '/admin/base/comment/update', { id, status: 1, content: 'great workflow!' }));
    ok(await post(t, t.adminToken, '/admin/base/comment/update', { id, status: 2 }));
    expect(await seen()).toEqual([]);
    // The author still sees their own hidden comment; the administrator may comment anywhere.
    expect(ok(await post(t, fan, '/admin/base/comment/page', { workflowId: open })).list).toMatchObject([{ id, status: 2, content: 'great workflow!' }]);
    ok(await post(t, t.adminToken, '/admin/base/comment/add', { content: 'note from the platform', workflowId: closed }));
  });

  it('refuses comments on goods that do not exist or are not on sale, and writes nothing', async () => {
    const offShelf = 700_000 + seq;
    const removed = 600_000 + seq;
    await goods({ workflowId: offShelf, status: 0 });
    const gone = await goods({ workflowId: removed });
    ok(await post(t, seller, '/admin/goods/info/remove', { id: gone }));
    for (const workflowId of [500_000 + seq, offShelf, removed]) {
      const res = await post(t, fan, '/admin/base/comment/add', { content: 'hello?', workflowId });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(1001);
      expect(await rows(t, 'base_comment', '`workflowId` = ?', [workflowId])).toEqual([]);
    }
    // Nor can a comment be moved onto such goods.
    const open = 400_000 + seq;
    await goods({ workflowId: open });
    const { id } = ok(await post(t, fan, '/admin/base/comment/add', { content: 'on sale', workflowId: open }));
    expect((await post(t, fan, '/admin/base/comment/update', { id, workflowId: offShelf })).status).toBe(404);
    expect((await rows(t, 'base_comment', '`id` = ?', [id]))[0]).toMatchObject({ workflowId: open });
  });
});
