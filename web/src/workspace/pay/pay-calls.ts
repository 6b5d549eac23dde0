/**
 * The calls of the payment page and the member's orders (docs/reference/calls/commerce.md): an order's detail,
 * its cancel, and per provider the paying URL (`GET base/{stripe|alipay}/pay?orderNo=`) and the status
 * (`GET base/{stripe|alipay}/query?orderNo=`). Errors are left to the caller (`silent`), which shows them
 * where they belong (a disabled option, a result page).
 */
import { ApiError } from '../../app/api';
import { calls } from '../../app/data';
import type { Order } from './order-status';
import type { OrderState } from './pay-poll';
import type { Provider } from './pay-memory';

export type { Order } from './order-status';

export function orderDetail(orderNo: string): Promise<Order> {
  return calls.goods.order.orderDetail({ orderNo }, { silent: true }) as Promise<Order>;
}

/** The seller's remark on an order they sold; null clears it. */
export function setSellerRemark(orderNo: string, sellerRemark: string | null): Promise<Order> {
  return calls.goods.order.remark({ orderNo, sellerRemark }) as Promise<Order>;
}

export function cancelOrder(orderNo: string): Promise<Order> {
  return calls.goods.order.cancel({ orderNo }) as Promise<Order>;
}

export function payUrl(provider: Provider, orderNo: string): Promise<{ url: string; orderNo: string }> {
  const pay = provider === 'alipay' ? calls.base.alipay.pay : calls.base.stripe.pay;
  return pay({ orderNo }, { silent: true }) as Promise<{ url: string; orderNo: string }>;
}

export function queryOrder(provider: Provider, orderNo: string): Promise<OrderState & { orderNo: string }> {
  const query = provider === 'alipay' ? calls.base.alipay.query : calls.base.stripe.query;
  return query({ orderNo }, { silent: true }) as Promise<OrderState & { orderNo: string }>;
}

/** A provider that is not configured answers 503. */
export function isUnavailable(e: unknown): e is ApiError {
  return e instanceof ApiError && e.status === 503;
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
