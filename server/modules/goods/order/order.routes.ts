/**
 * goods/order calls (001 §7 goods area; token needed, the member role holds them):
 * - place `{goodsId, specId?, quantity?=1, buyerRemark?}` -> the order (priced on the server; free goods paid at once)
 * - cancel `{orderNo}`: the buyer's pending order -> cancelled (409 once it is not pending)
 * - myOrders / mySoldOrders `{page?, size?, status?, type?}`: the caller's orders as buyer / as seller, newest
 *   first, each with `goods {id, title, mainPic}` and `buyerName` / `sellerName` (nicknames; orderDetail and remark too)
 * - orderDetail `{orderNo}`: buyer, seller or administrator; 404 for anyone else
 * - remark `{orderNo, sellerRemark}`: the seller writes their remark on an order they sold (at most 500
 *   characters; null or '' clears it) -> the order as orderDetail answers it; 404 for anyone else, the
 *   buyer and the administrator included (the remark is the seller's word)
 * - isPlaced `{goodsId}` -> boolean: the caller holds a paid order of the goods
 * - purchasedGoods `{page?, size?}`: the goods the caller bought (paid orders), newest first
 * - buyVip `{vipId}` / rechargeToken `{amount}`: pending VIP / token top-up orders (amount in site currency,
 *   0.01..100000; tokens = amount x tokensPerUnit, fixed on the order)
 * Unpaid orders past their time are expired before the caller's reads answer.
 */
import type { Core } from '../../../core/core';
import type { AuthUser, Row } from '../../../core/entity/define';
import { displayNames } from '../../../../entities/base/sys/display-names';
import { l } from '../../../core/entity/define';
import { SYSTEM } from '../../../core/entity/access';
import { and, eq } from '../../../core/crud/condition';
import { call, defineRoutes } from '../../../core/modules';
import { fail } from '../../../core/http/errors';
import { Fields, paging } from '../../../core/http/fields';
import { tokensPerUnit } from '../../base/pay/pay-settings';
import { unitsForCents } from './effects';
import { fromUnits, toCents } from '../../base/pay/money';
import { ORDER_STATUS } from './order-state';
import { cancelOrder, createRechargeOrder, createVipOrder, expireDueOrders, placeOrder } from './order.service';
import { hasBought, orderByNo } from './order.queries';
import { ORDER } from './order.messages';

/** Largest top-up in one order, in site currency. */
const MAX_RECHARGE = 100_000;

