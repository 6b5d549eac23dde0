/**
 * An administrator refunds Alipay orders from the console (issue 35), on every database, against the
 * fake gateway: `base/alipay/refund` refunds once at Alipay (one out_request_no per order, however
 * often and however concurrently it is asked), moves the order 1 -> 9, reverses its effect once in the
 * ledger and tells the buyer and the seller; a gateway that fails answers 502 with nothing written,
 * and the retry finishes the refund. The ledger check runs after every scenario.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { notificationsOf, ok, person, post, rows, type Person, type Res } from '../helpers/group-members';
import { expectLedgerBalanced, listGoods } from '../helpers/commerce';
import { FakeAlipay } from '../helpers/fake-alipay';
import { startOnPort } from './alipay-world';

const kinds = await databaseKinds();
const REFUNDED_TYPE = 10;
/** The seller's notice of a refunded sale. */
const SALE_REFUNDED_TYPE = 11;

describe.each(kinds)('Alipay refunds from the console on %s', (kind) => {
  let t: TestApp;
  let fake: FakeAlipay;
  let buyer: Person;
  let other: Person;
  let seller: Person;

  const order = async (no: string) => (await rows(t, 'goods_order', '`orderNo` = ?', [no]))[0];
  const refundLogs = async (no: string) => (await rows(t, 'base_paid_log', '`orderNo` = ?', [no])).filter((l) => Number(l.status) === 4);
  const user = async (p: Person) => (await rows(t, 'base_sys_user', '`id` = ?', [p.id]))[0];
  /** Ledger entries written for the order (relateType `order`). */
  const ledgerOf = async (orderId: number) => rows(t, 'base_token_log', '`relateType` = ? AND `relateId` = ?', ['order', orderId]);
  const refund = (no: string, body: Record<string, unknown> = {}, who: Person | string = t.adminToken): Promise<Res> =>
    post(t, who, '/admin/base/alipay/refund', { orderNo: no, ...body });
  const refundedNotes = async (p: Person, no: string) =>
    (await notificationsOf(t, p.id)).filter((n) => n.type === (p === seller ? SALE_REFUNDED_TYPE : REFUNDED_TYPE) && n.orderNo === no);

  /** Pays `no` through the cashier page of the fake, as `who` would (notify delivered). */
  const payAtAlipay = async (no: string, who: Person) => {
    const r = await t.http().get(`/admin/base/alipay/pay?orderNo=${no}`).set('Authorization', who.token);
    await fake.pay(String(ok(r as unknown as Res).url));
    expect(await order(no)).toMatchObject({ status: 1, payStatus: 1, provider: 'alipay' });
  };
  const recharge = async (amount: number, who: Person = buyer) => String(ok(await post(t, who, '/admin/goods/order/rechargeToken', { amount })).orderNo);
  const goodsOrder = async (who: Person, price: number) => {
    const { goodsId } = await listGoods(t, seller, { price });
    return String(ok(await post(t, who, '/admin/goods/order/place', { goodsId })).orderNo);
  };

  beforeAll(async () => {
    fake = await new FakeAlipay().start();
    ({ t } = await startOnPort(kind, { ...fake.env(), TOKENS_PER_UNIT: '100' }));
    buyer = await person(t, 'ming', { language: 'zh-cn' });
    other = await person(t, 'olga');
    seller = await person(t, 'sven');
    ok(await post(t, seller, '/admin/base/sys/user/becomeBlogger', {}));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  afterEach(async () => {
    fake.failRefunds = { count: 0, how: 'http' };
    await expectLedgerBalanced(t);
  });

  it('refunds a paid goods order once: Alipay refunds it, the sale is reversed, buyer and seller are told; asking again asks Alipay nothing', async () => {
    const no = await goodsOrder(buyer, 25);
    const earned = Number((await user(seller)).earnedTokens ?? 0);
    await payAtAlipay(no, buyer);
    expect(Number((await user(seller)).earnedTokens)).toBeGreaterThan(earned);
    expect((await refund(no, {}, buyer)).status).toBe(403);

    const first = ok(await refund(no, { reason: 'asked by the buyer' }));
    expect(first).toMatchObject({ orderNo: no, status: 9, payStatus: 4, duplicate: false, refundId: expect.any(String) });
    const o = await order(no);
    expect(o).toMatchObject({ status: 9, payStatus: 4, reason: 'asked by the buyer', refundId: first.refundId });
    expect(fake.refundsOf(no)).toEqual([{ outTradeNo: no, outRequestNo: first.refundId, fen: 2500 }]);
    const call = fake.calls.find((c) => c.method === 'alipay.trade.refund' && c.biz.out_trade_no === no)!;
    expect(call).toMatchObject({
      signatureOk: true,
      biz: { out_trade_no: no, trade_no: o.transactionId, refund_amount: '25.00', out_request_no: first.refundId, refund_reason: 'asked by the buyer' },
    });
    expect(Number((await user(seller)).earnedTokens)).toBe(earned);
    expect(await refundLogs(no)).toHaveLength(1);
    expect((await ledgerOf(Number(o.id))).filter((e) => Number(e.type) === 4)).toHaveLength(1);
    // The buyer reads it in their own language; the seller (no language) in English.
    expect((await refundedNotes(buyer, no)).map((n) => n.title)).toEqual([expect.stringContaining('已退款')]);
    expect((await refundedNotes(seller, no)).map((n) => n.title)).toEqual([expect.stringMatching(/^A sale was refunded/)]);

    const again = ok(await refund(no));
    expect(again).toMatchObject({ orderNo: no, status: 9, refundId: first.refundId, duplicate: true });
    expect(fake.refundRequestsOf(no)).toEqual(new Map([[first.refundId, 1]]));
    expect(await refundedNotes(buyer, no)).toHaveLength(1);
    expect(await refundedNotes(seller, no)).toHaveLength(1);
  });

  it('refunds once when two refunds are asked at the same time: one out_request_no, one reversal in the ledger', async () => {
    const no = await recharge(3.5, other);
    const before = Number((await user(other)).tokens);
    await payAtAlipay(no, other);
    expect(Number((await user(other)).tokens)).toBe(before + 350);

    const both = await Promise.all([1, 2].map(() => refund(no, { reason: 'duplicate purchase' })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const answers = both.map((r) => ok(r));
    expect(answers.every((a) => a.status === 9 && a.refundId === answers[0].refundId)).toBe(true);
    const requests = fake.refundRequestsOf(no);
    expect([...requests.keys()]).toEqual([answers[0].refundId]);
    expect(fake.refundsOf(no)).toHaveLength(1);
    const o = await order(no);
    expect(o).toMatchObject({ status: 9, payStatus: 4 });
    expect((await ledgerOf(Number(o.id))).filter((e) => Number(e.type) === 9)).toHaveLength(1);
    expect(Number((await user(other)).tokens)).toBe(before);
    expect(await refundLogs(no)).toHaveLength(1);
    expect(await refundedNotes(other, no)).toHaveLength(1);
  });

  for (const how of ['http', 'system'] as const) {
    it(`answers 502 and changes nothing while Alipay fails (${how}); the retry finishes the refund with the same out_request_no`, async () => {
      const no = await recharge(1.25);
      await payAtAlipay(no, buyer);
      const tokens = Number((await user(buyer)).tokens);
      const o = await order(no);

      fake.failRefunds = { count: 1, how };
      const failed = await refund(no, { reason: 'retry me' });
      expect(failed.status).toBe(502);
      expect(failed.body.code).toBe(1001);
      expect(failed.body.message).toMatch(/Alipay/);
      expect(await order(no)).toMatchObject({ status: 1, payStatus: 1, refundId: null, reason: null });
      expect(Number((await user(buyer)).tokens)).toBe(tokens);
      expect(await refundLogs(no)).toHaveLength(0);
      expect(await ledgerOf(Number(o.id))).toHaveLength(1);
      expect(await refundedNotes(buyer, no)).toHaveLength(0);
      expect(fake.refundsOf(no)).toHaveLength(0);

      const done = ok(await refund(no, { reason: 'retry me' }));
      expect(done).toMatchObject({ status: 9, payStatus: 4, duplicate: false });
      const requests = fake.refundRequestsOf(no);
      expect(requests).toEqual(new Map([[done.refundId, 2]]));
      expect(fake.refundsOf(no)).toHaveLength(1);
      expect(Number((await user(buyer)).tokens)).toBe(tokens - 125);
      expect(await refundLogs(no)).toHaveLength(1);
      expect(await refundedNotes(buyer, no)).toHaveLength(1);
    });
  }

  it('refuses what is not a paid Alipay payment, and bad input, writing nothing', async () => {
    const pending = await recharge(2);
    expect((await refund(pending)).status).toBe(409);
    expect((await refund('20990101000000000000000')).status).toBe(404);
    expect((await post(t, t.adminToken, '/admin/base/alipay/refund', {})).body.code).toBe(1002);
    expect((await refund(pending, { reason: 'x'.repeat(201) })).body.code).toBe(1002);
    expect((await refund(pending, { amount: 1 })).body.code).toBe(1002);
    // A card payment is refunded through base/stripe/refund, not here.
    await t.core.db.run('UPDATE `goods_order` SET `status` = 1, `payStatus` = 1, `provider` = ?, `transactionId` = ? WHERE `orderNo` = ?', [
      'stripe',
      'pi_x',
      pending,
    ]);
    expect((await refund(pending)).status).toBe(409);
    await t.core.db.run('UPDATE `goods_order` SET `status` = 4, `payStatus` = 0, `provider` = NULL, `transactionId` = NULL WHERE `orderNo` = ?', [pending]);
    expect(fake.refundRequestsOf(pending).size).toBe(0);
  });
});

describe.each(kinds)('Alipay refunds not configured on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await startOnPort(kind, { ALIPAY_APP_ID: '', ALIPAY_PRIVATE_KEY: '', ALIPAY_PUBLIC_KEY: '' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503', async () => {
    expect((await post(t, t.adminToken, '/admin/base/alipay/refund', { orderNo: '20990101000000000000000' })).status).toBe(503);
  });
});
