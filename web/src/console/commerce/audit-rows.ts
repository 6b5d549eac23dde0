/**
 * The revenue audit's rows with the state of the order each came from. A sale revenue entry stays in
 * `auditList` after its order is refunded (the refund writes a reversal entry beside it), so the
 * screen looks the orders up and does not offer a refunded sale's revenue for withdrawal. Pure.
 */
import { ORDER_STATUS } from './orders';

export interface AuditRow {
  id: unknown;
  relateType?: unknown;
  relateId?: unknown;
  isWithdrawable?: unknown;
  /** Added here: the status of the entry's order, when known. */
  orderStatus?: number;
  [k: string]: unknown;
}

/** The ids of the orders the rows came from, each once. */
export function orderIdsOf(rows: readonly AuditRow[]): number[] {
  const ids = rows.filter((r) => r.relateType === 'order' && Number(r.relateId) > 0).map((r) => Number(r.relateId));
  return [...new Set(ids)];
}

/** The rows with `orderStatus` from the orders found (by id). */
export function withOrderStatus<R extends AuditRow>(rows: readonly R[], orders: ReadonlyArray<{ id?: unknown; status?: unknown }>): R[] {
  const status = new Map(orders.map((o) => [Number(o.id), Number(o.status)]));
  return rows.map((r) => (r.relateType === 'order' && status.has(Number(r.relateId)) ? { ...r, orderStatus: status.get(Number(r.relateId)) } : r));
}

export function saleRefunded(r: AuditRow): boolean {
  return r.orderStatus === ORDER_STATUS.refunded;
}

/** May be made withdrawable: not yet, and its sale still stands. */
export function releasable(r: AuditRow): boolean {
  return Number(r.isWithdrawable) !== 1 && !saleRefunded(r);
}

/** A seller's id typed in the filter box (`12` or `#12`), or undefined for none or not an id. */
export function sellerIdOf(text: string): number | undefined {
  const s = text.trim().replace(/^#/, '');
  return /^[1-9]\d{0,9}$/.test(s) ? Number(s) : undefined;
}
