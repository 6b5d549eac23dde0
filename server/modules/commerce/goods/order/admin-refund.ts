/**
 * An administrator's refund of a paid order, the same for every provider (issue 35): the provider's
 * `refund` call (base/stripe/refund, base/alipay/refund) only says how to refund at its provider.
 *
 * 1. The order must be a paid payment of this provider with a transaction; already refunded answers
 *    the stored refund (`duplicate: true`) and asks the provider nothing.
 * 2. The provider refunds under the stable key `refund:<orderNo>` (Stripe's idempotency key, Alipay's
 *    out_request_no): any number of calls, at once or retried, move the money once.
 * 3. refundOrder moves the order 1 -> 9 with a conditional update and reverses its effect in the same
 *    transaction, once, whoever gets there first (another call, Stripe's charge.refunded).
 * A provider that fails throws before anything is written (502); the retry asks again with the same
 * key and finishes the refund.
 */
import { fail } from '../../../../core/api';
import type { Core, AnyMessageKey } from '../../../../core/api';
import { toCents } from '../../pay/money';
import { refundOrder, type Provider } from './fulfil.service';
import { ORDER_STATUS, type GoodsOrder } from './order-state';
import { orderByNo } from './order.queries';
import { ORDER } from './order.messages';

export interface AdminRefund {
  provider: Provider;
  orderNo: string;
  /** The administrator's reason, kept on the order (default `refunded_by_admin`). */
  reason?: string | null;
  /** Refunds at the provider under `key`; answers its refund id. Throws an envelope error when the provider cannot. */
  atProvider: (req: { order: GoodsOrder; amountCents: number; currency: string; key: string; reason: string }) => Promise<string>;
  /** The provider's refusals: not a paid payment of this provider / no payment to refund. */
  notRefundable: AnyMessageKey;
  noTransaction: AnyMessageKey;
}

export interface AdminRefundAnswer {
  orderNo: unknown;
  status: number;
  payStatus: number;
  reason: unknown;
  refundId: unknown;
  /** The order had been refunded already (by an earlier call, or by another refund than this call's). */
  duplicate: boolean;
}

const answer = (o: GoodsOrder, refundId: unknown, duplicate: boolean): AdminRefundAnswer => ({
  orderNo: o.orderNo,
  status: o.status,
  payStatus: o.payStatus,
  reason: o.reason ?? null,
  refundId: refundId ?? null,
  duplicate,
});

/** The refund key of an order: one refund per order, whichever call or retry asks. */
export const refundKey = (orderNo: string): string => `refund:${orderNo}`;

export async function refundAsAdmin(core: Core, r: AdminRefund): Promise<AdminRefundAnswer> {
  const order = await orderByNo(core, r.orderNo);
  if (!order) throw fail.notFound(ORDER.order_not_found);
  if (order.provider !== r.provider) throw fail.conflict(r.notRefundable);
  if (order.status === ORDER_STATUS.refunded) return answer(order, order.refundId, true);
  if (order.status !== ORDER_STATUS.paid) throw fail.conflict(r.notRefundable);
  if (!order.transactionId) throw fail.conflict(r.noTransaction);
  const reason = r.reason?.trim() || 'refunded_by_admin';
  const refundId = await r.atProvider({ order, amountCents: toCents(order.chargedAmount), currency: order.currency ?? '', key: refundKey(r.orderNo), reason });
  const done = await refundOrder(core, { provider: r.provider, orderNo: r.orderNo, refundId, reason, reasonWins: true });
  if (done.result === 'not_paid' || done.result === 'unknown') throw fail.conflict(r.notRefundable);
  const now = (await orderByNo(core, r.orderNo)) ?? order;
  const stored = now.refundId ?? refundId;
  return answer(now, stored, done.result === 'duplicate' && String(stored) !== String(refundId));
}
