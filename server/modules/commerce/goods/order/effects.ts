/**
 * What a paid order does, and what its refund undoes, inside the fulfilment transaction (one
 * transaction with the order's status change, so an effect is applied exactly when the order moves):
 * - goods (type 0): what the listing sells is delivered (purchase/delivery.service.ts); `sold` of the goods grows by the quantity; the seller earns the pay amount minus
 *   the platform's commission, converted at `tokensPerUnit` into `earnedTokens`; when the goods name a
 *   team (groupId of a group of type 2) with an allocationRatio (0..1), that share of the earned
 *   tokens goes into the team's rewardPool instead. The earned tokens are kept on the order
 *   (`sellerTokens`) so a refund reverses exactly them.
 * - VIP (type 1): vipType becomes the plan's type (its id when it has none); vipEndTime is extended by
 *   the plan's period in days from the later of now and the current end; the gift tokens are credited.
 * - token recharge (type 2): the order's tokens (extraInfo.tokens, fixed when the order was placed).
 * - test payment (type 3): nothing.
 * A refund reverses each (and takes back what a goods order delivered): revenue and gift/recharged tokens as ledger entries that may leave a debt
 * (the tokens may have been spent), `sold` back down, the VIP end moved back by the period (never
 * before now).
 */
import { entity, t as text } from '../../../../core/api';
import type { Core, EntityRow, OpTransaction } from '../../../../core/api';
import { GROUP_TYPE } from '../../../../../entities/base/group.entity';
import { afterCommission, fromUnits, toCents, toUnits } from '../../pay/money';
import type { OrderTerms } from '../../pay/pay-settings';
import { moveTokens, TOKEN_KIND } from '../../ledger/ledger.service';
import { ORDER_TYPE, type GoodsOrder } from './order-state';
import { ORDER } from './order.messages';
import { NOTIFY_TYPE, notifyUsers, type NotifyType } from '../../../workspace/notify/notify.service';
import { memberLang } from '../../../system/member-language';
import { tokenCount } from './token-count';
import { deliverPurchase, takeBackPurchase } from '../purchase/delivery.service';

const DAY_MS = 24 * 3600 * 1000;

/** Token units (ten-thousandths) worth `cents` of site currency at `perUnit` tokens per unit. */
export function unitsForCents(cents: number, perUnit: number): number {
  return Math.round(cents * perUnit * 100);
}

/** The VIP terms fixed on the order when it was made (the plan may change later): period days, gift tokens, vipType. */
export interface VipTerms {
  vipId: number;
  period: number;
  giftTokens: number;
  vipType: number;
}

/** The fields of a VIP plan its terms come from. */
export type VipPlan = Pick<EntityRow<'base/vip'>, 'id' | 'period' | 'giftTokenAmount' | 'type'>;

export function vipTermsOf(plan: VipPlan): VipTerms {
  return {
    vipId: plan.id,
    period: Math.max(0, Math.floor(plan.period ?? 0)),
    giftTokens: fromUnits(toUnits(plan.giftTokenAmount)),
    vipType: plan.type ?? plan.id,
  };
}

function vipTerms(order: GoodsOrder): VipTerms | null {
  const x = order.extraInfo ?? {};
  const vipId = Number(x.vipId);
  if (!Number.isSafeInteger(vipId) || vipId < 1) return null;
  return { vipId, period: Number(x.period ?? 0), giftTokens: Number(x.giftTokens ?? 0), vipType: Number(x.vipType ?? x.vipId) };
}

/** Moves vipEndTime of `userId` by `days` (negative to take back; never before now when taking back). */
export async function extendVip(core: Core, t: OpTransaction, userId: number, days: number, vipType: number | null): Promise<string> {
  const users = entity(core.model, 'base/sys/user');
  const [user] = await t.lock(users, userId);
  const now = Date.now();
  const current = user?.vipEndTime ? Date.parse(user.vipEndTime) : NaN;
  const base = days > 0 ? Math.max(now, Number.isNaN(current) ? 0 : current) : Number.isNaN(current) ? now : current;
  const end = new Date(Math.max(days > 0 ? base : now, base + days * DAY_MS)).toISOString();
  const changes: { vipEndTime: string; vipType?: number } = { vipEndTime: end };
  if (vipType !== null) changes.vipType = vipType;
  await t.updateWhere(users, userId, changes, { expect: 1 });
  return end;
}

