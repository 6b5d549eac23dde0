/**
 * What the console reads of an order: the goods' title it keeps, who bought and sold it, which
 * orders may be refunded and through which call, and the refund call's body and answer. Pure.
 *
 * Card and Alipay payments each have a refund call (`base/stripe/refund`, `base/alipay/refund`,
 * both `{orderNo, reason?}` with the same answer); a paid order of any other provider cannot be
 * refunded here, and the console says so instead of offering it.
 */

/** Order `status` values (server/modules/commerce/goods/order/order-state.ts). */
export const ORDER_STATUS = { pending: 0, paid: 1, cancelled: 4, refunded: 9 } as const;

/** The providers the console refunds through. */
export type RefundProvider = 'stripe' | 'alipay';

/** What the Refund action of an order is: offered through a provider, not offered for this provider, or none (not paid). */
export type RefundOffer = RefundProvider | 'unsupported' | null;

export interface OrderLike {
  orderNo?: unknown;
  status?: unknown;
  provider?: unknown;
}

/** Free goods are paid at once without a provider: nothing was charged, so there is nothing to refund. */
export function refundOffer(order: OrderLike): RefundOffer {
  if (Number(order.status) !== ORDER_STATUS.paid || typeof order.provider !== 'string' || !order.provider) return null;
  return order.provider === 'stripe' || order.provider === 'alipay' ? order.provider : 'unsupported';
}

/** The permission the provider's refund call (`calls.base.stripe.refund`, `calls.base.alipay.refund`) takes. */
export function refundPermission(provider: RefundProvider): string {
  return `base:${provider}:refund`;
}

/** A person on an order as the console shows them: the name the server derived, else `#id`; null without one. */
export function personLabel(name: unknown, id: unknown): string | null {
  if (typeof name === 'string' && name.trim()) return name;
  return id === null || id === undefined || id === '' ? null : `#${String(id)}`;
}

/** The body of a refund call: the order and the administrator's reason (kept on the order), when one was given. */
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
