/**
 * Permission-matrix fixtures of the order, redemption-code and ledger calls: member B aims each at
 * A's order (A bought from the administrator), A's purchase, A's used code, A's ledger entry and A's payout. B may make orders
 * of their own; B must never see, cancel or pay A's, redeem A's code, or reach the administrator's
 * ledger calls.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';

const specOfA = (w: World): number => w.rows.get('goods/spec')?.[0] ?? 1;
const entryOfA = (w: World): number => w.rows.get('base/tokenLog')?.[0] ?? 1;
const purchaseOfA = (w: World): number => w.rows.get('goods/purchase')?.[0] ?? 1;
const payoutOfA = (w: World): number => w.rows.get('base/payout')?.[0] ?? 1;

export const COMMERCE_FIXTURES: Record<string, (w: World) => Fixture> = {
  // B's own order of A's goods (the price comes from the server whatever B sends).
  'POST /admin/goods/order/place': (w) => write({ body: { goodsId: w.goodsId, specId: specOfA(w) } }, { body: { goodsId: w.goodsId } }),
  'POST /admin/goods/order/cancel': (w) => write({ body: { orderNo: w.orderNo } }),
  'POST /admin/goods/order/myOrders': () => read({ body: {} }),
  'POST /admin/goods/order/mySoldOrders': () => read({ body: {} }),
  'POST /admin/goods/order/orderDetail': (w) => read({ body: { orderNo: w.orderNo } }),
  // A's order (sold by the administrator): B is not its seller, nothing is written.
  'POST /admin/goods/order/remark': (w) => write({ body: { orderNo: w.orderNo, sellerRemark: 'from B' } }),
  'POST /admin/goods/order/isPlaced': (w) => read({ body: { goodsId: w.goodsId } }),
  'POST /admin/goods/order/purchasedGoods': () => read({ body: {} }),
  'POST /admin/goods/order/buyVip': () => write({ body: { vipId: 1 } }),
  'POST /admin/goods/order/rechargeToken': () => write({ body: { amount: 1 } }),
  // A's purchase of an AI member: B may not add it to a group (B's own or A's), nor see it among theirs.
  'POST /admin/goods/purchase/addToGroup': (w) => write({ body: { purchaseId: purchaseOfA(w), groupId: w.groupId } }),
  'GET /admin/goods/purchase/mine': () => read({}),
  // A's used code: nothing for B, and A's row stays as it is.
  'POST /admin/base/coupon/use': (w) => write({ body: { code: w.couponCode } }),
  'POST /admin/base/coupon/generate': () => write({ body: { count: 1, type: 2, tokens: 100 } }),
  // The administrator's ledger calls.
  'POST /admin/base/tokenLog/batchSetWithdrawable': (w) => write({ body: { ids: [entryOfA(w)] } }),
  'POST /admin/base/tokenLog/auditList': (w) => read({ body: { userId: w.a.id } }),
  'GET /admin/base/tokenLog/check': () => read({}),
  'POST /admin/base/tokenLog/adjust': (w) => write({ body: { userId: w.a.id, amount: 5, clientKey: 'matrix-adjust-1' } }),
  // B's own payout: B has nothing withdrawable, so 409 and nothing written.
  'POST /admin/base/payout/request': () => write({ body: { tokens: 1, note: 'from B', clientKey: 'matrix-payout-1' } }),
  // A's requested payout: only an administrator settles it.
  'POST /admin/base/payout/markPaid': (w) => write({ body: { id: payoutOfA(w), reference: 'from B' } }),
  'POST /admin/base/payout/reject': (w) => write({ body: { id: payoutOfA(w), reason: 'from B' } }),
};