export default defineRoutes((core: Core) => {
  const orders = core.model.byKey.get('goods/order')!;
  const goodsE = core.model.byKey.get('goods/info')!;

  /**
   * Adds `goods {id, title, mainPic}` to each order, and the names of its buyer and seller as
   * `caller` may see them (a nickname; a username only of the caller themselves), so a seller's
   * sales say who bought.
   */
  const withGoods = async (rows: Row[], caller: AuthUser): Promise<Row[]> => {
    const ids = [...new Set(rows.map((r) => Number(r.goodsId)).filter((n) => n > 0))];
    const goods = ids.length ? await core.ops.list(goodsE, { id: ids }, SYSTEM) : [];
    const byId = new Map(goods.map((g) => [Number(g.id), { id: g.id, title: g.title, mainPic: g.mainPic ?? null }]));
    const names = await displayNames(core.ops.reads(caller), rows.flatMap((r) => [r.userId, r.sellerId]), caller);
    return rows.map((r) => ({
      ...r,
      buyerName: names.get(Number(r.userId)) ?? null,
      sellerName: names.get(Number(r.sellerId)) ?? null,
      goods: byId.get(Number(r.goodsId)) ?? null,
    }));
  };

  const listOf = async (body: unknown, side: 'userId' | 'sellerId', caller: AuthUser) => {
    const userId = caller.id;
    const f = Fields.of(body, ['page', 'size', 'status', 'type']);
    const { page, size } = paging(f, 20);
    const status = f.int('status', { min: 0, max: 9 });
    const type = f.int('type', { min: 0, max: 3 });
    f.done();
    if (side === 'userId') await expireDueOrders(core, userId, 200);
    const filter: Row = { page, size, order: 'id', sort: 'desc', [side]: userId };
    if (status !== undefined) filter.status = status;
    if (type !== undefined) filter.type = type;
    const res = await core.ops.page(orders, filter, SYSTEM);
    return { ...res, list: await withGoods(res.list, caller) };
  };

  const member = (name: string, summary: ReturnType<typeof l>, handler: Parameters<typeof call>[4]['handler']) =>
    call(core, 'goods', 'order', name, { method: 'POST', member: true, summary, handler });

  return [
    member('place', l('Place an order', '下单', '下單'), async (req) => {
      const f = Fields.of(req.body, ['goodsId', 'specId', 'quantity', 'buyerRemark']);
      const goodsId = f.id('goodsId');
      const specId = f.id('specId', true);
      const quantity = f.int('quantity', { min: 1, max: 999 }) ?? 1;
      const buyerRemark = f.str('buyerRemark', 500);
      f.done();
      return placeOrder(core, req.user!, { goodsId: goodsId!, specId, quantity, buyerRemark });
    }),
    member('cancel', l('Cancel my pending order', '取消待支付订单', '取消待付款訂單'), async (req) => {
      const f = Fields.of(req.body, ['orderNo']);
      const orderNo = f.str('orderNo', 64, true);
      f.done();
      return cancelOrder(core, req.user!, orderNo!);
    }),
    member('myOrders', l('My orders (bought)', '我的订单（购买）', '我的訂單（購買）'), (req) => listOf(req.body, 'userId', req.user!)),
    member('mySoldOrders', l('My orders (sold)', '我的订单（售出）', '我的訂單（售出）'), (req) => listOf(req.body, 'sellerId', req.user!)),
    member('orderDetail', l('Order detail', '订单详情', '訂單詳情'), async (req) => {
      const f = Fields.of(req.body, ['orderNo']);
      const orderNo = f.str('orderNo', 64, true);
      f.done();
      const caller = req.user!;
      let order = await orderByNo(core, orderNo!);
      if (!order || (!caller.isAdmin && Number(order.userId) !== caller.id && Number(order.sellerId) !== caller.id)) throw fail.notFound(ORDER.order_not_found);
      if (Number(order.status) === ORDER_STATUS.pending && Number(order.userId) === caller.id) {
        await expireDueOrders(core, caller.id, 50);
        order = (await orderByNo(core, orderNo!))!;
      }
      return (await withGoods([order], caller))[0];
    }),
    member('remark', l("Write the seller's remark on an order I sold", '填写卖家备注', '填寫賣家備註'), async (req) => {
      const f = Fields.of(req.body, ['orderNo', 'sellerRemark']);
      const orderNo = f.str('orderNo', 64, true);
      const sellerRemark = f.str('sellerRemark', 500);
      if (sellerRemark === undefined && !f.errors.length) f.bad('sellerRemark', 'required');
      f.done();
      const seller = req.user!.id;
      const order = await orderByNo(core, orderNo!);
      if (!order || Number(order.sellerId) !== seller) throw fail.notFound(ORDER.order_not_found);
      await core.ops.transaction(SYSTEM, (t) =>
        t.updateWhere(orders, and(eq('id', Number(order.id)), eq('sellerId', seller)), { sellerRemark: sellerRemark?.trim() || null }, { expect: 1 }),
      );
      return (await withGoods([(await orderByNo(core, orderNo!))!], req.user!))[0];
    }),
    member('isPlaced', l('Whether I bought these goods', '是否已购买该商品', '是否已購買此商品'), async (req) => {
      const f = Fields.of(req.body, ['goodsId']);
      const goodsId = f.id('goodsId');
      f.done();
      return hasBought(core, req.user!.id, goodsId!);
    }),
    member('purchasedGoods', l('Goods I bought', '我购买的商品', '我購買的商品'), async (req) => {
      const f = Fields.of(req.body, ['page', 'size']);
      const { page, size } = paging(f, 20);
      f.done();
      const res = await core.ops.page(orders, { page, size, order: 'id', sort: 'desc', userId: req.user!.id, status: ORDER_STATUS.paid, type: 0 }, SYSTEM);
      const withG = await withGoods(res.list, req.user!);
      return { ...res, list: withG.map((o) => ({ orderNo: o.orderNo, payTime: o.payTime, quantity: o.quantity, payAmount: o.payAmount, goods: o.goods })) };
    }),
    member('buyVip', l('Order a VIP plan', '购买会员', '購買會員'), async (req) => {
      const f = Fields.of(req.body, ['vipId']);
      const vipId = f.id('vipId');
      f.done();
      return createVipOrder(core, req.user!, vipId!);
    }),
    member('rechargeToken', l('Order a token top-up', '代币充值下单', '代幣儲值下單'), async (req) => {
      const f = Fields.of(req.body, ['amount']);
      const amount = f.num('amount', { min: 0.01, max: MAX_RECHARGE });
      if (amount !== undefined && Math.abs(toCents(amount) / 100 - amount) > 1e-9) f.bad('amount', 'type', { type: 'amount with at most two decimals' });
      if (amount === undefined && !f.errors.length) f.bad('amount', 'required');
      f.done();
      const cents = toCents(amount);
      const tokens = fromUnits(unitsForCents(cents, await tokensPerUnit(core)));
      return createRechargeOrder(core, req.user!, cents, tokens);
    }),
  ];
});
