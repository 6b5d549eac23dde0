/**
 * Alipay (issue 17) on every database, against a fake Alipay gateway that speaks the real wire
 * format with RSA2 keys made here: page pay, the signed notify (once, replayed, tampered, forged,
 * for another app, with a wrong amount), the browser's return and `query` for a trade whose notify
 * was lost, the automatic refund of a payment for an expired order, and testPay. After each
 * scenario every user's token balance equals the sum of their ledger entries.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { notificationsOf, ok, person, rows, type Person, type Res } from '../helpers/group-members';
import { FakeAlipay } from '../helpers/fake-alipay';
import { startOnPort } from './alipay-world';

const kinds = await databaseKinds();

async function get(t: TestApp, who: Person | string | null, path: string): Promise<Res> {
  const r = t.http().get(path);
  const token = typeof who === 'string' ? who : who?.token;
  if (token) r.set('Authorization', token);
  return (await r) as unknown as Res;
}

describe.each(kinds)('Alipay on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let fake: FakeAlipay;
  let buyer: Person;
  let other: Person;

  const order = async (no: string) => (await rows(t, 'goods_order', '`orderNo` = ?', [no]))[0];
  const payments = (no: string) => rows(t, 'base_paid_log', '`orderNo` = ?', [no]);
  const tokensOf = async (p: Person) => Number((await rows(t, 'base_sys_user', '`id` = ?', [p.id]))[0].tokens);
  const recharge = async (amount: number, who: Person = buyer): Promise<string> =>
    String(ok((await t.http().post('/admin/goods/order/rechargeToken').set('Authorization', who.token).send({ amount })) as unknown as Res).orderNo);
  const payUrl = async (no: string, who: Person | null = null): Promise<string> => String(ok(await get(t, who, `/admin/base/alipay/pay?orderNo=${no}`)).url);
  /** Opens the cashier page (the trade exists at Alipay, unpaid), as a buyer who has not paid yet. */
  const openPage = async (url: string) => expect((await fetch(url)).status).toBe(200);
  const query = (no: string, who: Person | string = buyer) => get(t, who, `/admin/base/alipay/query?orderNo=${no}`);
  const follow = (url: string) => fetch(url, { redirect: 'manual' });

  beforeAll(async () => {
    fake = await new FakeAlipay().start();
    ({ t, base } = await startOnPort(kind, fake.env()));
    buyer = await person(t, 'payer');
    other = await person(t, 'stranger');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  afterEach(async () => {
    fake.dropNotifies = false;
    const check = await get(t, t.adminToken, '/admin/base/tokenLog/check');
    expect(ok(check).mismatches).toEqual([]);
  });

  it('pays a recharge order once: page pay, the signed notify before the return, a replay and the return change nothing', async () => {
    const no = await recharge(12.34);
    const before = await tokensOf(buyer);
    const url = await payUrl(no);
    expect(url.startsWith(`${fake.url}/gateway.do?`)).toBe(true);
    const { returnUrl, trade } = await fake.pay(url);
    const page = fake.calls.find((c) => c.method === 'alipay.trade.page.pay' && c.biz.out_trade_no === no)!;
    expect(page).toMatchObject({ signatureOk: true, biz: { out_trade_no: no, total_amount: '12.34', product_code: 'FAST_INSTANT_TRADE_PAY' } });
    const first = fake.deliveries.at(-1)!;
    expect(first).toMatchObject({ url: `${base}/admin/base/alipay/notify`, status: 200, text: 'success' });
    expect(await order(no)).toMatchObject({ status: 1, payStatus: 1, transactionId: trade.tradeNo, provider: 'alipay', payType: 1, currency: 'cny' });
    expect(Number((await order(no)).chargedAmount)).toBe(12.34);
    expect(await tokensOf(buyer)).toBe(before + 1234);
    expect(await payments(no)).toHaveLength(1);

    // Alipay delivers the same notify again: answered success, nothing changes.
    expect(await fake.deliver(first.url, first.fields)).toMatchObject({ status: 200, text: 'success' });
    // The browser comes back after the notify: redirected to the payment page, nothing changes.
    expect(returnUrl.startsWith(`${base}/admin/base/alipay/return?orderNo=${no}&`)).toBe(true);
    const back = await follow(returnUrl);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`/payment?orderNo=${no}`);
    expect(await payments(no)).toHaveLength(1);
    expect(await tokensOf(buyer)).toBe(before + 1234);
    expect(ok(await query(no))).toEqual({ orderNo: no, status: 1, payStatus: 1, reason: null });
  });

  it('refuses notifies with a tampered, forged or missing signature, changing nothing', async () => {
    const no = await recharge(5);
    await openPage(await payUrl(no));
    const before = await tokensOf(buyer);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const good = fake.notifyFields(no);
    const flipped = fake.sign('something else');
    const attempts = [
      await fake.notify(no, {}, { tamper: { sign: flipped } }),
      await fake.notify(no, {}, { tamper: { total_amount: '0.01', buyer_pay_amount: '0.01' } }),
      await fake.notify(no, {}, { key: stranger }),
      await fake.notify(no, {}, { unsigned: true }),
      await fake.deliver(`${base}/admin/base/alipay/notify`, { ...good, sign: 'not base64 at all' }),
    ];
    for (const a of attempts) expect(a).toMatchObject({ status: 400, text: 'fail' });
    expect(await order(no)).toMatchObject({ status: 0, payStatus: 0 });
    expect(await payments(no)).toHaveLength(0);
    expect(await tokensOf(buyer)).toBe(before);
    // The order is still payable: the genuine notify pays it.
    expect(await fake.notify(no)).toMatchObject({ status: 200, text: 'success' });
    expect(await order(no)).toMatchObject({ status: 1 });
  });

  it("refuses a signed notify for another app id or with an amount that is not the order's", async () => {
    const no = await recharge(8.8);
    await openPage(await payUrl(no));
    const before = await tokensOf(buyer);
    expect(await fake.notify(no, { app_id: '2021000000009999', auth_app_id: '2021000000009999' })).toMatchObject({ status: 400, text: 'fail' });
    expect(await fake.notify(no, { total_amount: '0.88', receipt_amount: '0.88', buyer_pay_amount: '0.88' })).toMatchObject({ status: 400, text: 'fail' });
    expect(await fake.notify(no, { total_amount: '88.00' })).toMatchObject({ status: 400, text: 'fail' });
    expect(await fake.notify('20990101000000999999999', {}, { url: `${base}/admin/base/alipay/notify` })).toMatchObject({ status: 400, text: 'fail' });
    expect(await order(no)).toMatchObject({ status: 0, payStatus: 0 });
    expect(await payments(no)).toHaveLength(0);
    expect(await tokensOf(buyer)).toBe(before);
  });

  it('answers success to trade states it does not act on, changing nothing', async () => {
    const no = await recharge(3);
    await openPage(await payUrl(no));
    expect(await fake.notify(no, { trade_status: 'WAIT_BUYER_PAY' })).toMatchObject({ status: 200, text: 'success' });
    expect(await fake.notify(no, { trade_status: 'TRADE_CLOSED' })).toMatchObject({ status: 200, text: 'success' });
    expect(await order(no)).toMatchObject({ status: 0, payStatus: 0 });
    expect(await payments(no)).toHaveLength(0);
  });

  it('confirms through the return a paid trade whose notify was lost, and ignores a forged return', async () => {
    fake.dropNotifies = true;
    const no = await recharge(20);
    const before = await tokensOf(buyer);
    const { returnUrl, trade } = await fake.pay(await payUrl(no));
    expect(fake.deliveries.some((d) => d.fields.out_trade_no === no)).toBe(false);
    const forged = returnUrl.replace(/sign=[^&]+/, `sign=${encodeURIComponent(fake.sign('x'))}`);
    expect((await follow(forged)).status).toBe(302);
    expect(await order(no)).toMatchObject({ status: 0 });

    const back = await follow(returnUrl);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`/payment?orderNo=${no}`);
    expect(await order(no)).toMatchObject({ status: 1, payStatus: 1, transactionId: trade.tradeNo });
    expect(await tokensOf(buyer)).toBe(before + 2000);
    // The late notify is the same payment: success, one effect.
    expect(await fake.notify(no)).toMatchObject({ status: 200, text: 'success' });
    expect(await payments(no)).toHaveLength(1);
    expect(await tokensOf(buyer)).toBe(before + 2000);
  });

  it('confirms through query a paid trade whose notify was lost, for the buyer or an administrator only', async () => {
    fake.dropNotifies = true;
    const no = await recharge(1.5);
    const before = await tokensOf(buyer);
    const url = await payUrl(no);
    expect(ok(await query(no))).toEqual({ orderNo: no, status: 0, payStatus: 0, reason: null });
    await fake.pay(url);
    expect((await query(no, other)).status).toBe(404);
    expect(await order(no)).toMatchObject({ status: 0 });
    expect(ok(await query(no))).toEqual({ orderNo: no, status: 1, payStatus: 1, reason: null });
    expect(ok(await query(no, t.adminToken))).toMatchObject({ status: 1 });
    expect(await tokensOf(buyer)).toBe(before + 150);
    expect(await payments(no)).toHaveLength(1);
  });

  it('refunds automatically, once, a payment that arrives for an expired order', async () => {
    const reader = await person(t, 'duzhe', { language: 'zh-cn' });
    const no = await recharge(6.66, reader);
    const before = await tokensOf(reader);
    const url = await payUrl(no);
    await openPage(url);
    // The time to pay passes (test-only write), and the buyer's next look expires the order.
    await t.core.db.run('UPDATE `goods_order` SET `expireTime` = ? WHERE `orderNo` = ?', [
      new Date(Date.now() - 60_000).toISOString().slice(0, 23).replace('T', ' '),
      no,
    ]);
    expect(ok(await query(no, reader))).toMatchObject({ status: 4, reason: 'expired' });
    const { returnUrl } = await fake.pay(url);
    expect(fake.deliveries.at(-1)).toMatchObject({ status: 200, text: 'success' });
    expect(fake.refundsOf(no)).toEqual([{ outTradeNo: no, outRequestNo: expect.any(String), fen: 666 }]);
    expect(await order(no)).toMatchObject({ status: 4, payStatus: 4 });
    expect(String((await order(no)).reason)).toMatch(/^expired/);
    // Alipay delivers again, the browser returns: still one refund, no tokens.
    expect(await fake.deliver(fake.deliveries.at(-1)!.url, fake.deliveries.at(-1)!.fields)).toMatchObject({ status: 200, text: 'success' });
    expect((await follow(returnUrl)).status).toBe(302);
    expect(fake.refundsOf(no)).toHaveLength(1);
    expect(await tokensOf(reader)).toBe(before);
    // The buyer is told once, in their own language (this one reads Chinese), that the payment went back.
    const told = (await notificationsOf(t, reader.id)).filter((n) => n.type === 10 && n.orderNo === no);
    expect(told.map((n) => n.title)).toEqual([expect.stringContaining('已自动退款')]);
  });

  it("pays anyone's pending order through pay, and refuses unknown or settled ones", async () => {
    const no = await recharge(2);
    const viaStranger = await payUrl(no, other);
    expect(viaStranger.startsWith(fake.url)).toBe(true);
    expect((await get(t, null, '/admin/base/alipay/pay?orderNo=20990101000000000000000')).status).toBe(404);
    expect((await get(t, null, '/admin/base/alipay/pay')).body.code).toBe(1002);
    await fake.pay(viaStranger);
    expect(await order(no)).toMatchObject({ status: 1 });
    expect((await get(t, null, `/admin/base/alipay/pay?orderNo=${no}`)).status).toBe(409);
  });

  it('makes a 0.01 test payment with testPay', async () => {
    expect((await get(t, null, '/admin/base/alipay/testPay')).status).toBe(401);
    const { url, orderNo } = ok(await get(t, buyer, '/admin/base/alipay/testPay'));
    expect(await order(orderNo)).toMatchObject({ type: 3, status: 0, userId: buyer.id });
    await fake.pay(url);
    expect(fake.calls.find((c) => c.biz.out_trade_no === orderNo)).toMatchObject({ signatureOk: true, biz: { total_amount: '0.01' } });
    expect(await order(orderNo)).toMatchObject({ status: 1, payStatus: 1 });
  });
});

