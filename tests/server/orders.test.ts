/**
 * Orders and the money rules of issue 17 on every database: prices computed on the server, stock
 * reserved and released, the one state machine, payment effects applied exactly once (replays,
 * duplicates, races), seller revenue with commission, VIP and recharge, expiry; the ledger check
 * after every scenario.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { notificationsOf, ok, person, post, rows, type Person } from '../helpers/group-members';
import { expectLedgerBalanced, listGoods, payAsProvider, userRow } from '../helpers/commerce';
import { refundOrder } from '../../server/modules/commerce/goods/order/fulfil.service';
import { prepareCharge } from '../../server/modules/commerce/goods/order/order.service';
import { SYSTEM } from '../../server/core/entity/access';

const kinds = await databaseKinds();

describe.each(kinds)('orders on %s', (kind) => {
  let t: TestApp;
  let seller: Person;
  let buyer: Person;
  let other: Person;
  const order = async (orderNo: string) => (await rows(t, 'goods_order', '`orderNo` = ?', [orderNo]))[0];

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, PLATFORM_COMMISSION: '10', TOKENS_PER_UNIT: '100', ORDER_EXPIRE_MINUTES: '30' } });
    seller = await person(t, 'sally');
    buyer = await person(t, 'bob');
    other = await person(t, 'olive');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prices an order on the server, never from the client, and refuses own and unknown goods', async () => {
    const { goodsId, specIds } = await listGoods(t, seller, { price: 5, specs: [{ price: 12.5, stock: 3 }] });
    const forged = await post(t, buyer, '/admin/goods/order/place', { goodsId, specId: specIds[0], quantity: 2, payAmount: 0.01 });
    expect(forged.body.code).toBe(1002);
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId, specId: specIds[0], quantity: 2 }));
    expect(placed).toMatchObject({ userId: buyer.id, sellerId: seller.id, goodsId, specId: specIds[0], quantity: 2, status: 0, payStatus: 0, type: 0 });
    expect(Number(placed.totalAmount)).toBe(25);
    expect(Number(placed.payAmount)).toBe(25);
    expect((await rows(t, 'goods_spec', '`id` = ?', [specIds[0]]))[0].stock).toBe(1);
    // Placing again while one is pending answers the same order.
    expect(ok(await post(t, buyer, '/admin/goods/order/place', { goodsId, specId: specIds[0], quantity: 1 })).orderNo).toBe(placed.orderNo);
    expect((await post(t, seller, '/admin/goods/order/place', { goodsId, specId: specIds[0] })).status).toBe(409);
    expect((await post(t, other, '/admin/goods/order/place', { goodsId })).status).toBe(409);
    expect((await post(t, buyer, '/admin/goods/order/place', { goodsId: 999999 })).status).toBe(404);
    expect((await post(t, other, '/admin/goods/order/place', { goodsId, specId: specIds[0], quantity: 2 })).status).toBe(409);
    await expectLedgerBalanced(t);
  });

  it('pays an order once: the effect, sold, and the seller revenue minus commission; replays change nothing', async () => {
    const { goodsId } = await listGoods(t, seller, { price: 20 });
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId }));
    const before = await userRow(t, seller.id);
    const first = await payAsProvider(t, placed.orderNo, 'evt_pay_1');
    expect(first.result).toBe('paid');
    const again = await payAsProvider(t, placed.orderNo, 'evt_pay_1');
    expect(again.result).toBe('duplicate');
    const viaQuery = await payAsProvider(t, placed.orderNo, 'session:abc');
    expect(viaQuery.result).toBe('not_pending');
    const paid = await order(placed.orderNo);
    expect(paid).toMatchObject({ status: 1, payStatus: 1, provider: 'stripe', currency: 'cny', transactionId: `pi_${placed.orderNo}` });
    // 20.00 minus 10 % = 18.00, at 100 tokens per unit = 1800 tokens.
    expect(Number(paid.sellerTokens)).toBe(1800);
    const after = await userRow(t, seller.id);
    expect(Number(after.earnedTokens) - Number(before.earnedTokens)).toBe(1800);
    expect((await rows(t, 'goods_info', '`id` = ?', [goodsId]))[0].sold).toBe(1);
    expect(await rows(t, 'base_paid_log', '`orderNo` = ?', [placed.orderNo])).toHaveLength(1);
    // One notice each, in the bell: the buyer's payment and the seller's sale.
    expect((await notificationsOf(t, buyer.id)).filter((n) => n.type === 8 && n.orderNo === placed.orderNo)).toHaveLength(1);
    expect((await notificationsOf(t, seller.id)).filter((n) => n.type === 9 && n.orderNo === placed.orderNo)).toHaveLength(1);
    // Named by the goods' title, not the 26-digit order number (the bell opens the order by orderNo).
    const goodsTitle = String((await rows(t, 'goods_info', '`id` = ?', [goodsId]))[0].title);
    for (const p of [buyer, seller]) {
      const [n] = (await notificationsOf(t, p.id)).filter((x) => x.orderNo === placed.orderNo);
      expect(n.title).toContain(goodsTitle);
      expect(n.title).not.toContain(placed.orderNo);
    }
    expect(ok(await post(t, buyer, '/admin/goods/order/isPlaced', { goodsId }))).toBe(true);
    expect(ok(await post(t, other, '/admin/goods/order/isPlaced', { goodsId }))).toBe(false);
    expect((await post(t, buyer, '/admin/goods/order/place', { goodsId })).status).toBe(409);
    const bought = ok(await post(t, buyer, '/admin/goods/order/purchasedGoods', {}));
    expect(bought.list.map((g: any) => g.goods.id)).toContain(goodsId);
    await expectLedgerBalanced(t);
  });

  it('refuses an amount or currency that does not match and changes nothing', async () => {
    const { goodsId } = await listGoods(t, seller, { price: 3 });
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId }));
    expect((await payAsProvider(t, placed.orderNo, 'evt_low', { amountCents: 1 })).result).toBe('mismatch');
    expect((await payAsProvider(t, placed.orderNo, 'evt_cur', { currency: 'usd' })).result).toBe('mismatch');
    expect(await order(placed.orderNo)).toMatchObject({ status: 0, payStatus: 0 });
    expect(await rows(t, 'base_paid_log', '`orderNo` = ?', [placed.orderNo])).toHaveLength(0);
    expect((await payAsProvider(t, placed.orderNo, 'evt_right')).result).toBe('paid');
    await expectLedgerBalanced(t);
  });

  it('applies one effect when the same event arrives many times at once', async () => {
    const { goodsId } = await listGoods(t, seller, { price: 7 });
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId }));
    await payAsProvider(t, placed.orderNo, 'evt_warmup', { amountCents: 0 }).catch(() => undefined);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => payAsProvider(t, placed.orderNo, i % 2 ? 'evt_race' : 'evt_race_other', { transactionId: 'pi_same' })),
    );
    expect(results.filter((r) => r.result === 'paid')).toHaveLength(1);
    expect((await rows(t, 'goods_info', '`id` = ?', [goodsId]))[0].sold).toBe(1);
    expect(await rows(t, 'base_token_log', '`relateType` = ? AND `relateId` = ?', ['order', (await order(placed.orderNo)).id])).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  it('lets exactly 10 of 50 concurrent buyers have a spec with stock 10', async () => {
    const { goodsId, specIds } = await listGoods(t, seller, { price: 1, specs: [{ price: 1, stock: 10 }] });
    const buyers: Person[] = [];
    for (let i = 0; i < 50; i++) buyers.push(await person(t, `crowd${i}`));
    const answers = await Promise.all(buyers.map((b) => post(t, b, '/admin/goods/order/place', { goodsId, specId: specIds[0] })));
    expect(answers.filter((r) => r.body.code === 1000)).toHaveLength(10);
    expect(answers.filter((r) => r.body.code !== 1000).every((r) => r.status === 409)).toBe(true);
    expect((await rows(t, 'goods_spec', '`id` = ?', [specIds[0]]))[0].stock).toBe(0);
    expect(await rows(t, 'goods_order', '`goodsId` = ?', [goodsId])).toHaveLength(10);
  });

  it('cancels a pending order once, releases its stock, and refuses any other transition', async () => {
    const { goodsId, specIds } = await listGoods(t, seller, { price: 2, specs: [{ price: 2, stock: 5 }] });
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId, specId: specIds[0], quantity: 3 }));
    expect((await post(t, other, '/admin/goods/order/cancel', { orderNo: placed.orderNo })).status).toBe(404);
    const answers = await Promise.all([1, 2, 3].map(() => post(t, buyer, '/admin/goods/order/cancel', { orderNo: placed.orderNo })));
    expect(answers.filter((r) => r.body.code === 1000)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await order(placed.orderNo)).toMatchObject({ status: 4, reason: 'cancelled' });
    expect((await rows(t, 'goods_spec', '`id` = ?', [specIds[0]]))[0].stock).toBe(5);
    // A refund of an order that was never paid is not a transition: nothing changes.
    expect((await refundOrder(t.core, { provider: 'stripe', orderNo: placed.orderNo, refundId: 're_x' })).result).toBe('not_paid');
    expect(await order(placed.orderNo)).toMatchObject({ status: 4, payStatus: 0 });
  });

  it('expires an unpaid order lazily and releases its stock; paying it then is refused or refunded, never counted', async () => {
    const { goodsId, specIds } = await listGoods(t, seller, { price: 4, specs: [{ price: 4, stock: 2 }] });
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId, specId: specIds[0] }));
    await t.core.ops.transaction(SYSTEM, (tx) => tx.updateWhere(t.core.model.byKey.get('goods/order')!, placed.id, { expireTime: '2020-01-01T00:00:00Z' }));
    const mine = ok(await post(t, buyer, '/admin/goods/order/myOrders', {}));
    expect(mine.list.find((o: any) => o.orderNo === placed.orderNo)).toMatchObject({ status: 4, reason: 'expired' });
    expect((await rows(t, 'goods_spec', '`id` = ?', [specIds[0]]))[0].stock).toBe(2);
    await expect(payAsProvider(t, placed.orderNo, 'evt_late')).rejects.toMatchObject({ kind: 'conflict' });
    await expectLedgerBalanced(t);
  });

  it('keeps a payment for an expired order waiting to be refunded (never counted) while the provider cannot refund', async () => {
    const { goodsId } = await listGoods(t, seller, { price: 8 });
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId }));
    await prepareCharge(t.core, SYSTEM, placed.orderNo, 'stripe', { anyone: true });
    await t.core.ops.transaction(SYSTEM, (tx) => tx.updateWhere(t.core.model.byKey.get('goods/order')!, placed.id, { expireTime: '2020-01-01T00:00:00Z' }));
    ok(await post(t, buyer, '/admin/goods/order/myOrders', {}));
    const earned = Number((await userRow(t, seller.id)).earnedTokens);
    // No Stripe key is configured here: the refund cannot run, the call fails for the provider to retry.
    await expect(payAsProvider(t, placed.orderNo, 'evt_after_expiry')).rejects.toMatchObject({ kind: 'bad_gateway' });
    await expect(payAsProvider(t, placed.orderNo, 'evt_after_expiry')).rejects.toMatchObject({ kind: 'bad_gateway' });
    const logs = await rows(t, 'base_paid_log', '`orderNo` = ?', [placed.orderNo]);
    expect(logs.map((r) => r.status)).toEqual([6]);
    expect(await order(placed.orderNo)).toMatchObject({ status: 4, payStatus: 0, reason: 'expired' });
    expect(Number((await userRow(t, seller.id)).earnedTokens)).toBe(earned);
    await expectLedgerBalanced(t);
  });

  it('completes free goods at once', async () => {
    const { goodsId } = await listGoods(t, seller, { price: 0, isFree: 1 });
    const placed = ok(await post(t, other, '/admin/goods/order/place', { goodsId }));
    expect(placed).toMatchObject({ status: 1, payStatus: 1, payAmount: expect.anything() });
    expect(Number(placed.payAmount)).toBe(0);
    expect(ok(await post(t, other, '/admin/goods/order/isPlaced', { goodsId }))).toBe(true);
    await expectLedgerBalanced(t);
  });

  it('buys VIP (period extended, gift tokens credited) and tokens, and a refund reverses them into a visible debt', async () => {
    const vipId = ok(
      await post(t, t.adminToken, '/admin/base/vip/add', { name: 'Monthly', period: 30, type: 2, amount: 15, giftTokenAmount: 50, enablePay: 1 }),
    ).id;
    const vip = ok(await post(t, buyer, '/admin/goods/order/buyVip', { vipId }));
    expect(vip).toMatchObject({ type: 1, status: 0 });
    expect(Number(vip.payAmount)).toBe(15);
    expect((await payAsProvider(t, vip.orderNo, 'evt_vip')).result).toBe('paid');
    const u1 = await userRow(t, buyer.id);
    expect(Number(u1.vipType)).toBe(2);
    const end1 = new Date(
      `${String(u1.vipEndTime instanceof Date ? u1.vipEndTime.toISOString() : u1.vipEndTime)
        .replace(' ', 'T')
        .replace(/Z?$/, 'Z')}`,
    ).getTime();
    expect(end1 - Date.now()).toBeGreaterThan(29 * 86400_000);
    expect(Number(u1.tokens)).toBe(50);
    const top = ok(await post(t, buyer, '/admin/goods/order/rechargeToken', { amount: 2.5 }));
    expect(top.extraInfo.tokens).toBe(250);
    expect((await post(t, buyer, '/admin/goods/order/rechargeToken', { amount: 1.234 })).body.code).toBe(1002);
    expect((await payAsProvider(t, top.orderNo, 'evt_top')).result).toBe('paid');
    expect(Number((await userRow(t, buyer.id)).tokens)).toBe(300);
    // The buyer spends tokens elsewhere (an adjustment here), then the top-up is refunded: a debt, not a skip.
    const { moveTokens } = await import('../../server/modules/commerce/ledger/ledger.service');
    await t.core.ops.transaction(SYSTEM, (tx) => moveTokens(t.core, tx, { userId: buyer.id, balance: 'tokens', units: -290 * 10_000, kind: 6 }));
    expect((await refundOrder(t.core, { provider: 'stripe', orderNo: top.orderNo, refundId: 're_top' })).result).toBe('refunded');
    expect((await refundOrder(t.core, { provider: 'stripe', orderNo: top.orderNo, refundId: 're_top' })).result).toBe('duplicate');
    expect(Number((await userRow(t, buyer.id)).tokens)).toBe(-240);
    expect(await order(top.orderNo)).toMatchObject({ status: 9, payStatus: 4, refundId: 're_top' });
    const check = await expectLedgerBalanced(t);
    expect(check.debts).toContainEqual(expect.objectContaining({ userId: buyer.id, field: 'tokens', balance: -240 }));
  });

  it('tells the buyer (in their language) and the seller once when a paid order is refunded', async () => {
    const lin = await person(t, 'lin', { language: 'zh-tw' });
    const { goodsId } = await listGoods(t, seller, { price: 4 });
    const placed = ok(await post(t, lin, '/admin/goods/order/place', { goodsId }));
    expect((await payAsProvider(t, placed.orderNo, 'evt_told')).result).toBe('paid');
    for (let i = 0; i < 2; i++) await refundOrder(t.core, { provider: 'stripe', orderNo: placed.orderNo, refundId: 're_told' });
    const told = async (p: Person) =>
      (await notificationsOf(t, p.id)).filter((n) => n.type === (p === seller ? 11 : 10) && n.orderNo === placed.orderNo).map((n) => n.title);
    expect(await told(lin)).toEqual([expect.stringMatching(/^已退款給您：Workflow \w+$/)]);
    expect(await told(seller)).toEqual([expect.stringMatching(/^A sale was refunded to the buyer: Workflow \w+$/)]);
    await expectLedgerBalanced(t);
  });

  it("names the buyer and the seller on the console's order page and the payment's user: nickname, else the username", async () => {
    const plain = await person(t, 'plain', { nickName: null });
    const { goodsId } = await listGoods(t, seller, { price: 3 });
    const placed = ok(await post(t, plain, '/admin/goods/order/place', { goodsId }));
    const page = ok(await post(t, t.adminToken, '/admin/goods/order/page', { orderNo: placed.orderNo }));
    expect(page.list).toEqual([expect.objectContaining({ orderNo: placed.orderNo, buyerName: plain.username, sellerName: 'sally' })]);
    const info = ok((await t.http().get('/admin/goods/order/info').query({ id: placed.id }).set('Authorization', t.adminToken)) as any);
    expect(info).toMatchObject({ buyerName: plain.username, sellerName: 'sally' });
    // The payment log names its user too.
    expect((await payAsProvider(t, placed.orderNo, 'evt_named')).result).toBe('paid');
    const logs = ok((await t.http().get('/admin/base/paidLog/list').query({ userId: plain.id }).set('Authorization', t.adminToken)) as any);
    expect(logs).toEqual([expect.objectContaining({ orderNo: placed.orderNo, userName: plain.username })]);
    await expectLedgerBalanced(t);
  });

  it("names the other side on a member's own orders: the buyer's nickname to the seller, the seller's to the buyer, never a username", async () => {
    const { goodsId } = await listGoods(t, seller, { price: 4 });
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId }));
    const named = expect.objectContaining({ orderNo: placed.orderNo, buyerName: 'bob', sellerName: 'sally' });
    expect(ok(await post(t, seller, '/admin/goods/order/mySoldOrders', {})).list).toContainEqual(named);
    expect(ok(await post(t, buyer, '/admin/goods/order/myOrders', {})).list).toContainEqual(named);
    expect(ok(await post(t, seller, '/admin/goods/order/orderDetail', { orderNo: placed.orderNo }))).toEqual(named);
    expect(ok(await post(t, seller, '/admin/goods/order/remark', { orderNo: placed.orderNo, sellerRemark: 'thanks' }))).toEqual(named);
    // A buyer without a nickname is not named by their username to the seller.
    const plain = await person(t, 'quiet', { nickName: null });
    const other = ok(await post(t, plain, '/admin/goods/order/place', { goodsId }));
    const sold = ok(await post(t, seller, '/admin/goods/order/mySoldOrders', {})).list.find((o: any) => o.orderNo === other.orderNo);
    expect(sold.buyerName).toBeNull();
    expect(JSON.stringify(sold)).not.toContain(plain.username);
  });

  it('lists orders only to their buyer and seller, and shows the detail to nobody else', async () => {
    const { goodsId } = await listGoods(t, seller, { price: 6 });
    const placed = ok(await post(t, buyer, '/admin/goods/order/place', { goodsId }));
    expect(ok(await post(t, buyer, '/admin/goods/order/myOrders', {})).list.some((o: any) => o.orderNo === placed.orderNo)).toBe(true);
    expect(ok(await post(t, seller, '/admin/goods/order/mySoldOrders', {})).list.some((o: any) => o.orderNo === placed.orderNo)).toBe(true);
    expect(ok(await post(t, other, '/admin/goods/order/myOrders', {})).list.some((o: any) => o.orderNo === placed.orderNo)).toBe(false);
    expect(ok(await post(t, seller, '/admin/goods/order/orderDetail', { orderNo: placed.orderNo })).goods.id).toBe(goodsId);
    expect((await post(t, other, '/admin/goods/order/orderDetail', { orderNo: placed.orderNo })).status).toBe(404);
    expect((await post(t, other, '/admin/goods/order/myOrders', { userId: buyer.id })).body.code).toBe(1002);
  });
});