/** Applies a paid order's effect; answers the fields to store on the order (sellerTokens). */
export async function applyEffect(core: Core, t: OpTransaction, order: GoodsOrder, terms: OrderTerms): Promise<Partial<GoodsOrder>> {
  const type = order.type;
  const ref = { relateType: 'order', relateId: order.id };
  if (type === ORDER_TYPE.goods) {
    // Goods removed after the order was placed still sell (the buyer paid): only `sold` of a live row moves.
    const goodsE = entity(core.model, 'goods/info');
    const [goods] = await t.lock(goodsE, order.goodsId ?? 0);
    if (goods) await t.updateWhere(goodsE, goods.id, { sold: goods.sold + order.quantity }, { expect: 1 });
    await deliverPurchase(core, t, order);
    const cents = afterCommission(toCents(order.payAmount), terms.commission);
    const units = unitsForCents(cents, terms.tokensPerUnit);
    if (units <= 0 || !order.sellerId) return { sellerTokens: 0 };
    let poolUnits = 0;
    const groupId = goods?.groupId;
    if (groupId) {
      const groups = entity(core.model, 'base/group');
      const [team] = await t.lock(groups, groupId);
      const ratio = team?.allocationRatio ?? 0;
      if (team && team.type === GROUP_TYPE.team && ratio > 0 && ratio <= 1) {
        poolUnits = Math.round(units * ratio);
        await t.updateWhere(groups, team.id, { rewardPool: fromUnits(toUnits(team.rewardPool) + poolUnits) }, { expect: 1 });
      }
    }
    await moveTokens(core, t, { userId: order.sellerId, balance: 'earnedTokens', units: units - poolUnits, kind: TOKEN_KIND.sale, ...ref });
    return {
      sellerTokens: fromUnits(units - poolUnits),
      extraInfo: { ...(order.extraInfo ?? {}), poolTokens: fromUnits(poolUnits), poolGroupId: poolUnits ? groupId : undefined },
    };
  }
  const buyerId = order.userId ?? 0;
  if (type === ORDER_TYPE.vip) {
    const plan = vipTerms(order);
    if (!plan) return {};
    await extendVip(core, t, buyerId, plan.period, plan.vipType);
    const gift = toUnits(plan.giftTokens);
    if (gift > 0) await moveTokens(core, t, { userId: buyerId, balance: 'tokens', units: gift, kind: TOKEN_KIND.vipGift, ...ref });
    return {};
  }
  if (type === ORDER_TYPE.recharge) {
    const units = toUnits(order.extraInfo?.tokens);
    if (units > 0) await moveTokens(core, t, { userId: buyerId, balance: 'tokens', units, kind: TOKEN_KIND.recharge, ...ref });
  }
  return {};
}

/** Undoes a paid order's effect for its refund. */
export async function reverseEffect(core: Core, t: OpTransaction, order: GoodsOrder): Promise<void> {
  const type = order.type;
  const ref = { relateType: 'order', relateId: order.id, allowDebt: true };
  const extra = order.extraInfo ?? {};
  if (type === ORDER_TYPE.goods) {
    const goods = entity(core.model, 'goods/info');
    const [row] = await t.lock(goods, order.goodsId ?? 0);
    if (row) await t.updateWhere(goods, row.id, { sold: Math.max(0, row.sold - order.quantity) }, { expect: 1 });
    await takeBackPurchase(core, t, order);
    const units = toUnits(order.sellerTokens);
    if (units > 0 && order.sellerId)
      await moveTokens(core, t, { userId: order.sellerId, balance: 'earnedTokens', units: -units, kind: TOKEN_KIND.saleReversal, ...ref });
    const pool = toUnits(extra.poolTokens);
    if (pool > 0 && extra.poolGroupId) {
      const groups = entity(core.model, 'base/group');
      const [team] = await t.lock(groups, Number(extra.poolGroupId));
      if (team) await t.updateWhere(groups, team.id, { rewardPool: fromUnits(toUnits(team.rewardPool) - pool) }, { expect: 1 });
    }
    return;
  }
  const buyerId = order.userId ?? 0;
  if (type === ORDER_TYPE.vip) {
    const plan = vipTerms(order);
    if (!plan) return;
    await extendVip(core, t, buyerId, -plan.period, null);
    const gift = toUnits(plan.giftTokens);
    if (gift > 0) await moveTokens(core, t, { userId: buyerId, balance: 'tokens', units: -gift, kind: TOKEN_KIND.vipGift, ...ref });
    return;
  }
  if (type === ORDER_TYPE.recharge) {
    const units = toUnits(extra.tokens);
    if (units > 0) await moveTokens(core, t, { userId: buyerId, balance: 'tokens', units: -units, kind: TOKEN_KIND.rechargeReversal, ...ref });
  }
}

