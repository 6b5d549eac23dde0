/**
 * base/alipay (001 §7 payment calls), over the Alipay adapter and order fulfilment:
 * - pay `?orderNo=` (public): `{url, orderNo}`, the signed page-pay URL of a pending order. Public as
 *   the spec has it, so a decision of ours: anyone who knows an order number may have its paying URL
 *   and pay it (paying someone's order is a gift, and the URL shows only the order's title and
 *   amount); the number itself is unguessable. The charge (CNY) is recorded on the order.
 * - testPay (token): a 0.01 test order of the caller, then as pay.
 * - notify (POST, public): Alipay's signed asynchronous notify (alipay-notify.ts), answered in plain text.
 * - return `?orderNo=` (public): where the browser comes back. Its signed parameters are checked when
 *   present (a forged return is ignored), the trade is asked of the gateway and confirmed when paid
 *   (the notify may be late or lost), then 302 to `/payment?orderNo=`. A browser carries no token
 *   here, so the order is found by number; the answer is only the redirect.
 * - query `?orderNo=` (token, the buyer or an administrator): `{orderNo, status, payStatus, reason}`,
 *   asking the gateway first while the order waits for an Alipay payment.
 * - refund `{orderNo, reason?}` (permission key base:alipay:refund; not the member role): refunds a paid
 *   Alipay order at Alipay (`alipay.trade.refund`, out_request_no from the order's stable key) and moves
 *   it 1 -> 9 with its effect reversed, as base/stripe/refund does (goods/order/admin-refund.ts).
 * Not configured: 503 on pay, testPay, query and refund; notify refuses with 400 `fail`; return only redirects.
 * Alipay's refund is registered for fulfilment's automatic refunds (providers.ts).
 */
import { l, call, defineRoutes, nullableText, text, STR, obj, hit } from '../../../core/api';
import type { Core } from '../../../core/api';
import { ORDER_STATE, REFUNDED } from '../goods/goods.answers';
import { createTestOrder, orderByNo, orderForCaller } from '../goods/order/fulfil.service';
import { refundAsAdmin } from '../goods/order/admin-refund';
import { registerProvider } from './providers';
import { ALIPAY } from './alipay.messages';
import { handleNotify, readNotifyForm } from './alipay-notify';
import { alipaySetup, awaitsAlipay, gatewayError, orderState, pagePay, refundAtAlipay, requireAlipay, reread, syncTrade } from './alipay.service';

/** Calls of pay and return a minute from one address. */
const PER_MINUTE = 60;

const ORDER_NO = { orderNo: text({ max: 64 }) };
const PAY_URL = obj({ url: STR, orderNo: STR });
/** What may confirm a payment says of its effect. */
const CONFIRMS = l(
  'Asks the gateway while the order waits for an Alipay payment, and confirms the order when it is paid.',
  '订单等待支付宝付款时向网关查询，已支付则确认订单。',
  '訂單等待支付寶付款時向閘道查詢，已付款則確認訂單。',
);

/**
 * The return's work before the redirect: confirm the order's trade when the gateway says it is paid.
 * Failures are logged, never shown: the payment page asks `query` again.
 */
async function syncOnReturn(core: Core, orderNo: string, query: Record<string, string>, ip: string): Promise<void> {
  const setup = alipaySetup(core);
  if (!setup || !orderNo) return;
  try {
    await hit(core.cache, [{ key: `alipay:return:ip:${ip}`, max: PER_MINUTE, windowSeconds: 60 }]);
  } catch {
    return;
  }
  if (query.sign) {
    // Alipay signs the parameters it adds; our own orderNo rides along unsigned.
    const { orderNo: _ours, ...signed } = query;
    if (!(await setup.alipay.verify(signed)) || signed.out_trade_no !== orderNo || signed.app_id !== setup.alipay.appId) {
      console.warn(`[alipay] return with a bad signature ignored: orderNo=${orderNo}`);
      return;
    }
  }
  const order = await orderByNo(core, orderNo);
  if (!order || !awaitsAlipay(order)) return;
  try {
    await syncTrade(core, setup.alipay, order);
  } catch (err) {
    console.error(`[alipay] return could not confirm orderNo=${orderNo}: ${(err as Error).message}`);
  }
}

