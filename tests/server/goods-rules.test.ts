/**
 * Goods rules of issue 35 on every database: hidden goods are not sold, a restored pinned goods keeps
 * the per-seller pin limit, a goods type is not deleted while sub-types or goods point at it, and the
 * seller writes their remark on an order they sold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';
import { listGoods } from '../helpers/commerce';

const kinds = await databaseKinds();

describe.each(kinds)('goods rules on %s', (kind) => {
  let t: TestApp;
  let seller: Person;
  let buyer: Person;
  let seq = 0;

  const goods = async (who: Person, extra: Record<string, unknown> = {}): Promise<number> =>
    ok(await post(t, who, '/admin/goods/info/add', { title: `Rule goods ${kind} ${++seq}`, status: 1, isDisplay: 1, price: 4, ...extra })).id;
  const goodsRow = async (id: number) => (await rows(t, 'goods_info', '`id` = ?', [id]))[0];

  beforeAll(async () => {
    t = await startApp(kind);
    seller = await person(t, 'sven');
    buyer = await person(t, 'bea');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to sell goods the store hides (isDisplay 0 or unset) with a 404, making no order', async () => {
    const hidden = await goods(seller, { isDisplay: 0 });
    const unset = await goods(seller, { isDisplay: null });
    for (const goodsId of [hidden, unset]) {
      const answer = await post(t, buyer, '/admin/goods/order/place', { goodsId });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(1001);
      expect(await rows(t, 'goods_order', '`goodsId` = ?', [goodsId])).toEqual([]);
    }
    // Shown again, it sells.
    ok(await post(t, seller, '/admin/goods/info/update', { id: hidden, isDisplay: 1 }));
    expect(ok(await post(t, buyer, '/admin/goods/order/place', { goodsId: hidden }))).toMatchObject({ goodsId: hidden, status: 0 });
  });

  it('restores a removed pinned goods unpinned when the seller already has three pinned, pinned while there is room', async () => {
    const pinner = await person(t, 'pip');
    const ids = [await goods(pinner), await goods(pinner), await goods(pinner), await goods(pinner)];
    const pin = (id: number) => post(t, pinner, '/admin/goods/info/updateGoods', { id, isPinned: 1 });
    ok(await pin(ids[0]));
    ok(await post(t, pinner, '/admin/goods/info/remove', { id: ids[0] }));
    for (const id of ids.slice(1)) ok(await pin(id));
    const restored = ok(await post(t, pinner, '/admin/goods/info/restore', { id: ids[0] }));
    expect(ok(await post(t, pinner, '/admin/goods/info/pinnedGoodsCount', {}))).toEqual({ count: 3, max: 3 });
    expect(await goodsRow(ids[0])).toMatchObject({ delete: 0, isPinned: 0 });
    expect(restored).toEqual({ id: ids[0], unpinned: true });
    // With a place free, a restored pinned goods keeps its pin.
    ok(await post(t, pinner, '/admin/goods/info/remove', { id: ids[1] }));
    expect(ok(await post(t, pinner, '/admin/goods/info/restore', { id: ids[1] }))).toEqual({ id: ids[1], unpinned: false });
    expect(await goodsRow(ids[1])).toMatchObject({ delete: 0, isPinned: 1 });
    expect(ok(await post(t, pinner, '/admin/goods/info/pinnedGoodsCount', {})).count).toBe(3);
  });

  it('refuses to delete a goods type that still has sub-types or live goods, deleting nothing; an empty one goes', async () => {
    const parent = ok(await post(t, t.adminToken, '/admin/goods/type/add', { name: `Parent ${kind}` })).id;
    const child = ok(await post(t, t.adminToken, '/admin/goods/type/add', { name: `Child ${kind}`, parentId: parent })).id;
    const used = ok(await post(t, t.adminToken, '/admin/goods/type/add', { name: `Used ${kind}` })).id;
    const listed = await goods(seller, { typeId: used });
    for (const id of [parent, used]) {
      const answer = await post(t, t.adminToken, '/admin/goods/type/delete', { ids: [id] });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(1001);
      expect(answer.body.message).toContain(String(id));
    }
    expect(await rows(t, 'goods_type', '`id` IN (?, ?, ?)', [parent, child, used])).toHaveLength(3);
    // A parent deleted with all its sub-types in one call leaves nothing behind.
    ok(await post(t, t.adminToken, '/admin/goods/type/delete', { ids: [parent, child] }));
    // Removed goods do not hold a type.
    ok(await post(t, seller, '/admin/goods/info/remove', { id: listed }));
    ok(await post(t, t.adminToken, '/admin/goods/type/delete', { ids: [used] }));
    expect(await rows(t, 'goods_type', '`id` IN (?, ?, ?)', [parent, child, used])).toEqual([]);
  });

  it('lets the seller, and nobody else, write their remark on an order they sold; the buyer reads it', async () => {
    const { goodsId } = await listGoods(t, seller, { price: 3 });
    const { orderNo } = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId, buyerRemark: 'gift wrap' }));
    const remark = (who: Person | string, body: Record<string, unknown>) => post(t, who, '/admin/goods/order/remark', { orderNo, ...body });
    const answer = ok(await remark(seller, { sellerRemark: '  Ships Monday  ' }));
    expect(answer).toMatchObject({ orderNo, sellerRemark: 'Ships Monday', buyerRemark: 'gift wrap', goods: { id: goodsId } });
    expect(ok(await post(t, buyer, '/admin/goods/order/orderDetail', { orderNo })).sellerRemark).toBe('Ships Monday');
    const stranger = await person(t, 'stan');
    for (const who of [buyer, stranger, t.adminToken]) expect((await remark(who, { sellerRemark: 'not yours' })).status).toBe(404);
    expect((await remark(seller, { sellerRemark: 'x'.repeat(501) })).body.code).toBe(1002);
    expect((await remark(seller, {})).body.code).toBe(1002);
    expect((await rows(t, 'goods_order', '`orderNo` = ?', [orderNo]))[0].sellerRemark).toBe('Ships Monday');
    ok(await remark(seller, { sellerRemark: null }));
    expect((await rows(t, 'goods_order', '`orderNo` = ?', [orderNo]))[0].sellerRemark).toBeNull();
  });
});
