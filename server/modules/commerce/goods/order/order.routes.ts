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
import {
  l,
  SYSTEM,
  and,
  entity,
  eq,
  call,
  defineRoutes,
  fail,
  type InvalidField,
  field,
  id,
  int,
  nullableText,
  num,
  text,
  type Field,
  type Input,
  BOOL,
  NUM,
  STR,
  nullable,
  obj,
  pageOf,
} from '../../../../core/api';
import type { Core, AuthUser, Row } from '../../../../core/api';
import { displayNames } from '../../../../../entities/base/sys/display-names';
import { isSellerOf, mayReadOrder } from '../goods.access';
import { orderRow, PAGE, paged } from '../goods.answers';
import { tokensPerUnit } from '../../pay/pay-settings';
import { unitsForCents } from './effects';
import { fromUnits, toCents } from '../../pay/money';
import { ORDER_STATUS } from './order-state';
import { cancelOrder, createRechargeOrder, createVipOrder, expireDueOrders, placeOrder } from './order.service';
import { hasBought, orderByNo } from './order.queries';
import { ORDER } from './order.messages';

/** Largest top-up in one order, in site currency. */
const MAX_RECHARGE = 100_000;

/** `f`, required, and nullable as it is (a required remark that null clears). */
function required<T>(f: Field<T, boolean>): Field<T, false> {
  return field(f.schema, (v, r) => f.read(v, r));
}

const twoDecimals = (name: string): InvalidField => ({ field: name, rule: 'type', params: { type: 'amount with at most two decimals' } });

