/**
 * Alipay payments over the adapter (server/adapters/alipay.adapter.ts): the page-pay URL of a pending
 * order, the gateway's word on a trade (`alipay.trade.query`) turned into a confirmation, and the
 * refund fulfilment asks for. Every confirmation goes through `confirmPayment`, which applies an
 * order's effect once.
 *
 * Settings besides the adapter's: `ALIPAY_NOTIFY_URL` (default `${PUBLIC_URL}/admin/base/alipay/notify`)
 * and `PUBLIC_URL` (the site's address, for the browser's return
 * `${PUBLIC_URL}/admin/base/alipay/return?orderNo=`). Without a notify address Alipay is treated as
 * not configured: a payment nobody is told of would only be found by `query`.
 *
 * Decisions the spec leaves open:
 * - One payment, one event: every confirmation of an Alipay payment (notify, return, query) uses the
 *   event id `trade:<trade_no>`, not the notify_id. Alipay sends a new notify_id for each state of a
 *   trade (TRADE_SUCCESS, later TRADE_FINISHED) and the return and query paths see the same trade;
 *   keyed on the trade, a payment that arrives for a cancelled order is recorded, and refunded, once
 *   whichever path reports it first. The notify_id is kept in the payment record's raw data.
 * - Amounts we confirm come only from a signed notify or the gateway's signed query answer, never
 *   from the browser's return parameters.
 * - No `time_expire` is sent: the order's expiry is ours, and a payment that still arrives for an
 *   expired order is refunded automatically (fulfilment). An Alipay trade keeps its out_trade_no and
 *   amount; if the site's rate changes between two visits of `pay`, Alipay refuses the second page
 *   for the same order, and the buyer places a new order.
 */
import { fail } from '../../../core/api';
import type { Core, AuthUser } from '../../../core/api';
import { AlipayError, AlipayNotConfigured, alipayFromEnv, type AlipayAdapter, type AlipayTrade } from '../../../adapters/alipay.adapter';
import { chargeOf, confirmPayment, orderByNo, prepareCharge, type ConfirmResult } from '../goods/order/fulfil.service';
import { ORDER_STATUS, type GoodsOrder } from '../goods/order/order-state';
import type { RefundRequest } from './providers';
import { ALIPAY } from './alipay.messages';

export const NOTIFY_PATH = '/admin/base/alipay/notify';
export const RETURN_PATH = '/admin/base/alipay/return';

/** Trade states that mean the buyer has paid. */
export const PAID_STATES: readonly string[] = ['TRADE_SUCCESS', 'TRADE_FINISHED'];

export interface AlipaySetup {
  alipay: AlipayAdapter;
  notifyUrl: string;
  /** `${PUBLIC_URL}/admin/base/alipay/return`, or null without PUBLIC_URL (Alipay then shows its own page). */
  returnUrl: string | null;
}

const adapters = new WeakMap<Core, AlipayAdapter>();

/** The adapter over this server's settings (built once per core). */
export function alipayOf(core: Core): AlipayAdapter {
  let a = adapters.get(core);
  if (!a) {
    a = alipayFromEnv(core.config.env);
    adapters.set(core, a);
  }
  return a;
}

/** The adapter and our addresses, or null when Alipay is not fully configured. */
export function alipaySetup(core: Core): AlipaySetup | null {
  const alipay = alipayOf(core);
  const env = core.config.env;
  const site = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || '';
  const notifyUrl = env.ALIPAY_NOTIFY_URL?.trim() || (site ? `${site}${NOTIFY_PATH}` : '');
  if (!alipay.configured || !notifyUrl) return null;
  return { alipay, notifyUrl, returnUrl: site ? `${site}${RETURN_PATH}` : null };
}

/** As alipaySetup, or 503 when Alipay is not configured. */
export function requireAlipay(core: Core): AlipaySetup {
  const s = alipaySetup(core);
  if (!s) throw fail.unavailable(ALIPAY.alipay_not_configured);
  return s;
}

