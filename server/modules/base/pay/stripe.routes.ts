/**
 * base/stripe: card payments (001 §7, issue 17).
 * - pay `?orderNo=` (member): a Checkout Session for the caller's pending order -> `{url, sessionId, orderNo}`.
 * - subscribe `?vipId=` (member): a VIP order paid as a Stripe subscription (renewed by invoice.paid).
 * - testPay (member): a 0.01 test order, then as pay (000 §9).
 * - query `?orderNo=` (member, own orders; the administrator any): asks Stripe when the order is still
 *   pending, confirms it when paid, answers `{orderNo, status, payStatus, reason}`.
 * - refund `{orderNo, reason?}` (permission key base:stripe:refund; not the member role): refunds at Stripe
 *   with the idempotency key `refund:<orderNo>`, then the order 1 -> 9 (revenue reversed). Decision:
 *   refunding an order that is already refunded answers success with `duplicate: true` and the same
 *   refund id, and asks Stripe nothing. A call that asked Stripe answers `duplicate: false` when the
 *   order carries the refund Stripe gave it, whoever stored it first: Stripe's `charge.refunded` for
 *   this very refund may reach the webhook before the call stores it, and two calls at once get one
 *   refund from Stripe (the idempotency key). The steps are goods/order/admin-refund.ts, shared with
 *   base/alipay/refund.
 * - return `?orderNo=&session_id=` (public, Stripe's success_url): confirms a paid session (Stripe's
 *   API answer, never the URL's word), reveals nothing, and redirects (302) to `/payment?orderNo=`.
 * - cancel `?orderNo=` (public, Stripe's cancel_url): 302 to `/payment?orderNo=…&cancelled=1`.
 * - todayStripePayments (public): today's (UTC) paid Stripe orders, count and sum per currency only.
 * - notify (public, POST, raw body): Stripe's webhook (stripe-webhook.service.ts).
 * Without STRIPE_SECRET_KEY, pay/subscribe/testPay/query/refund answer 503 and notify 400.
 */
import type { Core } from '../../../core/core';
import { l, type Row } from '../../../core/entity/define';
import type { ApiRequest } from '../../../core/http/route';
import { SYSTEM } from '../../../core/entity/access';
import { call, defineRoutes } from '../../../core/modules';
import { AppError, fail } from '../../../core/http/errors';
import { Fields } from '../../../core/http/fields';
import { recurringFor } from '../../../adapters/stripe.adapter';
import { createTestOrder, createVipOrder, orderByNo, orderForCaller } from '../../goods/order/fulfil.service';
import { refundAsAdmin } from '../../goods/order/admin-refund';
import { ORDER_STATUS } from '../../goods/order/order-state';
import { registerProvider } from './providers';
import { requireStripe, startCheckout, stripeOf, syncOrder, withStripe } from './stripe.service';
import { handleWebhook, readWebhookBody } from './stripe-webhook.service';
import { paidStripeTotals } from './stripe.queries';
import { STRIPE } from './stripe.messages';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** A query parameter read as a body field (1002 when missing or too long). */
function param(req: ApiRequest, name: string, kind: 'orderNo' | 'id'): string | number {
  const f = new Fields({ [name]: req.query[name] }, [name]);
  const v = kind === 'id' ? f.id(name) : f.str(name, 64, true);
  f.done();
  return v as string | number;
}

const statusOf = (o: Row) => ({ orderNo: o.orderNo, status: Number(o.status), payStatus: Number(o.payStatus), reason: o.reason ?? null });

/** Sends the browser to the web app's payment page (raw answer). */
function toPaymentPage(req: ApiRequest, orderNo: string, extra = ''): void {
  req.ctx.set('Cache-Control', 'no-store');
  req.ctx.set('Referrer-Policy', 'no-referrer');
  req.ctx.status = 302;
  req.ctx.redirect(`/payment?orderNo=${encodeURIComponent(orderNo)}${extra}`);
}

