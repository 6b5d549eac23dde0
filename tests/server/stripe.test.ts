/**
 * Card payments through Stripe Checkout (issue 17) against a local fake Stripe that the real SDK
 * talks to and that signs its webhooks as Stripe does, on every database: paying through the
 * checkout page, webhooks before and after the browser returns, replays, events out of order,
 * forged signatures, amount mismatches, refunds, and the automatic refund of a late payment.
 * The ledger check runs after every scenario. Subscriptions: stripe-subscriptions.test.ts; the
 * database cut during a webhook: stripe-db-cut.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import type { FakeStripe } from '../helpers/fake-stripe';
import { notificationsOf, ok, person, post, type Person } from '../helpers/group-members';
import {
  expectLedgerBalanced,
  expireLater,
  follow,
  get,
  goodsOf,
  makeSeller,
  orderOf,
  orderState,
  paidLogsOf,
  pay,
  pressPay,
  PUBLIC_URL,
  stripeWorld,
  tokensOf,
  vipOrder,
  vipPlan,
} from './stripe-world';

const kinds = await databaseKinds();

describe.each(kinds)('stripe on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let buyer: Person;
  let other: Person;
  let seller: Person;
  let vipId: number;

  beforeAll(async () => {
    ({ t, fake } = await stripeWorld(kind));
    buyer = await person(t, 'bella');
    other = await person(t, 'oscar');
    seller = await person(t, 'sam');
    // 30 CNY for 30 days and 100 tokens: charged 4.20 USD.
    vipId = await vipPlan(t, { amount: 30, period: 30, gift: 100 });
    await makeSeller(t, seller);
  });
  afterEach(async () => {
    await fake.idle();
    await expectLedgerBalanced(t);
  });
  afterAll(async () => {
    await fake?.stop();
    await t?.close();
  });

  /** A pending order of new goods of 10 CNY (each buyer buys a listing once). */
  const place = async (who: Person = buyer) => {
    const goodsId = await goodsOf(t, seller, 10);
    return String(ok(await post(t, who, '/admin/goods/order/place', { goodsId, quantity: 1 })).orderNo);
  };

  it('pays a VIP order on the checkout page: the webhook lands before the browser returns, and the return changes nothing more', async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const before = await tokensOf(t, buyer.id);
    const { url, sessionId, orderNo: answered } = await pay(t, buyer, orderNo);
    expect(answered).toBe(orderNo);
    expect(url).toBe(`${fake.url}/pay/${sessionId}`);
    const s = fake.sessions.get(sessionId)!;
    expect(s).toMatchObject({
      mode: 'payment',
      client_reference_id: orderNo,
      metadata: { orderNo, userId: String(buyer.id), vipId: String(vipId) },
      amount_total: 420,
      currency: 'usd',
    });
    expect(s.success_url).toBe(`${PUBLIC_URL}/admin/base/stripe/return?orderNo=${orderNo}&session_id={CHECKOUT_SESSION_ID}`);
    expect(s.cancel_url).toBe(`${PUBLIC_URL}/admin/base/stripe/cancel?orderNo=${orderNo}`);

    const back = await pressPay(fake, sessionId);
    // The webhook was answered before Stripe sent the browser back.
    expect(fake.deliveries.at(-1)).toMatchObject({ status: 200, event: { type: 'checkout.session.completed' } });
    expect(JSON.parse(fake.deliveries.at(-1)!.body).data.outcome).toBe('paid');
    const paid = await orderOf(t, orderNo);
    expect(paid).toMatchObject({ status: 1, payStatus: 1, provider: 'stripe', payType: 3, currency: 'usd', transactionId: s.payment_intent });
    expect(Number(paid.chargedAmount)).toBe(4.2);
    expect(await tokensOf(t, buyer.id)).toBe(before + 100);

    expect(back).toBe(`${PUBLIC_URL}/admin/base/stripe/return?orderNo=${orderNo}&session_id=${sessionId}`);
    expect(await follow(t, back)).toEqual({ status: 302, location: `/payment?orderNo=${orderNo}` });
    expect(await paidLogsOf(t, orderNo)).toHaveLength(1);
    expect(await tokensOf(t, buyer.id)).toBe(before + 100);
    expect(ok(await get(t, buyer, '/admin/base/stripe/query', { orderNo }))).toEqual({ orderNo, status: 1, payStatus: 1, reason: null });
  });

  it("confirms from Stripe's answer when the browser returns first; the late webhook changes nothing", async () => {
    const orderNo = await place();
    const sellerBefore = Number((await orderOf(t, orderNo)).sellerTokens ?? 0);
    const { sessionId } = await pay(t, buyer, orderNo);
    const { event } = await fake.completeSession(sessionId, { deliver: false });
    expect((await orderOf(t, orderNo)).status).toBe(0);
    // A forged return (another order's session) confirms nothing.
    const foreign = await place(other);
    expect(await follow(t, `${PUBLIC_URL}/admin/base/stripe/return?orderNo=${foreign}&session_id=${sessionId}`)).toMatchObject({ status: 302 });
    expect((await orderOf(t, foreign)).status).toBe(0);

    expect(await follow(t, `${PUBLIC_URL}/admin/base/stripe/return?orderNo=${orderNo}&session_id=${sessionId}`)).toEqual({
      status: 302,
      location: `/payment?orderNo=${orderNo}`,
    });
    const paid = await orderOf(t, orderNo);
    expect(paid).toMatchObject({ status: 1, payStatus: 1 });
    expect(Number(paid.sellerTokens)).toBeGreaterThan(sellerBefore);
    const late = await fake.resend(event);
    expect(late.status).toBe(200);
    expect(JSON.parse(late.body).data.outcome).toBe('not_pending');
    expect(await paidLogsOf(t, orderNo)).toHaveLength(1);
  });

  it('applies the same event once, however often and however concurrently it is delivered', async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const before = await tokensOf(t, buyer.id);
    const { sessionId } = await pay(t, buyer, orderNo);
    const { event } = await fake.completeSession(sessionId, { deliver: false });
    const all = await Promise.all(Array.from({ length: 6 }, () => fake.resend(event)));
    expect(all.map((d) => d.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(all.filter((d) => JSON.parse(d.body).data.outcome === 'paid')).toHaveLength(1);
    expect((await fake.resend(event)).status).toBe(200);
    expect(await paidLogsOf(t, orderNo)).toHaveLength(1);
    expect(await tokensOf(t, buyer.id)).toBe(before + 100);
  });

  it('takes an async payment that succeeds before its completion event arrives, once', async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const before = await tokensOf(t, buyer.id);
    const { sessionId } = await pay(t, buyer, orderNo);
    const { event: completed } = await fake.completeSession(sessionId, { async: true, deliver: false });
    const succeeded = await fake.settleAsync(sessionId, true);
    expect(JSON.parse(succeeded.body).data.outcome).toBe('paid');
    // The completion (still "unpaid" in its own snapshot) arrives late and waits for nothing.
    const late = await fake.resend(completed);
    expect(late.status).toBe(200);
    expect(JSON.parse(late.body).data.outcome).toBe('awaiting_payment');
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 1, payStatus: 1 });
    expect(await tokensOf(t, buyer.id)).toBe(before + 100);
  });

  it('marks a failed async payment and keeps the order payable', async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const { sessionId } = await pay(t, buyer, orderNo);
    const { delivery } = await fake.completeSession(sessionId, { async: true });
    expect(JSON.parse(delivery!.body).data.outcome).toBe('awaiting_payment');
    expect(JSON.parse((await fake.settleAsync(sessionId, false)).body).data.outcome).toBe('failed');
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 0, payStatus: 2 });
    const again = await pay(t, buyer, orderNo);
    expect(again.sessionId).not.toBe(sessionId);
    await pressPay(fake, again.sessionId);
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 1, payStatus: 1 });
  });

  it('holds back a refund event that comes before its payment, and applies both once they are in order', async () => {
    const orderNo = await place();
    const { sessionId } = await pay(t, buyer, orderNo);
    const { event: completed } = await fake.completeSession(sessionId, { deliver: false });
    const pi = fake.sessions.get(sessionId)!.payment_intent;
    const charge = fake.chargeOf(pi);
    const refunded = fake.event('charge.refunded', {
      ...charge,
      refunded: true,
      amount_refunded: charge.amount,
      refunds: { object: 'list', data: [{ id: 're_dashboard1', object: 'refund' }] },
    });
    const early = await fake.resend(refunded);
    expect(early.status).toBe(409);
    expect(await orderState(t, orderNo)).toEqual({ status: 0, payStatus: 0, transactionId: null, logs: 0 });
    expect(JSON.parse((await fake.resend(completed)).body).data.outcome).toBe('paid');
    const retry = await fake.resend(refunded);
    expect(retry.status).toBe(200);
    expect(JSON.parse(retry.body).data.outcome).toBe('refunded');
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 9, payStatus: 4, refundId: 're_dashboard1' });
    expect(JSON.parse((await fake.resend(refunded)).body).data.outcome).toBe('duplicate');
  });

  it('refuses forged, altered, stale, future-dated and unsigned webhooks and changes nothing', async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const { sessionId } = await pay(t, buyer, orderNo);
    const { event } = await fake.completeSession(sessionId, { deliver: false });
    const payload = JSON.stringify(event, null, 2);
    const before = await orderState(t, orderNo);
    const refused = [
      // Signed with another secret.
      await fake.resend(event, { signature: fake.sign(payload, undefined, 'whsec_not_the_secret') }),
      // Altered after signing (the same bytes re-indented are different bytes).
      await fake.resend(event, { payload: JSON.stringify(event), signature: fake.sign(payload) }),
      await fake.resend(event, { payload: payload.replace('"amount_total": 420', '"amount_total": 1'), signature: fake.sign(payload) }),
      // Older than the tolerance window (300 s).
      await fake.resend(event, { signature: fake.sign(payload, Math.floor(Date.now() / 1000) - 600) }),
      // Dated past the window ahead of now: it would stay replayable until then.
      await fake.resend(event, { signature: fake.sign(payload, Math.floor(Date.now() / 1000) + 600) }),
      await fake.resend(event, { signature: 'garbage' }),
    ];
    const unsigned = await t.http().post('/admin/base/stripe/notify').set('Content-Type', 'application/json').send(payload);
    for (const r of [...refused, { status: unsigned.status, body: unsigned.text }]) {
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body).code).toBe(1001);
    }
    expect(await orderState(t, orderNo)).toEqual(before);
    expect(JSON.parse((await fake.resend(event)).body).data.outcome).toBe('paid');
  });

  it('refuses a payment whose amount or currency differs from the order, and changes nothing', async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const { sessionId } = await pay(t, buyer, orderNo);
    const session = fake.sessions.get(sessionId)!;
    const euro = await fake.sendEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      currency: 'eur',
      payment_intent: 'pi_euro',
    });
    expect(euro.status).toBe(400);
    const short = await fake.completeSession(sessionId, { amountTotal: 1 });
    expect(short.delivery!.status).toBe(400);
    expect(await orderState(t, orderNo)).toEqual({ status: 0, payStatus: 0, transactionId: null, logs: 0 });
    // query asks Stripe, which says 1 cent: still refused.
    expect(ok(await get(t, buyer, '/admin/base/stripe/query', { orderNo }))).toMatchObject({ status: 0, payStatus: 0 });
  });

  it("answers a refund as its own when Stripe's charge.refunded reached the webhook first, keeping the reason", async () => {
    const no = await place();
    await pressPay(fake, (await pay(t, buyer, no)).sessionId);
    fake.eventsBeforeAnswer = true;
    try {
      const r = ok(await post(t, t.adminToken, '/admin/base/stripe/refund', { orderNo: no, reason: 'asked by the buyer' }));
      expect(r).toMatchObject({ orderNo: no, status: 9, payStatus: 4, duplicate: false });
    } finally {
      fake.eventsBeforeAnswer = false;
    }
    const o = await orderOf(t, no);
    expect(o.reason).toBe('asked by the buyer');
    expect(fake.refundsOf(o.transactionId)).toHaveLength(1);
    expect(fake.refundsOf(o.transactionId)[0].id).toBe(o.refundId);
    expect((await paidLogsOf(t, no)).filter((l) => Number(l.status) === 4)).toHaveLength(1);
    // The webhook applied it: its delivery says so.
    expect(
      fake.deliveries
        .filter((d) => d.event.type === 'charge.refunded')
        .map((d) => JSON.parse(d.body).data?.outcome)
        .at(-1),
    ).toBe('refunded');
  });

  it("refunds once when the administrator refunds twice, also at the same time, and reverses the seller's revenue", async () => {
    const sellerTokens = async () =>
      Number((await t.core.db.query<{ earnedTokens: unknown }>('SELECT `earnedTokens` FROM `base_sys_user` WHERE `id` = ?', [seller.id]))[0].earnedTokens ?? 0);
    const start = await sellerTokens();
    const a = await place();
    const b = await place(other);
    for (const [who, no] of [
      [buyer, a],
      [other, b],
    ] as const)
      await pressPay(fake, (await pay(t, who, no)).sessionId);
    expect(await sellerTokens()).toBeGreaterThan(start);
    expect((await post(t, buyer, '/admin/base/stripe/refund', { orderNo: a })).status).toBe(403);

    const first = ok(await post(t, t.adminToken, '/admin/base/stripe/refund', { orderNo: a, reason: 'bought twice by mistake' }));
    expect(first).toMatchObject({ orderNo: a, status: 9, payStatus: 4, duplicate: false });
    expect((await orderOf(t, a)).reason).toBe('bought twice by mistake');
    await fake.idle();
    const second = ok(await post(t, t.adminToken, '/admin/base/stripe/refund', { orderNo: a }));
    expect(second).toMatchObject({ orderNo: a, status: 9, refundId: first.refundId, duplicate: true });
    const both = await Promise.all([1, 2].map(() => post(t, t.adminToken, '/admin/base/stripe/refund', { orderNo: b })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    await fake.idle();
    for (const no of [a, b]) {
      const o = await orderOf(t, no);
      expect(o).toMatchObject({ status: 9, payStatus: 4 });
      expect(fake.refundsOf(o.transactionId)).toHaveLength(1);
      expect(fake.refundsOf(o.transactionId)[0].id).toBe(o.refundId);
    }
    // Stripe's charge.refunded for our own refunds either found them applied or applied them first (it may
    // reach the webhook before the call stores the refund): once per order either way, one refund log each,
    // and the administrator's reason kept.
    const intents = await Promise.all([a, b].map(async (no) => (await orderOf(t, no)).transactionId));
    const outcomes = fake.deliveries
      .filter((d) => d.event.type === 'charge.refunded' && intents.includes((d.event.data.object as { payment_intent?: string }).payment_intent))
      .map((d) => [d.status, JSON.parse(d.body).data?.outcome]);
    expect(outcomes.length).toBeGreaterThanOrEqual(2);
    for (const o of outcomes)
      expect([
        [200, 'duplicate'],
        [200, 'refunded'],
      ]).toContainEqual(o);
    for (const no of [a, b]) expect((await paidLogsOf(t, no)).filter((l) => Number(l.status) === 4)).toHaveLength(1);
    expect((await orderOf(t, a)).reason).toBe('bought twice by mistake');
    expect(await sellerTokens()).toBe(start);
    // Each refund is told once to its buyer and once to the seller, whichever path applied it.
    for (const [who, no] of [
      [buyer, a],
      [other, b],
      [seller, a],
      [seller, b],
    ] as const) {
      expect(
        (await notificationsOf(t, who.id)).filter((n) => n.type === (who === seller ? 11 : 10) && n.orderNo === no),
        `${who.id} ${no}`,
      ).toHaveLength(1);
    }
    expect((await post(t, t.adminToken, '/admin/base/stripe/refund', { orderNo: await place() })).status).toBe(409);
  });

  const lateRefunded = async (sweep: boolean) => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const before = await tokensOf(t, buyer.id);
    const { sessionId } = await pay(t, buyer, orderNo);
    await expireLater(t, orderNo);
    if (sweep) expect(ok(await get(t, buyer, '/admin/base/stripe/query', { orderNo }))).toMatchObject({ status: 4, reason: 'expired' });
    const { event, delivery } = await fake.completeSession(sessionId);
    expect(delivery!.status).toBe(200);
    const pi = fake.sessions.get(sessionId)!.payment_intent;
    expect(fake.refundsOf(pi)).toHaveLength(1);
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 4, payStatus: 4 });
    expect((await paidLogsOf(t, orderNo)).map((l) => Number(l.status))).toEqual([4]);
    expect(await tokensOf(t, buyer.id)).toBe(before);
    expect((await fake.resend(event)).status).toBe(200);
    expect(fake.refundsOf(pi)).toHaveLength(1);
    // The buyer is told once, as a console refund tells them, that the payment went back.
    const told = (await notificationsOf(t, buyer.id)).filter((n) => n.type === 10 && n.orderNo === orderNo);
    expect(told).toHaveLength(1);
    expect(told[0].title).toMatch(/refunded/i);
  };

  it('refunds a payment that arrives for an expired order automatically, once', async () => {
    // The buyer's page polling query expired the order before the payment came.
    await lateRefunded(true);
  });

  it("refunds a payment that arrives after the order's time to pay, before anyone expired it", async () => {
    await lateRefunded(false);
  });

  it("pays a test order of 0.01 and counts it in today's totals, which name nobody", async () => {
    const before = ok(await get(t, null, '/admin/base/stripe/todayStripePayments'));
    const started = ok(await get(t, buyer, '/admin/base/stripe/testPay'));
    expect(fake.sessions.get(started.sessionId)).toMatchObject({ amount_total: 1, currency: 'usd' });
    await pressPay(fake, started.sessionId);
    expect(await orderOf(t, started.orderNo)).toMatchObject({ status: 1, type: 3, userId: buyer.id });
    const today = await get(t, null, '/admin/base/stripe/todayStripePayments');
    const after = ok(today);
    expect(after.date).toBe(new Date().toISOString().slice(0, 10));
    expect(after.count).toBe(before.count + 1);
    const usd = (x: any) => x.totals.find((r: any) => r.currency === 'usd') ?? { count: 0, amount: 0 };
    expect(Math.round((usd(after).amount - usd(before).amount) * 100)).toBe(1);
    expect(JSON.stringify(today.body)).not.toMatch(new RegExp(`${started.orderNo}|bella|"userId"`));
  });

  it("answers the same open session to a second pay, 404 for another member's order, and 1002 without an order", async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const first = await pay(t, buyer, orderNo);
    expect((await pay(t, buyer, orderNo)).sessionId).toBe(first.sessionId);
    expect((await get(t, other, '/admin/base/stripe/pay', { orderNo })).status).toBe(404);
    expect((await get(t, other, '/admin/base/stripe/query', { orderNo })).status).toBe(404);
    expect((await get(t, buyer, '/admin/base/stripe/pay')).body.code).toBe(1002);
    expect((await get(t, null, '/admin/base/stripe/pay', { orderNo })).status).toBe(401);
    expect(await follow(t, `${PUBLIC_URL}/admin/base/stripe/cancel?orderNo=${orderNo}`)).toEqual({
      status: 302,
      location: `/payment?orderNo=${orderNo}&cancelled=1`,
    });
    expect((await orderOf(t, orderNo)).status).toBe(0);
  });

  it('answers 2xx to events it does not handle and to events of orders it does not know', async () => {
    const other = await fake.sendEvent('payment_intent.created', { id: 'pi_x', object: 'payment_intent' });
    expect([other.status, JSON.parse(other.body).data.outcome]).toEqual([200, 'ignored_type']);
    const stranger = await fake.sendEvent('checkout.session.completed', {
      id: 'cs_test_elsewhere',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 500,
      currency: 'usd',
      client_reference_id: 'ORDER-OF-ANOTHER-SHOP',
      metadata: {},
      payment_intent: 'pi_elsewhere',
    });
    expect([stranger.status, JSON.parse(stranger.body).data.outcome]).toEqual([200, 'ignored_unknown_order']);
    const partial = await fake.sendEvent('charge.refunded', { id: 'ch_x', object: 'charge', refunded: false, payment_intent: 'pi_x', metadata: {} });
    expect([partial.status, JSON.parse(partial.body).data.outcome]).toEqual([200, 'ignored_partial_refund']);
  });
});

