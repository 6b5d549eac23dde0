/**
 * The order state machine, in one place (issue 17, docs/decisions/money-rules.md). Every change of an order's
 * `status` goes through `moveOrder`, a conditional update (`WHERE id = ? AND status = <from>`):
 * of any number of concurrent attempts exactly one moves the order, the others get 409 and write
 * nothing.
 *
 *   status 0 pending ──pay──▶ 1 paid ──refund──▶ 9 refunded
 *          │
 *          └─cancel / expire──▶ 4 cancelled
 *
 * payStatus follows: 0 unpaid (pending), 1 paid, 2 failed (the provider reported a failed attempt;
 * the order stays pending and payable), 4 refunded (a refund of a paid order, or the automatic
 * refund of a payment that arrived for a cancelled order, which stays 4).
 */
import { and, entity, eq, fail } from '../../../../core/api';
import type { EntityColumns, EntityRow, OpTransaction, Core } from '../../../../core/api';
import { ORDER } from './order.messages';

export const ORDER_STATUS = { pending: 0, paid: 1, cancelled: 4, refunded: 9 } as const;
export const PAY_STATUS = { unpaid: 0, paid: 1, failed: 2, refunded: 4 } as const;
export const ORDER_TYPE = { goods: 0, vip: 1, recharge: 2, test: 3 } as const;
/** paidLog.status: 1 paid, 2 failed, 4 refunded, 6 to be refunded (a payment for an order that does not count it). */
export const PAID_LOG = { paid: 1, failed: 2, refunded: 4, toRefund: 6 } as const;

type Status = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

/** An order as a find or a lock answers it. */
export type GoodsOrder = EntityRow<'goods/order'>;

/** Changes to an order's stored columns beside its status. */
export type OrderChanges = Partial<EntityColumns<'goods/order'>>;

/** The allowed moves and the payStatus each leaves. */
const MOVES: Record<string, { payStatus?: PayStatus }> = {
  '0>1': { payStatus: PAY_STATUS.paid },
  '0>4': {},
  '1>9': { payStatus: PAY_STATUS.refunded },
};

export function canMove(from: number, to: number): boolean {
  return `${from}>${to}` in MOVES;
}

/**
 * Moves order `order.id` from its status to `to` with `changes` (payTime, reason, refundId...), only
 * if it still has the status it was read with; 409 (nothing written) when the move is not allowed or
 * another caller moved it first.
 */
export async function moveOrder(core: Core, t: OpTransaction, order: GoodsOrder, to: Status, changes: OrderChanges = {}): Promise<void> {
  const from = order.status;
  const move = MOVES[`${from}>${to}`];
  if (!move) throw fail.conflict(ORDER.order_bad_transition, { from, to });
  const orders = entity(core.model, 'goods/order');
  const payStatus = move.payStatus === undefined ? {} : { payStatus: move.payStatus };
  await t.updateWhere(orders, and(eq('id', order.id), eq('status', from)), { ...changes, ...payStatus, status: to }, { expect: 1 });
  Object.assign(order, changes, payStatus, { status: to });
}

/** payStatus changes that leave status alone: 0 -> 2 (failed attempt, pending order), 4 on a cancelled order refunded automatically. */
export async function setPayStatus(core: Core, t: OpTransaction, order: GoodsOrder, payStatus: PayStatus, changes: OrderChanges = {}): Promise<boolean> {
  const orders = entity(core.model, 'goods/order');
  const status = order.status;
  const ok = (status === ORDER_STATUS.pending && payStatus === PAY_STATUS.failed) || (status === ORDER_STATUS.cancelled && payStatus === PAY_STATUS.refunded);
  if (!ok) throw fail.conflict(ORDER.order_bad_transition, { from: status, to: status });
  const n = await t.updateWhere(orders, and(eq('id', order.id), eq('status', status), eq('payStatus', order.payStatus)), { ...changes, payStatus });
  if (n === 1) Object.assign(order, changes, { payStatus });
  return n === 1;
}
