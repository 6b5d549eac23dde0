/**
 * VIP subscriptions through Stripe (issue 17) against the fake Stripe, on every database: Checkout in
 * subscription mode with a recurring price that matches the plan's period, the first payment by the
 * checkout event, each later period by invoice.paid (a replay changes nothing), renewal ended by
 * customer.subscription.deleted, and a subscription paid for an expired order refunded and cancelled.
 * The ledger check runs after every scenario.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import type { FakeStripe } from '../helpers/fake-stripe';
import { ok, person, type Person } from '../helpers/group-members';
import { fromStripeAmount, recurringFor, toStripeAmount } from '../../server/adapters/stripe.adapter';
import { DAY_MS, expectLedgerBalanced, expireLater, get, ms, orderOf, pressPay, stripeWorld, tokensOf, userOf, vipPlan } from './stripe-world';

const kinds = await databaseKinds();

describe('stripe intervals and amounts', () => {
  it('bills a period of days in days or whole weeks, never months, and refuses periods Stripe cannot bill', () => {
    expect(recurringFor(30)).toEqual({ interval: 'day', intervalCount: 30 });
    expect(recurringFor(365)).toEqual({ interval: 'day', intervalCount: 365 });
    expect(recurringFor(7)).toEqual({ interval: 'week', intervalCount: 1 });
    expect(recurringFor(84)).toEqual({ interval: 'week', intervalCount: 12 });
    for (const bad of [0, -1, 1.5, 1096, null, 'x']) expect(recurringFor(bad)).toBeNull();
  });

  it("converts cents to Stripe's smallest units and back, refusing what a currency cannot carry", () => {
    expect(toStripeAmount(420, 'usd')).toBe(420);
    expect(toStripeAmount(150_000, 'JPY')).toBe(1500);
    expect(() => toStripeAmount(149_850, 'jpy')).toThrow(/not a whole amount/);
    expect(toStripeAmount(1234, 'kwd')).toBe(12_340);
    expect(fromStripeAmount(1500, 'jpy')).toBe(150_000);
    expect(fromStripeAmount(12_340, 'kwd')).toBe(1234);
    expect(fromStripeAmount(12_345, 'kwd')).toBeNaN();
    expect(fromStripeAmount(4.2, 'usd')).toBeNaN();
  });
});

describe.each(kinds)('stripe subscriptions on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let monthly: number;

  beforeAll(async () => {
    ({ t, fake } = await stripeWorld(kind));
    // 30 CNY every 30 days with 100 tokens: 4.20 USD a period.
    monthly = await vipPlan(t, { amount: 30, period: 30, gift: 100 });
  });
  afterEach(async () => {
    await fake.idle();
    await expectLedgerBalanced(t);
  });
  afterAll(async () => {
    await fake?.stop();
    await t?.close();
  });

  const subscribe = async (who: Person, vipId = monthly) =>
    ok(await get(t, who, '/admin/base/stripe/subscribe', { vipId })) as { url: string; sessionId: string; orderNo: string };

  it("bills the plan's period exactly: 30 days as 30 days, 28 days as 4 weeks, and refuses a plan without a period", async () => {
    const who = await person(t, 'paula');
    const first = await subscribe(who);
    const s = fake.sessions.get(first.sessionId)!;
    expect(s).toMatchObject({ mode: 'subscription', client_reference_id: first.orderNo, amount_total: 420, currency: 'usd' });
    expect(s._price.recurring).toEqual({ interval: 'day', interval_count: 30 });
    expect(s._subMetadata).toEqual({ orderNo: first.orderNo, userId: String(who.id), vipId: String(monthly) });
    const fourWeeks = await vipPlan(t, { amount: 20, period: 28 });
    expect(fake.sessions.get((await subscribe(who, fourWeeks)).sessionId)!._price.recurring).toEqual({ interval: 'week', interval_count: 4 });
    const forever = await vipPlan(t, { amount: 20, period: 0 });
    expect((await get(t, who, '/admin/base/stripe/subscribe', { vipId: forever })).status).toBe(409);
    expect((await get(t, who, '/admin/base/stripe/subscribe', { vipId: 999_999 })).status).toBe(404);
  });

  it('extends VIP once per paid period, ignores a replayed invoice, and stops renewing when the subscription is deleted', async () => {
    const who = await person(t, 'sid');
    const { sessionId, orderNo } = await subscribe(who);
    const started = Date.now();
    await pressPay(fake, sessionId);
    const sub = fake.sessions.get(sessionId)!.subscription as string;
    // Stripe's invoice.paid of the first invoice (subscription_create) changed nothing by itself.
    expect(fake.deliveries.filter((d) => d.event.type === 'invoice.paid').map((d) => JSON.parse(d.body).data.outcome)).toContain('paid_by_checkout');
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 1, payStatus: 1 });
    let u = await userOf(t, who.id);
    expect(u.subscriptionId).toBe(sub);
    const end1 = ms(u.vipEndTime);
    expect(Math.abs(end1 - (started + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(await tokensOf(t, who.id)).toBe(100);

    const second = await fake.invoicePaid(sub);
    expect([second.status, JSON.parse(second.body).data.outcome]).toEqual([200, 'paid']);
    const third = await fake.invoicePaid(sub);
    expect([third.status, JSON.parse(third.body).data.outcome]).toEqual([200, 'paid']);
    u = await userOf(t, who.id);
    expect(ms(u.vipEndTime) - end1).toBe(60 * DAY_MS);
    expect(await tokensOf(t, who.id)).toBe(300);

    const replay = await fake.resend(third.event);
    expect([replay.status, JSON.parse(replay.body).data.outcome]).toEqual([200, 'duplicate']);
    const renewals = await t.core.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM `goods_order` WHERE `userId` = ? AND `type` = 1 AND `status` = 1', [
      who.id,
    ]);
    expect(Number(renewals[0].n)).toBe(3);
    expect(ms((await userOf(t, who.id)).vipEndTime) - end1).toBe(60 * DAY_MS);

    const ended = await fake.deleteSubscription(sub);
    expect([ended.status, JSON.parse(ended.body).data.outcome]).toEqual([200, 'ended']);
    u = await userOf(t, who.id);
    expect(u.subscriptionId).toBeNull();
    // VIP runs to its end; the deletion delivered again changes nothing.
    expect(ms(u.vipEndTime) - end1).toBe(60 * DAY_MS);
    expect(JSON.parse((await fake.resend(ended.event)).body).data.outcome).toBe('unchanged');
  });

  it('refuses a renewal whose amount differs from the plan', async () => {
    const who = await person(t, 'ravi');
    const { sessionId } = await subscribe(who);
    await pressPay(fake, sessionId);
    const sub = fake.sessions.get(sessionId)!.subscription as string;
    const end = ms((await userOf(t, who.id)).vipEndTime);
    const cheap = await fake.invoicePaid(sub, { amount: 1 });
    expect(cheap.status).toBe(400);
    expect(ms((await userOf(t, who.id)).vipEndTime)).toBe(end);
    expect(await tokensOf(t, who.id)).toBe(100);
  });

  it('refunds the first payment of a subscription started for an expired order, and cancels the subscription', async () => {
    const who = await person(t, 'eve');
    const { sessionId, orderNo } = await subscribe(who);
    await expireLater(t, orderNo);
    expect(ok(await get(t, who, '/admin/base/stripe/query', { orderNo }))).toMatchObject({ status: 4, reason: 'expired' });
    await pressPay(fake, sessionId);
    await fake.idle();
    const sub = fake.sessions.get(sessionId)!.subscription as string;
    expect(fake.subscriptions.get(sub)!.status).toBe('canceled');
    const inv = fake.invoices.get(fake.sessions.get(sessionId)!.invoice)!;
    expect(fake.refundsOf(inv.payments.data[0].payment.payment_intent)).toHaveLength(1);
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 4, payStatus: 4 });
    const u = await userOf(t, who.id);
    expect(u.subscriptionId ?? null).toBeNull();
    expect(u.vipEndTime ?? null).toBeNull();
    expect(await tokensOf(t, who.id)).toBe(0);
  });
});
