/**
 * The world of the Stripe tests: the real app with Stripe pointed at a local fake (tests/helpers/
 * fake-stripe.ts) whose webhooks go to the app's notify route, prices in CNY charged in USD at 0.14,
 * and helpers to make orders, pay them on the fake's checkout page and read what was stored.
 */
import { expect } from 'vitest';
import type { AppConfig } from '../../server/core/core';
import { SYSTEM } from '../../server/core/entity/access';
import { startApp, type StartOptions, type TestApp } from '../helpers/app';
import { FakeStripe } from '../helpers/fake-stripe';
import { ok, post, rows, type Person, type Res } from '../helpers/group-members';

export const PUBLIC_URL = 'https://shop.example.test';
/** CNY -> USD. */
export const RATE = 0.14;

export interface StripeWorld {
  t: TestApp;
  fake: FakeStripe;
}

/** Starts the fake and the app configured for it; webhooks are posted to /admin/base/stripe/notify. */
export async function stripeWorld(
  kind: 'sqlite' | 'mysql',
  env: Record<string, string> = {},
  config: Partial<AppConfig> = {},
  opts: StartOptions = {},
): Promise<StripeWorld> {
  const fake = await new FakeStripe().start();
  const t = await startApp(
    kind,
    { ...config, env: { ...process.env, ...fake.env(), STRIPE_CURRENCY: 'usd', STRIPE_RATE: String(RATE), PUBLIC_URL, ...env } },
    opts,
  );
  fake.deliver = async (payload, signature) => {
    const r = await t
      .http()
      .post('/admin/base/stripe/notify')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Stripe-Signature', signature)
      .send(payload);
    return { status: r.status, body: r.text };
  };
  return { t, fake };
}

/** GET `path?query` as `who`. */
export async function get(
  t: TestApp,
  who: Person | string | null,
  path: string,
  query: Record<string, string | number> = {},
): Promise<Res & { headers: Record<string, string> }> {
  const r = t.http().get(path).query(query);
  const token = typeof who === 'string' ? who : who?.token;
  if (token) r.set('Authorization', token);
  return (await r) as never;
}

/** A VIP plan (the administrator's), purchasable. */
export async function vipPlan(t: TestApp, p: { amount: number; period: number; gift?: number; type?: number }): Promise<number> {
  const r = ok(
    await post(t, t.adminToken, '/admin/base/vip/add', {
      name: `Plan ${p.period}d`,
      amount: p.amount,
      period: p.period,
      giftTokenAmount: p.gift ?? 0,
      type: p.type ?? 2,
      enablePay: 1,
    }),
  );
  return Number(r.id);
}

/** A pending VIP order of `buyer`. */
export async function vipOrder(t: TestApp, buyer: Person, vipId: number): Promise<string> {
  return String(ok(await post(t, buyer, '/admin/goods/order/buyVip', { vipId })).orderNo);
}

/** `who` becomes a creator who may sell goods. */
export async function makeSeller(t: TestApp, who: Person): Promise<void> {
  ok(await post(t, who, '/admin/base/sys/user/becomeBlogger', {}));
}

/** New goods of `seller` on sale at `price` (site currency). */
export async function goodsOf(t: TestApp, seller: Person, price: number): Promise<number> {
  return Number(ok(await post(t, seller, '/admin/goods/info/add', { title: `Workflow ${price}`, price, status: 1, isDisplay: 1, isFree: 0 })).id);
}

/** `pay?orderNo=` as `buyer`: `{url, sessionId, orderNo}`. */
export async function pay(t: TestApp, buyer: Person, orderNo: string): Promise<{ url: string; sessionId: string; orderNo: string }> {
  return ok(await get(t, buyer, '/admin/base/stripe/pay', { orderNo }));
}

/** The buyer presses "Pay" on the fake's checkout page: the Location Stripe sends the browser to. */
export async function pressPay(fake: FakeStripe, sessionId: string): Promise<string> {
  const page = await fetch(`${fake.url}/pay/${sessionId}`);
  expect(await page.text()).toMatch(/<form method="post" action="\/pay\/cs_[^"]+"><button type="submit">Pay<\/button>/);
  const r = await fetch(`${fake.url}/pay/${sessionId}`, { method: 'POST', redirect: 'manual' });
  expect(r.status).toBe(303);
  return r.headers.get('location')!;
}

/** Follows a URL of this site (PUBLIC_URL) in the app: the raw answer. */
export async function follow(t: TestApp, url: string): Promise<{ status: number; location: string | undefined }> {
  expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  const r = await t.http().get(url.slice(PUBLIC_URL.length)).redirects(0);
  return { status: r.status, location: r.headers.location };
}

export async function orderOf(t: TestApp, orderNo: string): Promise<Record<string, any>> {
  const [o] = await rows(t, 'goods_order', '`orderNo` = ?', [orderNo]);
  return o;
}

export async function paidLogsOf(t: TestApp, orderNo: string): Promise<Array<Record<string, any>>> {
  return rows(t, 'base_paid_log', '`orderNo` = ?', [orderNo]);
}

export async function userOf(t: TestApp, id: number): Promise<Record<string, any>> {
  const [u] = await rows(t, 'base_sys_user', '`id` = ?', [id]);
  return u;
}

/** What a scenario must leave unchanged where nothing should happen: the order and its payment records. */
export async function orderState(t: TestApp, orderNo: string): Promise<unknown> {
  const o = await orderOf(t, orderNo);
  return { status: Number(o.status), payStatus: Number(o.payStatus), transactionId: o.transactionId ?? null, logs: (await paidLogsOf(t, orderNo)).length };
}

/** Tokens of a user, as a number. */
export async function tokensOf(t: TestApp, id: number): Promise<number> {
  return Number((await userOf(t, id)).tokens ?? 0);
}

/** The ledger check: every balance equals the sum of its entries. */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const r = await get(t, t.adminToken, '/admin/base/tokenLog/check');
  expect(ok(r).mismatches).toEqual([]);
}

/** Moves the order's time to pay into the past (as the scheduler's clock would), through the operations. */
export async function expireLater(t: TestApp, orderNo: string): Promise<void> {
  const orders = t.core.model.byKey.get('goods/order')!;
  const o = await orderOf(t, orderNo);
  await t.core.ops.transaction(SYSTEM, (tx) => tx.updateWhere(orders, Number(o.id), { expireTime: new Date(Date.now() - 60_000).toISOString() }));
}

/** Epoch milliseconds of a stored datetime (SQLite text or MariaDB string, UTC). */
export function ms(v: unknown): number {
  if (v instanceof Date) return v.getTime();
  const s = String(v);
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(' ', 'T')}Z`);
}

export const DAY_MS = 24 * 3600 * 1000;
