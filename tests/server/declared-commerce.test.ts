/**
 * The commerce calls declared (issue 36): goods (listing, detail, likes, favorites, the seller's
 * goods and figures, orders), the payment calls (Stripe, Alipay) and the VIP plans each say their
 * input, effect, answer and rule in /eps; a bad input is one 1002 naming its fields and writes
 * nothing; the rules hold: who may make a call at all (token, permission key, public), and the row
 * checks of the operations (an order's buyer, seller or an administrator; the seller's remark; the
 * seller's goods), which answer 404 so nobody learns the row exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { listGoods } from '../helpers/commerce';
import { ok, person, post, rows, type Person } from '../helpers/group-members';
import { get } from './stripe-world';

const kinds = await databaseKinds();

/** Every hand-written call of the area, as `group/action` under its module. */
const AREA: Record<string, string[]> = {
  goods: [
    'info/openList',
    'info/allGoods',
    'info/openDetail',
    'info/view',
    'info/updateGoods',
    'info/remove',
    'info/restore',
    'info/removedList',
    'info/pinnedList',
    'info/pinnedGoodsCount',
    'info/totalView',
    'info/totalSold',
    'info/totalRevenue',
    'info/totalEarnedTokens',
    'like/like',
    'like/liked',
    'like/total',
    'favorite/addFavorite',
    'favorite/cancelFavorite',
    'favorite/myFavorites',
    'order/place',
    'order/cancel',
    'order/myOrders',
    'order/mySoldOrders',
    'order/orderDetail',
    'order/remark',
    'order/isPlaced',
    'order/purchasedGoods',
    'order/buyVip',
    'order/rechargeToken',
  ],
  base: [
    'vip/all',
    'stripe/pay',
    'stripe/subscribe',
    'stripe/testPay',
    'stripe/query',
    'stripe/refund',
    'stripe/return',
    'stripe/cancel',
    'stripe/todayStripePayments',
    'stripe/notify',
    'alipay/pay',
    'alipay/testPay',
    'alipay/notify',
    'alipay/return',
    'alipay/query',
    'alipay/refund',
  ],
};

interface Api {
  path: string;
  input?: { type?: string; properties?: Record<string, unknown>; required?: string[] };
  answer?: unknown;
  effect?: string;
  access?: string;
  public?: boolean;
}

const fields = (res: { body: { data: unknown } }) => (res.body.data as Array<{ field: string; rule: string }>).map((e) => `${e.field}:${e.rule}`).sort();

