/**
 * How an order's state is shown: one outcome (pay-poll.ts `outcomeOf`) with a tag colour, the text
 * key of its reason, and the page a member goes back to after paying it.
 */
import { outcomeOf, type Outcome } from './pay-poll';
import type { Row } from '../../app/data';
import { NOTIFY_TYPE } from '../../generated/shared';

/** An order as `orderDetail`, `myOrders` and `mySoldOrders` answer it: the row plus `goods`. */
export type Order = Row<'goods/order'> & {
  goods?: { id?: number; title?: string | null; mainPic?: string | null } | null;
};

export const ORDER_TYPE = { goods: 0, vip: 1, recharge: 2, test: 3 } as const;
export const ORDER_STATUS = { pending: 0, paid: 1, cancelled: 4, refunded: 9 } as const;

export const OUTCOME_COLOR: Record<Outcome, string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
  expired: 'warning',
  refunded: 'purple',
};

export function orderOutcome(o: Pick<Order, 'status' | 'payStatus' | 'reason'>): Outcome {
  return outcomeOf({ status: Number(o.status ?? 0), payStatus: Number(o.payStatus ?? 0), reason: o.reason ?? null });
}

/** Reasons the server writes (order-state, fulfil), each with a text under `wsPay.reason.*`. */
const REASONS = [
  'cancelled',
  'expired',
  'cancelled_refunded',
  'expired_refunded',
  'duplicate_payment_refunded',
  'refunded',
  'refunded_by_admin',
  'refunded_at_stripe',
] as const;
export type ReasonKey = (typeof REASONS)[number];

/** The text key of a reason, or null (unknown reasons are shown as the server wrote them). */
export function reasonKey(reason: unknown): ReasonKey | null {
  return typeof reason === 'string' && (REASONS as readonly string[]).includes(reason) ? (reason as ReasonKey) : null;
}

export type OrderKind = 'goods' | 'vip' | 'recharge' | 'test';

export function orderKind(o: Pick<Order, 'type'>): OrderKind {
  const t = Number(o.type ?? 0);
  if (t === ORDER_TYPE.vip) return 'vip';
  if (t === ORDER_TYPE.recharge) return 'recharge';
  if (t === ORDER_TYPE.test) return 'test';
  return 'goods';
}

/** Where "back" leads after an order: its goods, the VIP tab, the tokens tab, or the store. */
export function backPath(o: Pick<Order, 'type' | 'goodsId'>): string {
  const kind = orderKind(o);
  if (kind === 'goods' && Number(o.goodsId) > 0) return `/goods/${Number(o.goodsId)}`;
  if (kind === 'vip') return '/my/info?tab=vip';
  if (kind === 'recharge') return '/my/info?tab=tokens';
  return '/workflow_store';
}

export { ORDERS_PATH } from '../orders-path';

/** What an order is called: its goods' title, else the title the server kept (a VIP plan, "500 tokens"). */
export function orderTitle(o: Order): string {
  const extra = o.extraInfo && typeof o.extraInfo === 'object' ? (o.extraInfo as Record<string, unknown>) : {};
  const t = o.goods?.title ?? extra.title;
  return typeof t === 'string' && t ? t : String(o.orderNo ?? '');
}

/** The other side's name of a goods order: its buyer on a sale (`sold`), else its seller; null when they have no public name. */
export function partyName(o: Pick<Order, 'buyerName' | 'sellerName'>, sold: boolean): string | null {
  const name = sold ? o.buyerName : o.sellerName;
  return typeof name === 'string' && name.trim() ? name : null;
}

const ORDER_NOTIFY_TYPES: readonly number[] = [NOTIFY_TYPE.orderPaid, NOTIFY_TYPE.goodsSold, NOTIFY_TYPE.orderRefunded, NOTIFY_TYPE.saleRefunded];

/** Whether a `notify` notice tells of an order of the receiver changing (paid, sold, refunded): their order lists are stale. */
export function isOrderNotice(n: { type?: unknown } | null | undefined): boolean {
  return !!n && ORDER_NOTIFY_TYPES.includes(Number(n.type));
}
