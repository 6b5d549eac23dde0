/**
 * The calls of the payment page and the member's orders (README "Commerce calls"): an order's detail,
 * its cancel, and per provider the paying URL (`GET base/{stripe|alipay}/pay?orderNo=`) and the status
 * (`GET base/{stripe|alipay}/query?orderNo=`). Errors are left to the caller (`silent`), which shows them
 * where they belong (a disabled option, a result page).
 */
import { api, ApiError } from '../../app/api';
import { entityAction } from '../../app/data';
import type { Order } from './order-status';
import type { OrderState } from './pay-poll';
import type { Provider } from './pay-memory';

export type { Order } from './order-status';

export function orderDetail(orderNo: string): Promise<Order> {
  return entityAction<Order>('goods/order', 'orderDetail', { orderNo }, { silent: true });
}

/** The seller's remark on an order they sold; null clears it. */
export function setSellerRemark(orderNo: string, sellerRemark: string | null): Promise<Order> {
  return entityAction<Order>('goods/order', 'remark', { orderNo, sellerRemark });
}

export function cancelOrder(orderNo: string): Promise<Order> {
  return entityAction<Order>('goods/order', 'cancel', { orderNo });
}

export function payUrl(provider: Provider, orderNo: string): Promise<{ url: string; orderNo: string }> {
  return api.get(`/admin/base/${provider}/pay`, { query: { orderNo }, silent: true });
}

export function queryOrder(provider: Provider, orderNo: string): Promise<OrderState & { orderNo: string }> {
  return api.get(`/admin/base/${provider}/query`, { query: { orderNo }, silent: true });
}

/** A provider that is not configured answers 503. */
export function isUnavailable(e: unknown): e is ApiError {
  return e instanceof ApiError && e.status === 503;
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