describe.each(kinds)('stripe not configured, on %s', (kind) => {
  let t: TestApp;
  let buyer: Person;
  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' } });
    buyer = await person(t, 'nora');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 to the payment calls, 400 to a webhook, and still sends the browser on', async () => {
    for (const [path, query] of [
      ['pay', { orderNo: 'X1' }],
      ['subscribe', { vipId: 1 }],
      ['testPay', {}],
      ['query', { orderNo: 'X1' }],
    ] as const) {
      const r = await get(t, buyer, `/admin/base/stripe/${path}`, query);
      expect([path, r.status, r.body.code]).toEqual([path, 503, 1003]);
    }
    expect((await post(t, t.adminToken, '/admin/base/stripe/refund', { orderNo: 'X1' })).status).toBe(503);
    const hook = await t
      .http()
      .post('/admin/base/stripe/notify')
      .set('Stripe-Signature', 't=1,v1=00')
      .set('Content-Type', 'application/json')
      .send('{"id":"evt_1"}');
    expect(hook.status).toBe(400);
    const back = await t.http().get('/admin/base/stripe/return?orderNo=X1&session_id=cs_test_1').redirects(0);
    expect([back.status, back.headers.location]).toEqual([302, '/payment?orderNo=X1']);
    expect(ok(await get(t, null, '/admin/base/stripe/todayStripePayments'))).toMatchObject({ count: 0, totals: [] });
  });
});