/**
 * What an order notice calls the order, in `lang`: a top-up or test payment by its kind, else the
 * title kept on the order (the goods' title, the VIP plan's), never its number unless it has none.
 */
function noticeTitle(lang: ReturnType<typeof memberLang>, order: GoodsOrder): string {
  const extra = order.extraInfo ?? {};
  const type = order.type;
  if (type === ORDER_TYPE.recharge && extra.tokens != null) return text(lang, ORDER.order_title_tokens, { tokens: tokenCount(lang, Number(extra.tokens)) });
  if (type === ORDER_TYPE.test) return text(lang, ORDER.order_title_test);
  const kept = typeof extra.title === 'string' ? extra.title.trim() : '';
  return kept || order.orderNo;
}

/** Notifies user `userId` of `order` with message `key` in the user's own language (delivered after the commit); not AI members. */
async function notifyOfOrder(core: Core, t: OpTransaction, order: GoodsOrder, userId: number, [type, key]: [NotifyType, string]): Promise<void> {
  const [u] = await t.lock(entity(core.model, 'base/sys/user'), userId);
  if (!u || u.userType === 1) return;
  const params = { title: noticeTitle(memberLang(u), order) };
  await notifyUsers(core, t, { toIds: [userId], type, title: text(memberLang(u), key, params), orderNo: order.orderNo });
}

/** Notifies the order's buyer and, for goods, its seller, each in their own language, after the commit. */
async function notifyParties(core: Core, t: OpTransaction, order: GoodsOrder, buyer: [NotifyType, string], seller: [NotifyType, string]): Promise<void> {
  if (order.userId) await notifyOfOrder(core, t, order, order.userId, buyer);
  if (order.type === ORDER_TYPE.goods && order.sellerId) await notifyOfOrder(core, t, order, order.sellerId, seller);
}

/**
 * Tells the buyer their order is paid and, for goods, the seller they sold (notifications in each
 * one's language, delivered after the commit): the workspace's bell shows them.
 */
export async function notifyPaid(core: Core, t: OpTransaction, order: GoodsOrder): Promise<void> {
  await notifyParties(core, t, order, [NOTIFY_TYPE.orderPaid, ORDER.notify_order_paid], [NOTIFY_TYPE.goodsSold, ORDER.notify_goods_sold]);
}

/** Tells the buyer their order was refunded and, for goods, the seller that the sale was (whichever provider refunded it). */
export async function notifyRefunded(core: Core, t: OpTransaction, order: GoodsOrder): Promise<void> {
  await notifyParties(core, t, order, [NOTIFY_TYPE.orderRefunded, ORDER.notify_order_refunded], [NOTIFY_TYPE.saleRefunded, ORDER.notify_sale_refunded]);
}

/**
 * Tells the payer that a payment which arrived for an order that could not count it (cancelled,
 * expired, or paid already) went back to them automatically. The seller sold nothing: not told.
 */
export async function notifyStrayRefund(core: Core, t: OpTransaction, order: GoodsOrder): Promise<void> {
  if (order.userId) await notifyOfOrder(core, t, order, order.userId, [NOTIFY_TYPE.orderRefunded, ORDER.notify_payment_auto_refunded]);
}
