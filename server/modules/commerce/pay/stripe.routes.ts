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
import { l, SYSTEM, call, defineRoutes, AppError, fail, id, nullableText, text, BOOL, INT, NUM, STR, listOf, obj, entity } from '../../../core/api';
import type { Core, ApiRequest } from '../../../core/api';
import { ORDER_STATE, REFUNDED } from '../goods/goods.answers';
import { recurringFor } from '../../../adapters/stripe.adapter';
import { createTestOrder, createVipOrder, orderByNo, orderForCaller } from '../goods/order/fulfil.service';
import { refundAsAdmin } from '../goods/order/admin-refund';
import { ORDER_STATUS, type GoodsOrder } from '../goods/order/order-state';
import { registerProvider } from './providers';
import { requireStripe, startCheckout, stripeOf, syncOrder, withStripe } from './stripe.service';
import { handleWebhook, readWebhookBody } from './stripe-webhook.service';
import { paidStripeTotals } from './stripe.queries';
import { STRIPE } from './stripe.messages';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

const ORDER_NO = { orderNo: text({ max: 64 }) };
const CHECKOUT = obj({ url: STR, sessionId: STR, orderNo: STR });
const REDIRECT = { description: "No data: a 302 redirect to the web app's /payment?orderNo= page." };
/** Stripe's success_url and cancel_url: read leniently (the browser is sent on whatever they hold). */
const BACK_FROM_STRIPE = {
  type: 'object',
  properties: { orderNo: { type: 'string', maxLength: 64 }, session_id: { type: 'string', pattern: SESSION_ID.source } },
  additionalProperties: true,
};
/** What a payment read that may confirm the payment says of its effect. */
const CONFIRMS = l(
  'Asks Stripe while the order is pending, and confirms the order when Stripe says it is paid.',
  '订单待支付时向 Stripe 查询，Stripe 确认已支付则确认订单。',
  '訂單待付款時向 Stripe 查詢，Stripe 確認已付款則確認訂單。',
);