describe.each(kinds)('declared commerce calls on %s', (kind) => {
  let t: TestApp;
  let seller: Person;
  let buyer: Person;
  let other: Person;
  let goodsId = 0;
  let orderNo = '';

  beforeAll(async () => {
    t = await startApp(kind);
    seller = await person(t, 'selma');
    buyer = await person(t, 'bruno');
    other = await person(t, 'otto');
    goodsId = (await listGoods(t, seller, { price: 5 })).goodsId;
    orderNo = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId, buyerRemark: 'please' })).orderNo;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes every commerce call in /eps: input, effect, answer and rule', async () => {
    const res = await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken);
    const byAt = new Map<string, Api>();
    for (const [module, entries] of Object.entries(res.body.data as Record<string, Array<{ name: string; api: Api[] }>>)) {
      for (const e of entries) for (const a of e.api) byAt.set(`${module}/${e.name}${a.path}`, a);
    }
    for (const [module, calls] of Object.entries(AREA)) {
      for (const c of calls) {
        const a = byAt.get(`${module}/${c}`);
        expect(a, c).toBeDefined();
        expect(a!.input, c).toBeTypeOf('object');
        expect(['read', 'write'], c).toContain(a!.effect);
        expect(a!.answer, c).toBeTruthy();
        expect(a!.access, c).toBeTruthy();
      }
    }
    const at = (k: string) => byAt.get(k)!;
    expect(at('goods/order/place')).toMatchObject({
      effect: 'write',
      input: { required: ['goodsId'], properties: { quantity: { type: 'integer', minimum: 1, maximum: 999 } } },
    });
    expect(at('goods/order/mySoldOrders').effect).toBe('read');
    // The buyer's reads close their unpaid orders past their time: they may write.
    expect(at('goods/order/myOrders').effect).toBe('write');
    // The same list as it stands, for readers that must change nothing (an AI member's tool).
    expect(at('goods/order/mine').effect).toBe('read');
    expect(at('goods/order/remark').input!.required).toEqual(['orderNo', 'sellerRemark']);
    expect(Object.keys(at('goods/info/updateGoods').input!.properties!)).toEqual(expect.arrayContaining(['id', 'title', 'price', 'isPinned', 'specs']));
    expect(Object.keys(at('goods/info/updateGoods').input!.properties!)).not.toContain('likeCount');
    expect(at('goods/like/like')).toMatchObject({ effect: 'write', access: 'anyone', public: true });
    expect(at('goods/like/total')).toMatchObject({ effect: 'read', access: 'anyone' });
    expect(at('goods/info/totalSold').input!.properties).toMatchObject({ by: { enum: ['day'] }, tzOffset: { minimum: -840, maximum: 840 } });
    expect(at('goods/favorite/myFavorites').access).toBe('roles holding the permission');
    expect(at('base/vip/all')).toMatchObject({ effect: 'read', access: 'anyone', input: { properties: {} } });
    expect(at('base/stripe/refund')).toMatchObject({ effect: 'write', public: false, input: { required: ['orderNo'] } });
    expect(at('base/stripe/query')).toMatchObject({ effect: 'write', input: { required: ['orderNo'] } });
    expect(at('base/stripe/cancel')).toMatchObject({ effect: 'read', public: true });
    // The providers' notifies are public; their bodies are read raw, as the providers send them.
    expect(at('base/stripe/notify')).toMatchObject({ effect: 'write', public: true, input: { type: 'object' } });
    expect(at('base/alipay/notify')).toMatchObject({ effect: 'write', public: true, input: { additionalProperties: { type: 'string' } } });
  });

  it('gives OpenAPI the query parameters of the payment reads', async () => {
    const doc = (await t.http().get('/admin/base/open/openapi.json').set('Authorization', t.adminToken)).body;
    expect(doc.paths['/admin/base/stripe/pay'].get.parameters).toEqual([
      { name: 'orderNo', in: 'query', required: true, schema: { type: 'string', maxLength: 64 } },
    ]);
    expect(doc.paths['/admin/goods/order/place'].post['x-effect']).toBe('write');
  });

  it('refuses bad inputs with one 1002 naming the fields, and writes nothing', async () => {
    const orders = (await rows(t, 'goods_order')).length;
    const placed = await post(t, buyer, '/admin/goods/order/place', { goodsId: 'x', quantity: 0, price: 0.01 });
    expect([placed.status, placed.body.code]).toEqual([400, 1002]);
    expect(fields(placed)).toEqual(['goodsId:type', 'price:unknown', 'quantity:range']);
    expect(fields(await post(t, buyer, '/admin/goods/order/rechargeToken', { amount: 1.234 }))).toEqual(['amount:type']);
    expect(fields(await post(t, buyer, '/admin/goods/order/rechargeToken', {}))).toEqual(['amount:required']);
    expect(fields(await post(t, seller, '/admin/goods/order/remark', { orderNo }))).toEqual(['sellerRemark:required']);
    expect((await rows(t, 'goods_order')).length).toBe(orders);

    const before = (await rows(t, 'goods_info', '`id` = ?', [goodsId]))[0];
    const edit = await post(t, seller, '/admin/goods/info/updateGoods', {
      id: goodsId,
      title: 'Changed',
      price: -1,
      likeCount: 99,
      specs: [{ id: 'x', price: 1 }],
    });
    expect(edit.body.code).toBe(1002);
    // A spec whose id is bad is checked as a new one, which needs a name.
    expect(fields(edit)).toEqual(['price:range', 'specs[0].id:type', 'specs[0].name:required']);
    const after = (await rows(t, 'goods_info', '`id` = ?', [goodsId]))[0];
    expect([after.title, after.likeCount]).toEqual([before.title, before.likeCount]);

    const likes = (await rows(t, 'goods_like')).length;
    expect(fields(await post(t, null, '/admin/goods/like/like', { goodsId }))).toEqual(['visitorId:required']);
    expect(fields(await post(t, null, '/admin/goods/like/like', { goodsId, visitorId: 'short' }))).toEqual(['visitorId:invalid']);
    expect((await rows(t, 'goods_like')).length).toBe(likes);

    expect(fields(await post(t, seller, '/admin/goods/info/totalSold', { startTime: '2026-03-05', endTime: '2026-03-01', by: 'week' }))).toEqual([
      'by:enum',
      'endTime:range',
    ]);
    expect(fields(await post(t, seller, '/admin/goods/info/totalSold', { startTime: 'soon' }))).toEqual(['startTime:type']);
    // A GET reads its query: a missing order number is a 1002 before anything else (Stripe is not configured here).
    expect(fields(await get(t, buyer, '/admin/base/stripe/pay'))).toEqual(['orderNo:required']);
    expect(fields(await get(t, buyer, '/admin/base/stripe/subscribe', { vipId: 'gold' }))).toEqual(['vipId:type']);
    expect(fields(await post(t, t.adminToken, '/admin/base/alipay/refund', { orderNo: '', reason: 'x'.repeat(201) }))).toEqual([
      'orderNo:required',
      'reason:max_length',
    ]);
    expect(fields(await post(t, null, '/admin/base/vip/all', { page: 1 }))).toEqual(['page:unknown']);
  });

  it('keeps who may call: a token for the member calls, the permission key for refunds, none for the store', async () => {
    expect((await post(t, null, '/admin/goods/order/place', { goodsId })).status).toBe(401);
    expect((await post(t, null, '/admin/goods/favorite/myFavorites', {})).status).toBe(401);
    const refund = await post(t, buyer, '/admin/base/stripe/refund', { orderNo });
    expect([refund.status, refund.body.code]).toEqual([403, 1001]);
    expect((await post(t, seller, '/admin/base/alipay/refund', { orderNo })).status).toBe(403);
    expect(ok(await post(t, null, '/admin/goods/info/openList', { userId: seller.id })).list.map((g: { id: number }) => g.id)).toEqual([goodsId]);
    expect(ok(await post(t, null, '/admin/goods/like/total', { goodsId }))).toEqual({ total: 0 });
    expect(ok(await post(t, null, '/admin/base/vip/all', {}))).toEqual([]);
  });

  it("keeps the operations' row checks: the order's buyer, seller or an administrator; the seller's remark; the seller's goods", async () => {
    // orderDetail: the buyer, the seller and an administrator; anyone else gets 404.
    for (const who of [buyer, seller, t.adminToken]) expect(ok(await post(t, who, '/admin/goods/order/orderDetail', { orderNo })).orderNo).toBe(orderNo);
    expect((await post(t, other, '/admin/goods/order/orderDetail', { orderNo })).status).toBe(404);
    // remark: the seller only, the administrator refused too.
    for (const who of [buyer, other, t.adminToken]) expect((await post(t, who, '/admin/goods/order/remark', { orderNo, sellerRemark: 'no' })).status).toBe(404);
    expect(ok(await post(t, seller, '/admin/goods/order/remark', { orderNo, sellerRemark: ' Soon ' })).sellerRemark).toBe('Soon');
    // cancel: the buyer's order only.
    expect((await post(t, other, '/admin/goods/order/cancel', { orderNo })).status).toBe(404);
    expect((await rows(t, 'goods_order', '`orderNo` = ?', [orderNo]))[0].status).toBe(0);
    // restore: the seller's removed goods (or an administrator's restore); anyone else's is a 404.
    const { goodsId: removed } = await listGoods(t, seller, { price: 2 });
    ok(await post(t, seller, '/admin/goods/info/remove', { id: removed }));
    expect((await post(t, other, '/admin/goods/info/restore', { id: removed })).status).toBe(404);
    expect(ok(await post(t, seller, '/admin/goods/info/restore', { id: removed }))).toEqual({ id: removed, unpinned: false });
    // remove: another member's goods is a 404 and stays.
    expect((await post(t, other, '/admin/goods/info/remove', { id: removed })).status).toBe(404);
    expect(Number((await rows(t, 'goods_info', '`id` = ?', [removed]))[0].delete)).toBe(0);
  });
});
