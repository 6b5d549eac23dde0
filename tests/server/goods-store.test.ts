/**
 * The goods store's calls on goods/info (issue 17) on every database: the public listing and detail,
 * the seller's edits (specs in one transaction, counters never writable, pinning limited), removal and
 * restore, views counted once per visitor per period, and the seller's statistics over paid orders.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';
import { SYSTEM } from '../../server/core/entity/access';
import { get } from './stripe-world';

const kinds = await databaseKinds();

describe.each(kinds)('goods store on %s', (kind) => {
  let t: TestApp;
  let seller: Person;
  let other: Person;
  let buyer: Person;
  let typeId: number;
  let subTypeId: number;
  let seq = 0;

  /** A goods of `who`, on sale unless `extra` says otherwise. */
  const goods = async (who: Person, extra: Record<string, unknown> = {}): Promise<number> =>
    ok(
      await post(t, who, '/admin/goods/info/add', {
        title: `Goods ${kind} ${++seq}`,
        status: 1,
        isDisplay: 1,
        price: 9.9,
        contactInfo: 'call 555-0101',
        ...extra,
      }),
    ).id;
  const goodsRow = async (id: number) => (await rows(t, 'goods_info', '`id` = ?', [id]))[0];
  const openList = async (body: Record<string, unknown> = {}, who: Person | null = null) =>
    ok(await post(t, who, '/admin/goods/info/openList', { size: 100, ...body }));
  const listedIds = async (body: Record<string, unknown> = {}) => (await openList(body)).list.map((g: { id: number }) => g.id);
  const update = (who: Person | string, body: Record<string, unknown>) => post(t, who, '/admin/goods/info/updateGoods', body);
  const info = (who: Person | string, id: number) => get(t, who, '/admin/goods/info/info', { id });

  beforeAll(async () => {
    t = await startApp(kind);
    seller = await person(t, 'sally');
    other = await person(t, 'oscar');
    buyer = await person(t, 'bert');
    typeId = ok(await post(t, t.adminToken, '/admin/goods/type/add', { name: `Workflows ${kind}` })).id;
    subTypeId = ok(await post(t, t.adminToken, '/admin/goods/type/add', { name: `Image workflows ${kind}`, parentId: typeId })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists only goods on sale, to anyone, with public fields only and the derived names', async () => {
    const onSale = await goods(seller, { typeId: subTypeId, subTitle: 'paints cats', tags: ['portrait'] });
    const offShelf = await goods(seller, { status: 0 });
    const hidden = await goods(seller, { isDisplay: 0 });
    const removed = await goods(seller);
    ok(await post(t, seller, '/admin/goods/info/remove', { id: removed }));
    const ids = await listedIds();
    expect(ids).toContain(onSale);
    expect(ids).not.toContain(offShelf);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(removed);
    const page = await openList({ userId: seller.id });
    const shown = page.list.find((g: { id: number }) => g.id === onSale);
    expect(shown).toMatchObject({
      id: onSale,
      typeId: subTypeId,
      typeName: `Image workflows ${kind}`,
      userName: 'sally',
      price: 9.9,
      likeCount: 0,
      viewCount: 0,
    });
    // What a listing sells is public (issue 37: the store says what the buyer gets and filters by it).
    expect(shown).toHaveProperty('relateType');
    for (const g of page.list) {
      for (const secret of ['contactInfo', 'attachments', 'groupId', 'contributors', 'delete']) expect(g).not.toHaveProperty(secret);
    }
    expect(JSON.stringify(page)).not.toContain('555-0101');
    expect(page.pagination).toMatchObject({ page: 1, size: 100, total: page.list.length });
    // Signed-in members get the same list from allGoods.
    const all = ok(await post(t, buyer, '/admin/goods/info/allGoods', { size: 100, userId: seller.id }));
    expect(all.list.map((g: { id: number }) => g.id)).toEqual(page.list.map((g: { id: number }) => g.id));
    expect((await post(t, null, '/admin/goods/info/allGoods', {})).status).toBe(401);
  });

  it('filters the listing by keyword, search keyword, type with its subtypes, and pages it', async () => {
    const mark = `zq${kind}${Date.now().toString(36)}`;
    const a = await goods(seller, { title: `${mark} alpha`, typeId });
    const b = await goods(seller, { subTitle: `${mark} beta`, typeId: subTypeId });
    const c = await goods(seller, { tags: [`${mark}-tag`] });
    expect(await listedIds({ keyWord: mark })).toEqual([b, a]);
    expect(await listedIds({ searchKeyword: mark })).toEqual([c, b, a]);
    expect(await listedIds({ keyWord: mark, typeId })).toEqual([b, a]);
    expect(await listedIds({ keyWord: mark, typeId: subTypeId })).toEqual([b]);
    expect(await listedIds({ keyWord: mark, order: 'id', sort: 'asc' })).toEqual([a, b]);
    const second = await openList({ searchKeyword: mark, size: 2, page: 2 });
    expect(second.list.map((g: { id: number }) => g.id)).toEqual([a]);
    expect(second.pagination).toEqual({ page: 2, size: 2, total: 3 });
    expect(await listedIds({ keyWord: '100%_!' })).toEqual([]);
    const bad = await post(t, null, '/admin/goods/info/openList', { order: 'contactInfo', size: 0, color: 'red' });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['color', 'order', 'size']);
  });

  it('shows a goods on sale in detail with its specs and stock, and hides what is not on sale', async () => {
    const id = await goods(seller);
    ok(
      await update(seller, {
        id,
        specs: [
          { name: 'Basic', price: 5, stock: 7 },
          { name: 'Pro', price: 12.5, stock: 2, sortNum: 1 },
        ],
      }),
    );
    const d = ok(await post(t, null, '/admin/goods/info/openDetail', { id }));
    expect(d).toMatchObject({ id, userName: 'sally', liked: false, favorited: false });
    expect(d).not.toHaveProperty('contactInfo');
    expect(d.specs.map((s: Record<string, unknown>) => [s.name, s.price, s.stock])).toEqual([
      ['Basic', 5, 7],
      ['Pro', 12.5, 2],
    ]);
    const off = await goods(seller, { status: 0 });
    expect((await post(t, null, '/admin/goods/info/openDetail', { id: off })).status).toBe(404);
    expect((await post(t, other, '/admin/goods/info/openDetail', { id: off })).status).toBe(404);
    // The seller previews their own goods before putting it on the shelf.
    expect(ok(await post(t, seller, '/admin/goods/info/openDetail', { id: off })).id).toBe(off);
    expect((await post(t, null, '/admin/goods/info/openDetail', { id: 987654 })).status).toBe(404);
  });

  it("never shows a seller's username in the store when they have no nickname", async () => {
    const quiet = await person(t, 'quiet', { nickName: '' });
    const id = await goods(quiet);
    const seen = [
      ...(await openList({ userId: quiet.id })).list,
      ok(await post(t, null, '/admin/goods/info/openDetail', { id })),
      ok(await post(t, buyer, '/admin/goods/info/openDetail', { id })),
      // The seller's own console reads go through the same hook.
      ok(await info(quiet, id)),
    ];
    for (const g of seen) expect(g).toMatchObject({ id, userId: quiet.id, userName: null });
    expect(JSON.stringify(seen)).not.toContain(quiet.username);
    // The administrator's console still names the account.
    expect(ok(await info(t.adminToken, id)).userName).toBe(quiet.username);
  });

  it("refuses another member's updateGoods with 404 and changes nothing, their specs included", async () => {
    const id = await goods(seller);
    ok(await update(seller, { id, specs: [{ name: 'Only', price: 3, stock: 4 }] }));
    const before = await goodsRow(id);
    const specsBefore = await rows(t, 'goods_spec', '`goodsId` = ?', [id]);
    const res = await update(other, { id, title: 'Taken over', price: 0.01, specs: [] });
    expect(res.status).toBe(404);
    expect(await goodsRow(id)).toEqual(before);
    expect(await rows(t, 'goods_spec', '`goodsId` = ?', [id])).toEqual(specsBefore);
    expect((await post(t, other, '/admin/goods/info/update', { id, title: 'Generic take-over' })).status).toBeGreaterThanOrEqual(403);
    expect(await goodsRow(id)).toEqual(before);
    // The administrator may edit anyone's goods.
    ok(await update(t.adminToken, { id, title: 'Fixed by admin' }));
    expect((await goodsRow(id)).title).toBe('Fixed by admin');
  });

  it('never writes the counters through updateGoods, for the seller or the administrator', async () => {
    const id = await goods(seller);
    const answer = ok(await update(seller, { id, title: 'Renamed', sold: 500, likeCount: 999, useCount: 7, viewCount: 12345 }));
    expect(answer).toMatchObject({ id, title: 'Renamed', sold: 0, likeCount: 0, useCount: 0, viewCount: 0, specs: [] });
    ok(await update(t.adminToken, { id, likeCount: 3, viewCount: 4 }));
    expect(await goodsRow(id)).toMatchObject({ title: 'Renamed', sold: 0, likeCount: 0, useCount: 0, viewCount: 0 });
    // Nor is the owner or the delete flag a field of this call.
    expect((await update(seller, { id, userId: other.id })).body.code).toBe(1002);
    expect((await update(seller, { id, delete: 1 })).body.code).toBe(1002);
    expect(await goodsRow(id)).toMatchObject({ userId: seller.id, delete: 0 });
  });

  it('adds, updates and removes specs in one transaction, all or nothing', async () => {
    const id = await goods(seller);
    const first = ok(
      await update(seller, {
        id,
        specs: [
          { name: 'S', price: 1, stock: 1 },
          { name: 'M', price: 2, stock: 2 },
          { name: 'L', price: 3, stock: 3 },
        ],
      }),
    );
    const [s, m, l] = first.specs.map((x: { id: number }) => x.id);
    const next = ok(
      await update(seller, {
        id,
        subTitle: 'sized',
        specs: [
          { id: s, stock: 10 },
          { id: l, name: 'Large', price: 3.5 },
          { name: 'XL', price: 4, stock: 1 },
        ],
      }),
    );
    expect(next.subTitle).toBe('sized');
    expect(next.specs.map((x: Record<string, unknown>) => [x.name, x.price, x.stock])).toEqual([
      ['S', 1, 10],
      ['Large', 3.5, 3],
      ['XL', 4, 1],
    ]);
    expect(await rows(t, 'goods_spec', '`id` = ?', [m])).toEqual([]);
    // A spec of another goods is refused, and then nothing of this call is written.
    const foreign = ok(await update(seller, { id: await goods(seller), specs: [{ name: 'Foreign', stock: 1 }] })).specs[0].id;
    const before = await rows(t, 'goods_spec', '`goodsId` = ?', [id]);
    const refused = await update(seller, {
      id,
      title: 'Half done?',
      specs: [
        { name: 'New one', stock: 1 },
        { id: foreign, stock: 99 },
      ],
    });
    expect(refused.status).toBe(404);
    expect(await rows(t, 'goods_spec', '`goodsId` = ?', [id])).toEqual(before);
    expect((await goodsRow(id)).title).not.toBe('Half done?');
    // Every bad spec field is named, with its place in the list.
    const bad = await update(seller, { id, specs: [{ price: 1 }, { name: 'x', stock: -1, colour: 'red' }, 'nope'] });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field).sort()).toEqual(['specs[0].name', 'specs[1].colour', 'specs[1].stock', 'specs[2]']);
  });

  it('refuses to remove a spec that an unpaid order holds stock of', async () => {
    const id = await goods(seller);
    const spec = ok(await update(seller, { id, specs: [{ name: 'Held', price: 2, stock: 5 }] })).specs[0].id;
    await t.core.ops.transaction(SYSTEM, (s) =>
      s.add(t.core.model.byKey.get('goods/order')!, {
        orderNo: `held-${kind}-${Date.now()}`,
        sellerId: seller.id,
        goodsId: id,
        specId: spec,
        quantity: 1,
        totalAmount: 2,
        payAmount: 2,
        status: 0,
        payStatus: 0,
      }),
    );
    const res = await update(seller, { id, specs: [] });
    expect(res.status).toBe(409);
    expect(await rows(t, 'goods_spec', '`id` = ?', [spec])).toHaveLength(1);
  });

  it('pins at most three goods per seller through updateGoods, never through the generic update', async () => {
    const pinner = await person(t, 'pia');
    const ids = [await goods(pinner), await goods(pinner), await goods(pinner), await goods(pinner)];
    ok(await post(t, pinner, '/admin/goods/info/update', { id: ids[0], isPinned: 1 }));
    expect((await goodsRow(ids[0])).isPinned).toBe(0);
    const answers = await Promise.all(ids.map((id) => update(pinner, { id, isPinned: 1 })));
    expect(answers.filter((r) => r.body.code === 1000)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(1);
    expect(ok(await post(t, pinner, '/admin/goods/info/pinnedGoodsCount', {}))).toEqual({ count: 3, max: 3 });
    const pinned = ok(await post(t, pinner, '/admin/goods/info/pinnedList', {}));
    expect(pinned.list).toHaveLength(3);
    expect(pinned.list.every((g: { isPinned: number; userId: number }) => g.isPinned === 1 && g.userId === pinner.id)).toBe(true);
    // Unpinning frees a place; another member's pins are their own.
    const pinnedId = pinned.list[0].id as number;
    ok(await update(pinner, { id: pinnedId, isPinned: 0 }));
    ok(await update(pinner, { id: ids.find((i) => !pinned.list.some((g: { id: number }) => g.id === i))!, isPinned: 1 }));
    expect(ok(await post(t, other, '/admin/goods/info/pinnedGoodsCount', {})).count).toBe(0);
    expect(ok(await post(t, other, '/admin/goods/info/pinnedList', {})).list).toEqual([]);
  });

  it('removes and restores goods logically, for the owner only, and lists what they removed', async () => {
    const id = await goods(seller);
    expect((await post(t, other, '/admin/goods/info/remove', { id })).status).toBe(404);
    expect((await goodsRow(id)).delete).toBe(0);
    expect((await post(t, seller, '/admin/goods/info/restore', { id })).status).toBe(409);
    ok(await post(t, seller, '/admin/goods/info/remove', { id }));
    expect((await goodsRow(id)).delete).toBe(1);
    expect(await listedIds()).not.toContain(id);
    expect((await post(t, seller, '/admin/goods/info/remove', { id })).status).toBe(404);
    const removed = ok(await post(t, seller, '/admin/goods/info/removedList', {}));
    expect(removed.list[0]).toMatchObject({ id, delete: 1, userId: seller.id });
    expect(ok(await post(t, other, '/admin/goods/info/removedList', {})).list.map((g: { id: number }) => g.id)).not.toContain(id);
    expect((await post(t, other, '/admin/goods/info/restore', { id })).status).toBe(404);
    expect((await goodsRow(id)).delete).toBe(1);
    ok(await post(t, seller, '/admin/goods/info/restore', { id }));
    expect((await goodsRow(id)).delete).toBe(0);
    expect(await listedIds()).toContain(id);
    expect(ok(await post(t, seller, '/admin/goods/info/removedList', {})).list.map((g: { id: number }) => g.id)).not.toContain(id);
    // The administrator removes and restores anyone's goods.
    ok(await post(t, t.adminToken, '/admin/goods/info/remove', { id }));
    ok(await post(t, t.adminToken, '/admin/goods/info/restore', { id }));
    expect((await goodsRow(id)).delete).toBe(0);
  });

  it('counts a view once per visitor per period, and two visitors twice', async () => {
    const id = await goods(seller);
    const view = (who: Person | null) => post(t, who, '/admin/goods/info/view', { id });
    expect(ok(await view(buyer))).toEqual({ counted: true, viewCount: 1 });
    expect(ok(await view(buyer))).toEqual({ counted: false, viewCount: 1 });
    const together = await Promise.all([view(other), view(other), view(other)]);
    expect(together.filter((r) => ok(r).counted)).toHaveLength(1);
    expect(ok(await view(null)).counted).toBe(true);
    expect(ok(await view(null)).counted).toBe(false);
    // The seller's own views are not counted.
    expect(ok(await view(seller)).counted).toBe(false);
    expect((await goodsRow(id)).viewCount).toBe(3);
    const updated = (await goodsRow(id)).updateTime;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * 60 * 1000);
      expect(ok(await view(buyer))).toEqual({ counted: true, viewCount: 4 });
    } finally {
      vi.useRealTimers();
    }
    // A view is no edit of the listing.
    expect((await goodsRow(id)).updateTime).toEqual(updated);
    const off = await goods(seller, { status: 0 });
    expect((await post(t, buyer, '/admin/goods/info/view', { id: off })).status).toBe(404);
    expect((await goodsRow(off)).viewCount).toBe(0);
    expect(ok(await post(t, seller, '/admin/goods/info/totalView', {})).total).toBeGreaterThanOrEqual(4);
  });

  it("sums the seller's paid orders: sold, revenue and earned tokens, over a range and by day", async () => {
    const s = await person(t, 'stan');
    const id = await goods(s);
    const orders = t.core.model.byKey.get('goods/order')!;
    const order = (n: number, extra: Record<string, unknown>) => ({
      orderNo: `st-${kind}-${s.id}-${n}`,
      sellerId: s.id,
      goodsId: id,
      quantity: 1,
      totalAmount: 0,
      payAmount: 0,
      status: 1,
      payStatus: 1,
      ...extra,
    });
    await t.core.ops.transaction(SYSTEM, async (x) => {
      await x.add(orders, order(1, { quantity: 2, payAmount: 0.1, sellerTokens: 0.0003, payTime: '2026-03-01T10:00:00Z' }));
      await x.add(orders, order(2, { quantity: 1, payAmount: 0.2, sellerTokens: 1.2345, payTime: '2026-03-01T23:30:00Z' }));
      await x.add(orders, order(3, { quantity: 3, payAmount: 19.99, sellerTokens: 17.991, payTime: '2026-03-05T08:00:00Z' }));
      // Not counted: refunded, pending, cancelled, and another seller's sale.
      await x.add(orders, order(4, { quantity: 50, payAmount: 500, sellerTokens: 450, status: 9, payStatus: 4, payTime: '2026-03-02T08:00:00Z' }));
      await x.add(orders, order(5, { quantity: 60, payAmount: 600, status: 0, payStatus: 0 }));
      await x.add(orders, order(6, { quantity: 70, payAmount: 700, status: 4, payStatus: 0 }));
      await x.add(orders, order(7, { sellerId: seller.id, quantity: 80, payAmount: 800, payTime: '2026-03-01T08:00:00Z' }));
    });
    const stat = (name: string, body: Record<string, unknown> = {}) => post(t, s, `/admin/goods/info/${name}`, body);
    expect(ok(await stat('totalSold'))).toEqual({ total: 6 });
    expect(ok(await stat('totalRevenue'))).toMatchObject({ total: 20.29 });
    expect(ok(await stat('totalEarnedTokens'))).toEqual({ total: 19.2258 });
    const march1 = { startTime: '2026-03-01', endTime: '2026-03-02' };
    expect(ok(await stat('totalRevenue', march1)).total).toBe(0.3);
    expect(ok(await stat('totalSold', { ...march1, by: 'day' }))).toEqual({ total: 3, series: [{ day: '2026-03-01', value: 3 }] });
    // Days at the seller's offset: 23:30 UTC is already 2 March at UTC+1.
    expect(ok(await stat('totalRevenue', { by: 'day', tzOffset: 60 })).series).toEqual([
      { day: '2026-03-01', value: 0.1 },
      { day: '2026-03-02', value: 0.2 },
      { day: '2026-03-05', value: 19.99 },
    ]);
    expect(ok(await stat('totalEarnedTokens', { startTime: '2026-03-02T00:00:00Z' }))).toEqual({ total: 17.991 });
    // Only the caller's own figures, whatever they send.
    expect(ok(await post(t, other, '/admin/goods/info/totalSold', {}))).toEqual({ total: 0 });
    expect((await stat('totalSold', { sellerId: seller.id })).body.code).toBe(1002);
    expect((await stat('totalSold', { startTime: '2026-03-05', endTime: '2026-03-01' })).body.code).toBe(1002);
    expect((await stat('totalSold', { by: 'week' })).body.code).toBe(1002);
    expect((await post(t, null, '/admin/goods/info/totalRevenue', {})).status).toBe(401);
  });
});