export default defineRoutes((core: Core) => {
  // Fulfilment refunds a payment for an order that no longer takes it (expired, paid twice) through this.
  registerProvider({
    name: 'stripe',
    async refund(c, r) {
      const transactionId = String(r.order.transactionId ?? '');
      if (!transactionId) throw new Error(`order ${String(r.order.orderNo)} has no Stripe payment to refund`);
      return stripeOf(c).refund({ transactionId, amountCents: r.amountCents, currency: r.currency, key: r.key, metadata: { orderNo: String(r.order.orderNo), reason: r.reason } });
    },
  });

  const member = (action: string, summary: ReturnType<typeof l>, handler: (req: ApiRequest) => Promise<unknown>) =>
    call(core, 'base', 'stripe', action, { method: 'GET', member: true, summary, handler });
  const vip = core.model.byKey.get('base/vip')!;

  return [
    member('pay', l('Pay an order by card (Stripe Checkout)', '银行卡支付订单（Stripe Checkout）', '信用卡支付訂單（Stripe Checkout）'), async (req) => {
      const orderNo = param(req, 'orderNo', 'orderNo') as string;
      requireStripe(core);
      return startCheckout(core, req, orderNo);
    }),
    member('subscribe', l('Subscribe to a VIP plan by card', '银行卡订阅会员套餐', '信用卡訂閱會員方案'), async (req) => {
      const vipId = param(req, 'vipId', 'id') as number;
      requireStripe(core);
      // Refused before an order is made; an unknown or unpurchasable plan is createVipOrder's 404.
      const plan = await core.ops.info(vip, vipId, SYSTEM).catch((e: unknown) => {
        if (e instanceof AppError && e.kind === 'not_found') return null;
        throw e;
      });
      if (plan && !recurringFor(plan.period)) throw fail.conflict(STRIPE.stripe_plan_not_subscribable);
      const order = await createVipOrder(core, req.user!, vipId, { subscription: true });
      return startCheckout(core, req, String(order.orderNo));
    }),
    member('testPay', l('A test card payment of 0.01', '0.01 的银行卡测试支付', '0.01 的信用卡測試付款'), async (req) => {
      requireStripe(core);
      const order = await createTestOrder(core, req.user!);
      return startCheckout(core, req, String(order.orderNo));
    }),
    member('query', l('The payment status of my order (asks Stripe)', '我的订单支付状态（向 Stripe 查询）', '我的訂單付款狀態（向 Stripe 查詢）'), async (req) => {
      const orderNo = param(req, 'orderNo', 'orderNo') as string;
      requireStripe(core);
      const order = await orderForCaller(core, req.user, orderNo);
      if (Number(order.status) !== ORDER_STATUS.pending) return statusOf(order);
      await syncOrder(core, order);
      return statusOf((await orderByNo(core, orderNo)) ?? order);
    }),
    call(core, 'base', 'stripe', 'refund', {
      method: 'POST',
      summary: l('Refund a card payment', '银行卡付款退款', '信用卡付款退款'),
      async handler(req) {
        const f = Fields.of(req.body, ['orderNo', 'reason']);
        const orderNo = f.str('orderNo', 64, true) as string;
        const reason = f.str('reason', 200);
        f.done();
        const stripe = requireStripe(core);
        return refundAsAdmin(core, {
          provider: 'stripe',
          orderNo,
          reason,
          notRefundable: STRIPE.stripe_not_refundable,
          noTransaction: STRIPE.stripe_no_transaction,
          // Only the order in the metadata: a retry with another reason must not change the idempotent request.
          atProvider: async (p) => (await withStripe(() => stripe.refund({ transactionId: String(p.order.transactionId), amountCents: p.amountCents, currency: p.currency, key: p.key, metadata: { orderNo } }))).refundId,
        });
      },
    }),
    call(core, 'base', 'stripe', 'return', {
      method: 'GET',
      guard: 'public',
      raw: true,
      summary: l('Back from Stripe Checkout', '从 Stripe Checkout 返回', '從 Stripe Checkout 返回'),
      async handler(req) {
        const orderNo = String(req.query.orderNo ?? '').slice(0, 64);
        const sessionId = SESSION_ID.test(req.query.session_id ?? '') ? req.query.session_id : null;
        if (orderNo && stripeOf(core).configured) {
          // The buyer is sent on whatever happens here: the webhook (and the page's query) confirm the payment too.
          try {
            const order = await orderByNo(core, orderNo);
            if (order) await syncOrder(core, order, sessionId);
          } catch (e) {
            console.error(`[stripe] return: could not confirm order ${orderNo} now: ${(e as Error).message}`);
          }
        }
        toPaymentPage(req, orderNo);
      },
    }),
    call(core, 'base', 'stripe', 'cancel', {
      method: 'GET',
      guard: 'public',
      raw: true,
      summary: l('Checkout cancelled at Stripe', '在 Stripe 取消支付', '在 Stripe 取消付款'),
      async handler(req) {
        toPaymentPage(req, String(req.query.orderNo ?? '').slice(0, 64), '&cancelled=1');
      },
    }),
    call(core, 'base', 'stripe', 'todayStripePayments', {
      method: 'GET',
      guard: 'public',
      summary: l("Today's card payments (totals only)", '今日银行卡收款（仅合计）', '今日信用卡收款（僅合計）'),
      async handler() {
        const date = new Date().toISOString().slice(0, 10);
        const totals = await paidStripeTotals(core, `${date} 00:00:00.000`);
        return { date, count: totals.reduce((n, t) => n + t.count, 0), totals };
      },
    }),
    {
      ...call(core, 'base', 'stripe', 'notify', {
        method: 'POST',
        guard: 'public',
        summary: l('Stripe webhook', 'Stripe 回调', 'Stripe 回呼'),
        handler: async (req) => handleWebhook(core, await readWebhookBody(req.ctx), req.ctx.get('stripe-signature') || undefined),
      }),
      // The signature covers the exact bytes: the dispatcher leaves the body for the handler to read.
      body: 'raw' as const,
    },
  ];
});