export default defineRoutes((core: Core) => {
  const orders = entity(core.model, 'goods/order');
  const goodsE = entity(core.model, 'goods/info');

  /**
   * Adds `goods {id, title, mainPic}` to each order, and the names of its buyer and seller as
   * `caller` may see them (a nickname; a username only of the caller themselves), so a seller's
   * sales say who bought.
   */
  const withGoods = async (rows: Row[], caller: AuthUser): Promise<Row[]> => {
    const ids = [...new Set(rows.map((r) => r.goodsId).filter((n): n is number => typeof n === 'number' && n > 0))];
    const goods = ids.length ? await core.ops.list(goodsE, { id: ids }, SYSTEM) : [];
    const byId = new Map(goods.map((g) => [Number(g.id), { id: g.id, title: g.title, mainPic: g.mainPic ?? null }]));
    const names = await displayNames(
      core.ops.reads(caller),
      rows.flatMap((r) => [r.userId, r.sellerId]),
      caller,
    );
    return rows.map((r) => ({
      ...r,
      buyerName: names.get(Number(r.userId)) ?? null,
      sellerName: names.get(Number(r.sellerId)) ?? null,
      goods: byId.get(Number(r.goodsId)) ?? null,
    }));
  };

  const LIST = { ...PAGE, status: int({ min: 0, max: 9 }).optional(), type: int({ min: 0, max: 3 }).optional() };
  const listOf = async (input: Input<typeof LIST>, side: 'userId' | 'sellerId', caller: AuthUser, expire = side === 'userId') => {
    const userId = caller.id;
    const { page, size } = paged(input);
    if (expire) await expireDueOrders(core, userId, 200);
    const filter: Row = { page, size, order: 'id', sort: 'desc', [side]: userId };
    if (input.status !== undefined) filter.status = input.status;
    if (input.type !== undefined) filter.type = input.type;
    const res = await core.ops.page(orders, filter, SYSTEM);
    return { ...res, list: await withGoods(res.list, caller) };
  };

  const SHOWN = orderRow(core);
  const ORDER_ROW = orders.schema.row;
  const ORDER_NO = { orderNo: text({ max: 64 }) };
  /** Reads of the buyer's orders close the ones past their time first: they may write. */
  const expires = l(
    "Closes the caller's unpaid orders that are past their time before it answers.",
    '回答前先关闭调用者已过期的未支付订单。',
    '回答前先關閉呼叫者已過期的未付款訂單。',
  );

  return [
    call(core, 'goods', 'order', 'place', {
      method: 'POST',
      member: true,
      summary: l('Place an order', '下单', '下單'),
      input: { goodsId: id(), specId: id().optional(), quantity: int({ min: 1, max: 999 }).optional(), buyerRemark: nullableText({ max: 500 }) },
      effect: 'write',
      answer: ORDER_ROW,
      handler: (req, { goodsId, specId, quantity, buyerRemark }) => placeOrder(core, req.user!, { goodsId, specId, quantity: quantity ?? 1, buyerRemark }),
    }),
    call(core, 'goods', 'order', 'cancel', {
      method: 'POST',
      member: true,
      summary: l('Cancel my pending order', '取消待支付订单', '取消待付款訂單'),
      input: ORDER_NO,
      effect: 'write',
      answer: ORDER_ROW,
      handler: (req, { orderNo }) => cancelOrder(core, req.user!, orderNo),
    }),
    call(core, 'goods', 'order', 'myOrders', {
      method: 'POST',
      member: true,
      summary: l('My orders (bought)', '我的订单（购买）', '我的訂單（購買）'),
      description: expires,
      input: LIST,
      effect: 'write',
      answer: pageOf(SHOWN),
      handler: (req, input) => listOf(input, 'userId', req.user!),
    }),
    call(core, 'goods', 'order', 'mine', {
      method: 'POST',
      member: true,
      summary: l('My orders (bought), as they stand', '我的订单（购买），按当前记录', '我的訂單（購買），依目前紀錄'),
      description: l(
        "The same list as myOrders without closing anything first: an unpaid order past its time still shows unpaid until a write closes it. For readers that must not change anything (an AI member reading on the member's behalf).",
        '与 myOrders 相同的列表，但不先关闭任何订单：已过期的未支付订单在被关闭前仍显示为未支付。供不得改动任何数据的读取方使用（例如代会员读取的 AI 成员）。',
        '與 myOrders 相同的列表，但不先關閉任何訂單：已過期的未付款訂單在被關閉前仍顯示為未付款。供不得變更任何資料的讀取方使用（例如代會員讀取的 AI 成員）。',
      ),
      input: LIST,
      effect: 'read',
      answer: pageOf(SHOWN),
      handler: (req, input) => listOf(input, 'userId', req.user!, false),
    }),
    call(core, 'goods', 'order', 'mySoldOrders', {
      method: 'POST',
      member: true,
      summary: l('My orders (sold)', '我的订单（售出）', '我的訂單（售出）'),
      input: LIST,
      effect: 'read',
      answer: pageOf(SHOWN),
      handler: (req, input) => listOf(input, 'sellerId', req.user!),
    }),
    call(core, 'goods', 'order', 'orderDetail', {
      method: 'POST',
      member: true,
      summary: l('Order detail', '订单详情', '訂單詳情'),
      description: expires,
      input: ORDER_NO,
      effect: 'write',
      answer: SHOWN,
      async handler(req, { orderNo }) {
        const caller = req.user!;
        let order = await orderByNo(core, orderNo);
        // The buyer, the seller or an administrator; anyone else learns nothing (404).
        if (!order || !mayReadOrder(order, caller)) throw fail.notFound(ORDER.order_not_found);
        if (order.status === ORDER_STATUS.pending && order.userId === caller.id) {
          await expireDueOrders(core, caller.id, 50);
          order = (await orderByNo(core, orderNo))!;
        }
        return (await withGoods([order], caller))[0];
      },
    }),
    call(core, 'goods', 'order', 'remark', {
      method: 'POST',
      member: true,
      summary: l("Write the seller's remark on an order I sold", '填写卖家备注', '填寫賣家備註'),
      // sellerRemark is required, and null (or '') clears it.
      input: { ...ORDER_NO, sellerRemark: required(nullableText({ max: 500 })) },
      effect: 'write',
      answer: SHOWN,
      async handler(req, { orderNo, sellerRemark }) {
        const caller = req.user!;
        const order = await orderByNo(core, orderNo);
        // The seller only (the remark is the seller's word): the buyer and the administrator get 404 too.
        if (!order || !isSellerOf(order, caller)) throw fail.notFound(ORDER.order_not_found);
        await core.ops.transaction(SYSTEM, (t) =>
          t.updateWhere(orders, and(eq('id', order.id), eq('sellerId', caller.id)), { sellerRemark: sellerRemark?.trim() || null }, { expect: 1 }),
        );
        return (await withGoods([(await orderByNo(core, orderNo))!], caller))[0];
      },
    }),
    call(core, 'goods', 'order', 'isPlaced', {
      method: 'POST',
      member: true,
      summary: l('Whether I bought these goods', '是否已购买该商品', '是否已購買此商品'),
      input: { goodsId: id() },
      effect: 'read',
      answer: BOOL,
      handler: (req, { goodsId }) => hasBought(core, req.user!.id, goodsId),
    }),
    call(core, 'goods', 'order', 'purchasedGoods', {
      method: 'POST',
      member: true,
      summary: l('Goods I bought', '我购买的商品', '我購買的商品'),
      input: PAGE,
      effect: 'read',
      answer: pageOf(obj({ orderNo: STR, payTime: nullable(STR), quantity: NUM, payAmount: NUM, goods: nullable(obj({})) })),
      async handler(req, input) {
        const { page, size } = paged(input);
        const res = await core.ops.page(orders, { page, size, order: 'id', sort: 'desc', userId: req.user!.id, status: ORDER_STATUS.paid, type: 0 }, SYSTEM);
        const withG = await withGoods(res.list, req.user!);
        return { ...res, list: withG.map((o) => ({ orderNo: o.orderNo, payTime: o.payTime, quantity: o.quantity, payAmount: o.payAmount, goods: o.goods })) };
      },
    }),
    call(core, 'goods', 'order', 'buyVip', {
      method: 'POST',
      member: true,
      summary: l('Order a VIP plan', '购买会员', '購買會員'),
      input: { vipId: id() },
      effect: 'write',
      answer: ORDER_ROW,
      handler: (req, { vipId }) => createVipOrder(core, req.user!, vipId),
    }),
    call(core, 'goods', 'order', 'rechargeToken', {
      method: 'POST',
      member: true,
      summary: l('Order a token top-up', '代币充值下单', '代幣儲值下單'),
      input: { amount: num({ min: 0.01, max: MAX_RECHARGE }) },
      // An amount in the site currency: at most two decimals.
      refine: ({ amount }) => (amount !== undefined && Math.abs(toCents(amount) / 100 - amount) > 1e-9 ? [twoDecimals('amount')] : []),
      effect: 'write',
      answer: ORDER_ROW,
      async handler(req, { amount }) {
        const cents = toCents(amount);
        const tokens = fromUnits(unitsForCents(cents, await tokensPerUnit(core)));
        return createRechargeOrder(core, req.user!, cents, tokens);
      },
    }),
  ];
});