/** An adapter failure as the envelope's error: 503 not configured, 502 gateway down or refusing. */
export function gatewayError(err: unknown): unknown {
  if (err instanceof AlipayNotConfigured) return fail.unavailable(ALIPAY.alipay_not_configured);
  if (err instanceof AlipayError) return fail.badGateway(err.reason === 'rejected' ? ALIPAY.alipay_rejected : ALIPAY.alipay_unavailable);
  return err;
}

/**
 * `pay`/`testPay`: records the CNY charge on the pending order (prepareCharge) and answers the
 * signed page-pay URL; `anyone` lets any caller have the URL of any pending order.
 */
export async function pagePay(
  core: Core,
  caller: AuthUser | null,
  orderNo: string,
  opts: { anyone?: boolean } = {},
): Promise<{ url: string; orderNo: string }> {
  const { alipay, notifyUrl, returnUrl } = requireAlipay(core);
  const charge = await prepareCharge(core, caller, orderNo, 'alipay', opts);
  const no = charge.order.orderNo;
  try {
    const url = await alipay.pagePayUrl({
      orderNo: no,
      amountCents: charge.amountCents,
      subject: charge.title,
      notifyUrl,
      returnUrl: returnUrl ? `${returnUrl}?orderNo=${encodeURIComponent(no)}` : null,
    });
    return { url, orderNo: no };
  } catch (err) {
    throw gatewayError(err);
  }
}

/** The trade as a confirmation of `order`'s payment (CNY, event `trade:<trade_no>`). */
export function confirmTrade(
  core: Core,
  orderNo: string,
  trade: { tradeNo: string; amountCents: number; raw: Record<string, unknown> },
): Promise<ConfirmResult> {
  return confirmPayment(core, {
    provider: 'alipay',
    eventId: `trade:${trade.tradeNo}`,
    orderNo,
    amountCents: Number.isSafeInteger(trade.amountCents) ? trade.amountCents : -1,
    currency: 'cny',
    transactionId: trade.tradeNo,
    raw: trade.raw,
  });
}

/** Whether the order waits for an Alipay payment we may ask the gateway about. */
export function awaitsAlipay(order: GoodsOrder): boolean {
  return order.status === ORDER_STATUS.pending && chargeOf(order, 'alipay') !== null;
}

/**
 * Asks the gateway about the trade of a pending order that was sent to Alipay and confirms it when
 * it is paid (a notify may have been lost). Answers the confirmation, or null when there was
 * nothing to confirm. Gateway failures throw (AlipayError).
 */
export async function syncTrade(core: Core, alipay: AlipayAdapter, order: GoodsOrder): Promise<ConfirmResult | null> {
  if (!awaitsAlipay(order)) return null;
  const orderNo = order.orderNo;
  const trade: AlipayTrade | null = await alipay.query(orderNo);
  if (!trade || !PAID_STATES.includes(trade.status) || trade.outTradeNo !== orderNo || !trade.tradeNo) return null;
  return confirmTrade(core, orderNo, trade);
}

/** The order's state as `query` answers it. */
export function orderState(order: GoodsOrder): { orderNo: string; status: number; payStatus: number; reason: string | null } {
  return { orderNo: order.orderNo, status: order.status, payStatus: order.payStatus, reason: order.reason };
}

/** The order again after a confirmation changed it. */
export async function reread(core: Core, order: GoodsOrder): Promise<GoodsOrder> {
  return (await orderByNo(core, order.orderNo)) ?? order;
}

/**
 * The provider refund fulfilment uses (providers.ts): `alipay.trade.refund` with out_request_no made
 * from the key, so a retried refund is answered by Alipay without moving money again.
 */
export async function refundAtAlipay(core: Core, req: RefundRequest): Promise<{ refundId: string }> {
  if (req.currency.toLowerCase() !== 'cny') throw new Error(`alipay refunds CNY only, not ${req.currency}`);
  const { refundId } = await alipayOf(core).refund({
    orderNo: req.order.orderNo,
    tradeNo: req.order.transactionId,
    amountCents: req.amountCents,
    key: req.key,
    reason: req.reason,
  });
  return { refundId };
}