const statusOf = (o: GoodsOrder) => ({ orderNo: o.orderNo, status: o.status, payStatus: o.payStatus, reason: o.reason ?? null });

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
      const transactionId = r.order.transactionId ?? '';
      if (!transactionId) throw new Error(`order ${r.order.orderNo} has no Stripe payment to refund`);
      return stripeOf(c).refund({
        transactionId,
        amountCents: r.amountCents,
        currency: r.currency,
        key: r.key,
        metadata: { orderNo: r.order.orderNo, reason: r.reason },
      });
    },
  });

  const vip = entity(core.model, 'base/vip');

  return [
    call(core, 'base', 'stripe', 'pay', {
      method: 'GET',
      member: true,
      summary: l('Pay an order by card (Stripe Checkout)', '银行卡支付订单（Stripe Checkout）', '信用卡支付訂單（Stripe Checkout）'),
      input: ORDER_NO,
      effect: 'write',
      answer: CHECKOUT,
      async handler(req, { orderNo }) {
        requireStripe(core);
        return startCheckout(core, req, orderNo);
      },
    }),
    call(core, 'base', 'stripe', 'subscribe', {
      method: 'GET',
      member: true,
      summary: l('Subscribe to a VIP plan by card', '银行卡订阅会员套餐', '信用卡訂閱會員方案'),
      input: { vipId: id() },
      effect: 'write',
      answer: CHECKOUT,
      async handler(req, { vipId }) {
        requireStripe(core);
        // Refused before an order is made; an unknown or unpurchasable plan is createVipOrder's 404.
        const plan = await core.ops.info(vip, vipId, SYSTEM).catch((e: unknown) => {
          if (e instanceof AppError && e.kind === 'not_found') return null;
          throw e;
        });
        if (plan && !recurringFor(plan.period)) throw fail.conflict(STRIPE.stripe_plan_not_subscribable);
        const order = await createVipOrder(core, req.user!, vipId, { subscription: true });
        return startCheckout(core, req, order.orderNo);
      },
    }),
    call(core, 'base', 'stripe', 'testPay', {
      method: 'GET',
      member: true,
      summary: l('A test card payment of 0.01', '0.01 的银行卡测试支付', '0.01 的信用卡測試付款'),
      input: {},
      effect: 'write',
      answer: CHECKOUT,
      async handler(req) {
        requireStripe(core);
        const order = await createTestOrder(core, req.user!);
        return startCheckout(core, req, order.orderNo);
      },
    }),
    call(core, 'base', 'stripe', 'query', {
      method: 'GET',
      member: true,
      summary: l('The payment status of my order (asks Stripe)', '我的订单支付状态（向 Stripe 查询）', '我的訂單付款狀態（向 Stripe 查詢）'),
      description: CONFIRMS,
      input: ORDER_NO,
      effect: 'write',
      answer: ORDER_STATE,
      async handler(req, { orderNo }) {
        requireStripe(core);
        // The buyer's order (or any, for an administrator); anyone else's is a 404.
        const order = await orderForCaller(core, req.user, orderNo);
        if (order.status !== ORDER_STATUS.pending) return statusOf(order);
        await syncOrder(core, order);
        return statusOf((await orderByNo(core, orderNo)) ?? order);
      },
    }),
    call(core, 'base', 'stripe', 'refund', {
      method: 'POST',
      summary: l('Refund a card payment', '银行卡付款退款', '信用卡付款退款'),
      input: { ...ORDER_NO, reason: nullableText({ max: 200 }) },
      effect: 'write',
      answer: REFUNDED,
      async handler(_req, { orderNo, reason }) {
        const stripe = requireStripe(core);
        return refundAsAdmin(core, {
          provider: 'stripe',
          orderNo,
          reason,
          notRefundable: STRIPE.stripe_not_refundable,
          noTransaction: STRIPE.stripe_no_transaction,
          // Only the order in the metadata: a retry with another reason must not change the idempotent request.
          atProvider: async (p) =>
            (
              await withStripe(() =>
                stripe.refund({
                  transactionId: p.order.transactionId ?? '',
                  amountCents: p.amountCents,
                  currency: p.currency,
                  key: p.key,
                  metadata: { orderNo },
                }),
              )
            ).refundId,
        });
      },
    }),
    call(core, 'base', 'stripe', 'return', {
      method: 'GET',
      access: 'public',
      raw: true,
      summary: l('Back from Stripe Checkout', '从 Stripe Checkout 返回', '從 Stripe Checkout 返回'),
      description: l(
        "Confirms a paid session by Stripe's own answer (never the URL's word), then redirects to the payment page.",
        '以 Stripe 自身的回答（而非链接参数）确认已支付的会话，然后跳转到支付页面。',
        '以 Stripe 自身的回答（而非連結參數）確認已付款的工作階段，然後導向付款頁面。',
      ),
      // The query is read as Stripe sends it (the handler checks each part): the browser is redirected whatever it holds.
      body: BACK_FROM_STRIPE,
      input: {},
      effect: 'write',
      answer: REDIRECT,
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
      access: 'public',
      raw: true,
      summary: l('Checkout cancelled at Stripe', '在 Stripe 取消支付', '在 Stripe 取消付款'),
      body: BACK_FROM_STRIPE,
      input: {},
      effect: 'read',
      answer: REDIRECT,
      async handler(req) {
        toPaymentPage(req, String(req.query.orderNo ?? '').slice(0, 64), '&cancelled=1');
      },
    }),
    call(core, 'base', 'stripe', 'todayStripePayments', {
      method: 'GET',
      access: 'public',
      summary: l("Today's card payments (totals only)", '今日银行卡收款（仅合计）', '今日信用卡收款（僅合計）'),
      input: {},
      effect: 'read',
      answer: obj({ date: STR, count: INT, totals: listOf(obj({ currency: STR, count: INT, amount: NUM })) }),
      async handler() {
        const date = new Date().toISOString().slice(0, 10);
        const totals = await paidStripeTotals(core, `${date} 00:00:00.000`);
        return { date, count: totals.reduce((n, t) => n + t.count, 0), totals };
      },
    }),
    {
      ...call(core, 'base', 'stripe', 'notify', {
        method: 'POST',
        access: 'public',
        summary: l('Stripe webhook', 'Stripe 回调', 'Stripe 回呼'),
        description: l(
          'Public, and trusted only once the Stripe-Signature header verifies over the exact bytes of the body (verifiedEvent); then the event is applied once.',
          '公开调用，仅当 Stripe-Signature 头对请求体原始字节验签通过（verifiedEvent）后才被信任；之后事件只生效一次。',
          '公開呼叫，僅當 Stripe-Signature 標頭對請求主體原始位元組驗簽通過（verifiedEvent）後才被信任；之後事件只生效一次。',
        ),
        // Stripe's event as it sent it: the signature covers the raw bytes, so the handler reads them itself.
        body: { type: 'object', description: 'A Stripe event (JSON), signed in the Stripe-Signature header' },
        input: {},
        effect: 'write',
        answer: obj({ received: BOOL, type: STR, outcome: STR }),
        handler: async (req) => handleWebhook(core, await readWebhookBody(req.ctx), req.ctx.get('stripe-signature') || undefined),
      }),
      // The signature covers the exact bytes: the dispatcher leaves the body for the handler to read.
      body: 'raw' as const,
    },
  ];
});
