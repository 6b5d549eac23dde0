/**
 * Catalogue events of orders (plugin `notify` hook), from the order's status as the state machine
 * (order-state.ts) writes it: `order.paid` when it becomes 1 (paid), `order.refunded` when it
 * becomes 9 (refunded). Amounts are the decimal amounts the order stores.
 */
import { l, defineEvent } from '../../../../core/api';

const PAID = 1;
const REFUNDED = 9;
const FIELDS = ['id', 'orderNo', 'userId', 'sellerId', 'goodsId', 'type', 'payAmount', 'currency', 'provider'];

/** The order's status became `status` in this change. */
const became =
  (status: number) =>
  ({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) =>
    after !== null && after.status === status && (before === null || before.status !== status);

defineEvent('order.paid', {
  entity: 'goods/order',
  summary: l('An order was paid', '订单已支付', '訂單已付款'),
  fields: [...FIELDS, 'payTime'],
  when: became(PAID),
});

defineEvent('order.refunded', {
  entity: 'goods/order',
  summary: l('An order was refunded', '订单已退款', '訂單已退款'),
  fields: [...FIELDS, 'refundId', 'reason'],
  when: became(REFUNDED),
});