export default defineRoutes((core: Core) => {
  registerProvider({ name: 'alipay', refund: refundAtAlipay });
  return [
    call(core, 'base', 'alipay', 'pay', {
      method: 'GET',
      access: 'public',
      summary: l('Alipay page-pay URL of an order', '订单的支付宝支付链接', '訂單的支付寶付款連結'),
      input: ORDER_NO,
      // It records what Alipay is to charge (CNY) on the pending order.
      effect: 'write',
      answer: PAY_URL,
      async handler(req, { orderNo }) {
        await hit(core.cache, [{ key: `alipay:pay:ip:${req.ctx.ip}`, max: PER_MINUTE, windowSeconds: 60 }], ALIPAY.alipay_too_many);
        return pagePay(core, req.user, orderNo, { anyone: true });
      },
    }),
    call(core, 'base', 'alipay', 'testPay', {
      method: 'GET',
      member: true,
      summary: l('Alipay test payment of 0.01', '支付宝 0.01 测试支付', '支付寶 0.01 測試付款'),
      input: {},
      effect: 'write',
      answer: PAY_URL,
      async handler(req) {
        requireAlipay(core);
        const order = await createTestOrder(core, req.user!);
        return pagePay(core, req.user, order.orderNo);
      },
    }),
    {
      ...call(core, 'base', 'alipay', 'notify', {
        method: 'POST',
        access: 'public',
        raw: true,
        summary: l('Alipay payment notify', '支付宝异步通知', '支付寶非同步通知'),
        description: l(
          "Public, and trusted only once Alipay's RSA2 signature of the form verifies and its app_id is ours (notifyRefused); answered in plain text, success or fail.",
          '公开调用，仅当表单的支付宝 RSA2 签名验证通过且 app_id 为本站（notifyRefused）后才被信任；以纯文本 success 或 fail 回答。',
          '公開呼叫，僅當表單的支付寶 RSA2 簽名驗證通過且 app_id 為本站（notifyRefused）後才被信任；以純文字 success 或 fail 回答。',
        ),
        // Alipay posts a form (application/x-www-form-urlencoded), not JSON: the handler reads the raw body itself.
        body: { type: 'object', description: "Alipay's notify form, signed (sign, sign_type)", additionalProperties: { type: 'string' } },
        input: {},
        effect: 'write',
        answer: { type: 'string', enum: ['success', 'fail'], description: 'plain text' },
        async handler(req) {
          const answer = await handleNotify(core, await readNotifyForm(req.ctx));
          req.ctx.status = answer.status;
          req.ctx.type = 'text/plain';
          req.ctx.set('Cache-Control', 'no-store');
          req.ctx.body = answer.text;
        },
      }),
      body: 'raw' as const,
    },
    call(core, 'base', 'alipay', 'return', {
      method: 'GET',
      access: 'public',
      raw: true,
      summary: l('Return from Alipay', '支付宝支付返回', '支付寶付款返回'),
      description: CONFIRMS,
      // Alipay adds its own signed parameters to our orderNo: the query is read as sent (its signature checked when present).
      body: {
        type: 'object',
        properties: { orderNo: { type: 'string', maxLength: 64 }, out_trade_no: { type: 'string' }, sign: { type: 'string' } },
        additionalProperties: { type: 'string' },
      },
      input: {},
      effect: 'write',
      answer: { description: "No data: a 302 redirect to the web app's /payment?orderNo= page." },
      async handler(req) {
        const orderNo = (req.query.orderNo || req.query.out_trade_no || '').slice(0, 64);
        await syncOnReturn(core, orderNo, req.query, req.ctx.ip);
        req.ctx.set('Cache-Control', 'no-store');
        req.ctx.status = 302;
        req.ctx.redirect(`/payment?orderNo=${encodeURIComponent(orderNo)}`);
      },
    }),
    call(core, 'base', 'alipay', 'query', {
      method: 'GET',
      member: true,
      summary: l('Payment state of an order (asks Alipay)', '查询订单支付状态（向支付宝查询）', '查詢訂單付款狀態（向支付寶查詢）'),
      description: CONFIRMS,
      input: ORDER_NO,
      effect: 'write',
      answer: ORDER_STATE,
      async handler(req, { orderNo }) {
        const { alipay } = requireAlipay(core);
        // The buyer's order (or any, for an administrator); anyone else's is a 404.
        let order = await orderForCaller(core, req.user, orderNo);
        if (awaitsAlipay(order)) {
          try {
            if (await syncTrade(core, alipay, order)) order = await reread(core, order);
          } catch (err) {
            throw gatewayError(err);
          }
        }
        return orderState(order);
      },
    }),
    call(core, 'base', 'alipay', 'refund', {
      method: 'POST',
      summary: l('Refund an Alipay payment', '支付宝付款退款', '支付寶付款退款'),
      input: { ...ORDER_NO, reason: nullableText({ max: 200 }) },
      effect: 'write',
      answer: REFUNDED,
      async handler(_req, { orderNo, reason }) {
        requireAlipay(core);
        return refundAsAdmin(core, {
          provider: 'alipay',
          orderNo,
          reason,
          notRefundable: ALIPAY.alipay_not_refundable,
          noTransaction: ALIPAY.alipay_no_transaction,
          async atProvider(p) {
            try {
              return (await refundAtAlipay(core, { ...p, reason: p.reason.slice(0, 256) })).refundId;
            } catch (err) {
              console.error(`[alipay] refund of order ${orderNo} failed: ${(err as Error).message}`);
              throw gatewayError(err);
            }
          },
        });
      },
    }),
  ];
});
