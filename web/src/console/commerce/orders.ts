/**
 * What the console reads of an order: the goods' title it keeps, which orders may be refunded, and
 * the refund call's body and answer. Pure.
 *
 * Only card payments have a refund call (`base/stripe/refund {orderNo}`); Alipay payments are refunded
 * by the server on its own (a payment the order no longer takes) but there is no call for an
 * administrator, so the console says so instead of offering one.
 */

/** Order `status` values (server/modules/goods/order/order-state.ts). */
export const ORDER_STATUS = { pending: 0, paid: 1, cancelled: 4, refunded: 9 } as const;

/** What the Refund action of an order is: offered, not offered for this provider, or none (not paid). */
export type RefundOffer = 'stripe' | 'unsupported' | null;

export interface OrderLike {
  orderNo?: unknown;
  status?: unknown;
  provider?: unknown;
}

/** Free goods are paid at once without a provider: nothing was charged, so there is nothing to refund. */
export function refundOffer(order: OrderLike): RefundOffer {
  if (Number(order.status) !== ORDER_STATUS.paid || typeof order.provider !== 'string' || !order.provider) return null;
  return order.provider === 'stripe' ? 'stripe' : 'unsupported';
}

/** The body of `base/stripe/refund`: the order and the administrator's reason (kept on the order), when one was given. */
export function refundBody(orderNo: string, reason: string): { orderNo: string; reason?: string } {
  const r = reason.trim().slice(0, 200);
  return r ? { orderNo, reason: r } : { orderNo };
}

/** The refund call's answer: the order's state after it, the provider's refund id, and whether it was refunded before. */
export interface RefundAnswer {
  orderNo: string;
  status: number;
  payStatus: number;
  reason: string | null;
  refundId: string | null;
  duplicate?: boolean;
}

/** The goods' title kept on the order (`extraInfo.title`). */
export function orderTitle(row: { extraInfo?: unknown }): string {
  const extra = row.extraInfo;
  const title = extra && typeof extra === 'object' ? (extra as { title?: unknown }).title : undefined;
  return typeof title === 'string' ? title : '';
}