describe.each(kinds)('Alipay not configured on %s', (kind) => {
  let t: TestApp;
  let buyer: Person;
  beforeAll(async () => {
    ({ t } = await startOnPort(kind, { ALIPAY_APP_ID: '', ALIPAY_PRIVATE_KEY: '', ALIPAY_PUBLIC_KEY: '' }));
    buyer = await person(t, 'payer');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    expect(ok(await get(t, t.adminToken, '/admin/base/tokenLog/check')).mismatches).toEqual([]);
  });

  it('answers 503 to pay, testPay and query, and 400 fail to a notify, writing nothing', async () => {
    const no = String(
      ok((await t.http().post('/admin/goods/order/rechargeToken').set('Authorization', buyer.token).send({ amount: 1 })) as unknown as Res).orderNo,
    );
    expect((await get(t, null, `/admin/base/alipay/pay?orderNo=${no}`)).status).toBe(503);
    expect((await get(t, buyer, '/admin/base/alipay/testPay')).status).toBe(503);
    expect((await get(t, buyer, `/admin/base/alipay/query?orderNo=${no}`)).status).toBe(503);
    const n = await t
      .http()
      .post('/admin/base/alipay/notify')
      .type('form')
      .send({ out_trade_no: no, trade_status: 'TRADE_SUCCESS', total_amount: '1.00', sign: 'x' });
    expect(n.status).toBe(400);
    expect(n.text).toBe('fail');
    expect(await rows(t, 'goods_order', '`orderNo` = ?', [no])).toMatchObject([{ status: 0, payStatus: 0 }]);
    expect(await rows(t, 'goods_order', '`userId` = ? AND `type` = 3', [buyer.id])).toHaveLength(0);
    expect((await get(t, null, `/admin/base/alipay/return?orderNo=${no}`)).status).toBe(302);
  });
});
