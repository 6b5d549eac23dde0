/**
 * Making, cancelling and expiring orders, and preparing a provider's charge. Amounts are computed
 * here from the goods, spec or VIP plan, never taken from the client (integer cents inside).
 *
 * Decisions the spec leaves open (issue 17):
 * - A goods order takes its price from the chosen spec when the goods have specs (a spec is then
 *   required and its stock is reserved at `place`, released when the order is cancelled or
 *   expires); goods without specs sell at the goods' price with no stock limit (a workflow listing).
 * - Only goods on sale (goods.service.ts isListed: on the shelf, shown, not removed) are sold (404 otherwise).
 * - One open order per buyer and goods: placing again while one is pending answers that order.
 *   Goods already bought (a paid order) are refused (409), as are one's own goods.
 * - Free goods (isFree 1 or price 0) complete at once: the order is made paid in the same transaction.
 * - Unpaid orders expire after `orderExpireMinutes`: lazily when read (the caller's lists, detail,
 *   pay, query), and by `expireDueOrders` for a scheduler.
 */
import { randomInt } from 'node:crypto';
import { SYSTEM, and, entity, eq, nowStored, fail, t as text, type Lang } from '../../../../core/api';
import type { Core, AuthUser, EntityRow, Row, OpTransaction } from '../../../../core/api';
import { chargeableCents, convertCents, fromCents, toCents } from '../../pay/money';
import { orderTerms, providerCurrency, type OrderTerms, type ProviderName } from '../../pay/pay-settings';
import { isListed } from '../info/goods.service';
import { isBuyerOrAdmin } from '../goods.access';
import { applyEffect, vipTermsOf } from './effects';
import { moveOrder, ORDER_STATUS, ORDER_TYPE, PAID_LOG, type GoodsOrder, type OrderChanges } from './order-state';
import { dueOrderIds, orderByNo } from './order.queries';
import { ORDER } from './order.messages';
import { languageOf } from '../../../system/member-language';
import { tokenCount } from './token-count';

type VipPlan = EntityRow<'base/vip'>;

const orders = (core: Core) => entity(core.model, 'goods/order');
const specs = (core: Core) => entity(core.model, 'goods/spec');

/** A new order number: UTC time to the second and ten random digits (unguessable, unique in practice; the column is unique). */
export function newOrderNo(): string {
  const d = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `${d}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

function expiry(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

/** A pending order whose time to pay has passed (expired, whether or not a read has closed it yet). */
export function isDue(order: Pick<GoodsOrder, 'status' | 'expireTime'>): boolean {
  return order.status === ORDER_STATUS.pending && !!order.expireTime && Date.parse(order.expireTime) < Date.now();
}

/** Cancels a pending order in `t` (the buyer's cancel, or expiry) and releases its reserved stock. */
export async function closeOrder(core: Core, t: OpTransaction, order: GoodsOrder, reason: 'cancelled' | 'expired'): Promise<void> {
  await moveOrder(core, t, order, ORDER_STATUS.cancelled, { reason });
  if (order.specId) await t.increment(specs(core), order.specId, 'stock', order.quantity);
}

/** Expires order `id` if it is still pending and past its time; answers whether it did. */
export async function expireIfDue(core: Core, id: number): Promise<boolean> {
  return core.ops.transaction(SYSTEM, async (t) => {
    const [order] = await t.lock(orders(core), id);
    if (!order || !isDue(order)) return false;
    await closeOrder(core, t, order, 'expired');
    return true;
  });
}

/** Expires the due orders (of one buyer, or of everyone), at most `limit`; answers how many. */
export async function expireDueOrders(core: Core, userId: number | null = null, limit = 500): Promise<number> {
  let n = 0;
  for (const id of await dueOrderIds(core, userId, limit)) if (await expireIfDue(core, id)) n++;
  return n;
}

/** Adds a pending order for its buyer (`row.userId`) in `t`; answers the row as stored. */
async function addOrder(core: Core, t: OpTransaction, terms: OrderTerms, row: OrderChanges & { userId: number }): Promise<GoodsOrder> {
  const data: OrderChanges = {
    orderNo: newOrderNo(),
    quantity: 1,
    discountAmount: 0,
    status: ORDER_STATUS.pending,
    payStatus: 0,
    expireTime: expiry(terms.expireMinutes),
    ...row,
  };
  const id = await t.addOne(orders(core), data, { owner: row.userId });
  const [stored] = await t.lock(orders(core), id);
  return stored;
}

export interface PlaceInput {
  goodsId: number;
  specId?: number;
  quantity: number;
  buyerRemark?: string | null;
}

/** Whether the seller of a listing is disabled: then it sells nothing new, as the store hides it. */
async function sellerDisabled(t: OpTransaction, sellerId: number | null): Promise<boolean> {
  if (!sellerId) return false;
  const [seller] = await t.find('base/sys/user', eq('id', sellerId), { fields: ['status'] });
  return seller?.status === 0;
}

/** `place`: a goods order priced on the server; free goods come back paid. */
export async function placeOrder(core: Core, buyer: AuthUser, input: PlaceInput): Promise<Row> {
  await expireDueOrders(core, buyer.id, 50);
  const terms = await orderTerms(core);
  return core.ops.transaction(SYSTEM, async (t) => {
    const [goods] = await t.lock(entity(core.model, 'goods/info'), input.goodsId);
    // Only goods on sale are sold: one the store hides (off the shelf, isDisplay 0, removed) is a 404, as in the store.
    if (!goods || !isListed(goods) || (await sellerDisabled(t, goods.userId))) throw fail.notFound(ORDER.order_goods_not_found);
    if (goods.userId === buyer.id) throw fail.conflict(ORDER.order_own_goods);
    const mine = await t.list(orders(core), { userId: buyer.id, goodsId: input.goodsId, status: [ORDER_STATUS.pending, ORDER_STATUS.paid] });
    if (mine.some((o) => o.status === ORDER_STATUS.paid)) throw fail.conflict(ORDER.order_already_bought);
    const open = mine.find((o) => o.status === ORDER_STATUS.pending);
    if (open) return open;
    const offered = await t.list(specs(core), { goodsId: input.goodsId });
    let priceCents = toCents(goods.price);
    let specId: number | null = null;
    if (offered.length > 0) {
      if (!input.specId) throw fail.conflict(ORDER.order_spec_required);
      const spec = offered.find((s) => s.id === input.specId);
      if (!spec) throw fail.notFound(ORDER.order_spec_not_found);
      priceCents = toCents(spec.price);
      specId = input.specId;
    } else if (input.specId) throw fail.notFound(ORDER.order_spec_not_found);
    if (specId !== null) {
      const [spec] = await t.lock(specs(core), specId);
      if (spec.stock < input.quantity) throw fail.conflict(ORDER.order_out_of_stock);
      await t.increment(specs(core), specId, 'stock', -input.quantity, { floor: 0 });
    }
    const free = goods.isFree === 1 || priceCents <= 0;
    const total = free ? 0 : priceCents * input.quantity;
    const order = await addOrder(core, t, terms, {
      userId: buyer.id,
      sellerId: goods.userId ?? 0,
      goodsId: goods.id,
      specId,
      quantity: input.quantity,
      type: ORDER_TYPE.goods,
      totalAmount: fromCents(total),
      payAmount: fromCents(total),
      buyerRemark: input.buyerRemark ?? null,
      extraInfo: { title: goods.title.slice(0, 120) },
    });
    if (free) {
      const effect = await applyEffect(core, t, order, terms);
      await moveOrder(core, t, order, ORDER_STATUS.paid, { payTime: nowStored(), ...effect });
    }
    return order;
  });
}

/** `cancel`: the buyer (or an administrator) cancels a pending order. */
export async function cancelOrder(core: Core, caller: AuthUser, orderNo: string): Promise<GoodsOrder> {
  const found = await orderByNo(core, orderNo);
  if (!found || !isBuyerOrAdmin(found, caller)) throw fail.notFound(ORDER.order_not_found);
  return core.ops.transaction(SYSTEM, async (t) => {
    const [order] = await t.lock(orders(core), found.id);
    if (order.status !== ORDER_STATUS.pending) throw fail.conflict(ORDER.order_not_pending);
    await closeOrder(core, t, order, isDue(order) ? 'expired' : 'cancelled');
    return order;
  });
}

/** The order for its buyer or an administrator (404 otherwise), expired first when due. */
export async function orderForCaller(core: Core, caller: AuthUser | null, orderNo: string): Promise<GoodsOrder> {
  const order = await orderByNo(core, orderNo);
  if (!order || !isBuyerOrAdmin(order, caller)) throw fail.notFound(ORDER.order_not_found);
  if (isDue(order) && (await expireIfDue(core, order.id))) return (await orderByNo(core, orderNo))!;
  return order;
}

/** See the contract in fulfil.service.ts: records what `provider` is to charge for a pending order. */
export async function prepareCharge(
  core: Core,
  caller: AuthUser | null,
  orderNo: string,
  provider: ProviderName,
  opts: { anyone?: boolean } = {},
): Promise<{ order: GoodsOrder; amountCents: number; currency: string; title: string }> {
  const found = await orderByNo(core, orderNo);
  if (!found || (!opts.anyone && !isBuyerOrAdmin(found, caller))) throw fail.notFound(ORDER.order_not_found);
  if (isDue(found)) {
    await expireIfDue(core, found.id);
    throw fail.conflict(ORDER.order_expired);
  }
  const rate = await providerCurrency(core, provider);
  if (!rate) throw fail.unavailable(ORDER.order_provider_not_configured, { provider });
  return core.ops.transaction(SYSTEM, async (t) => {
    const [order] = await t.lock(orders(core), found.id);
    if (order.status !== ORDER_STATUS.pending) throw fail.conflict(ORDER.order_not_pending);
    const siteCents = toCents(order.payAmount);
    if (siteCents <= 0) throw fail.conflict(ORDER.order_free_amount);
    const amountCents = chargeableCents(convertCents(siteCents, rate.rate), rate.currency);
    const extra = order.extraInfo ?? {};
    const charges = { ...((extra.charges as Row | undefined) ?? {}), [provider]: { currency: rate.currency, cents: amountCents } };
    await t.updateWhere(orders(core), and(eq('id', order.id), eq('status', ORDER_STATUS.pending)), { extraInfo: { ...extra, charges } }, { expect: 1 });
    order.extraInfo = { ...extra, charges };
    return { order, amountCents, currency: rate.currency, title: String(extra.title ?? order.orderNo) };
  });
}

/** testPay: a pending order of 0.01 in the site currency (000 §9). */
export async function createTestOrder(core: Core, caller: AuthUser): Promise<GoodsOrder> {
  const terms = await orderTerms(core);
  const title = text(await languageOf(core, caller.id), ORDER.order_title_test);
  return core.ops.transaction(SYSTEM, (t) =>
    addOrder(core, t, terms, { userId: caller.id, type: ORDER_TYPE.test, totalAmount: 0.01, payAmount: 0.01, extraInfo: { title } }),
  );
}

async function purchasablePlan(core: Core, t: OpTransaction, vipId: number): Promise<VipPlan> {
  const [plan] = await t.lock(entity(core.model, 'base/vip'), vipId);
  if (!plan || plan.enablePay !== 1 || !(toCents(plan.amount) > 0)) throw fail.notFound(ORDER.order_vip_not_found);
  return plan;
}

/** A VIP order's title in the buyer's language: the plan's name (as the administrator wrote it) and its days. */
export function vipOrderTitle(lang: Lang, plan: Pick<VipPlan, 'name' | 'period'>): string {
  const days = plan.period ?? 0;
  const key = days === 1 ? ORDER.order_title_vip_one_day : days > 0 ? ORDER.order_title_vip : ORDER.order_title_vip_no_period;
  return text(lang, key, { plan: plan.name, days }).slice(0, 120);
}

/** buyVip / subscribe: a pending VIP order with the plan's terms fixed on it, titled in the buyer's language. */
export async function createVipOrder(core: Core, caller: AuthUser, vipId: number, opts: { subscription?: boolean } = {}): Promise<GoodsOrder> {
  const terms = await orderTerms(core);
  const lang = await languageOf(core, caller.id);
  return core.ops.transaction(SYSTEM, async (t) => {
    const plan = await purchasablePlan(core, t, vipId);
    const cents = toCents(plan.amount);
    return addOrder(core, t, terms, {
      userId: caller.id,
      type: ORDER_TYPE.vip,
      totalAmount: fromCents(cents),
      payAmount: fromCents(cents),
      extraInfo: { title: vipOrderTitle(lang, plan), ...vipTermsOf(plan), ...(opts.subscription ? { subscription: true } : {}) },
    });
  });
}

/** rechargeToken: a pending order of `cents` in the site currency for `tokens` (fixed now), titled in the buyer's language. */
export async function createRechargeOrder(core: Core, caller: AuthUser, cents: number, tokens: number): Promise<GoodsOrder> {
  const terms = await orderTerms(core);
  const lang = await languageOf(core, caller.id);
  const title = text(lang, ORDER.order_title_tokens, { tokens: tokenCount(lang, tokens) });
  return core.ops.transaction(SYSTEM, (t) =>
    addOrder(core, t, terms, {
      userId: caller.id,
      type: ORDER_TYPE.recharge,
      totalAmount: fromCents(cents),
      payAmount: fromCents(cents),
      extraInfo: { title, tokens },
    }),
  );
}

/** See fulfil.service.ts: a later period of a subscription, paid, as one new VIP order. */
export async function renewSubscription(
  core: Core,
  r: { provider: 'stripe'; eventId: string; userId: number; vipId: number; amountCents: number; currency: string; transactionId: string; raw?: unknown },
): Promise<{ result: 'paid' | 'duplicate' | 'mismatch' | 'unknown' }> {
  const rate = await providerCurrency(core, r.provider);
  const terms = await orderTerms(core);
  const lang = await languageOf(core, r.userId);
  return core.ops.transaction(SYSTEM, async (t) => {
    const [plan] = await t.lock(entity(core.model, 'base/vip'), r.vipId);
    const [user] = await t.lock(entity(core.model, 'base/sys/user'), r.userId);
    if (!plan || !user || !rate) return { result: 'unknown' as const };
    const cents = toCents(plan.amount);
    const expected = chargeableCents(convertCents(cents, rate.rate), rate.currency);
    if (expected !== r.amountCents || rate.currency !== r.currency.toLowerCase()) {
      console.error(
        `[payments] subscription renewal amount mismatch, refused: event=${r.eventId} user=${r.userId} got ${r.amountCents} ${r.currency}, expected ${expected} ${rate.currency}`,
      );
      return { result: 'mismatch' as const };
    }
    const orderNo = newOrderNo();
    const log = await t.addIfAbsent(
      entity(core.model, 'base/paidLog'),
      {
        eventId: `${r.provider}:${r.eventId}`.slice(0, 128),
        orderNo,
        userId: r.userId,
        provider: r.provider,
        type: ORDER_TYPE.vip,
        amount: fromCents(r.amountCents),
        currency: rate.currency,
        transactionId: r.transactionId.slice(0, 64),
        status: PAID_LOG.paid,
        payTime: nowStored(),
        rawData: r.raw ?? null,
      },
      ['eventId'],
    );
    if (!log.created) return { result: 'duplicate' as const };
    const order = await addOrder(core, t, terms, {
      orderNo,
      userId: r.userId,
      type: ORDER_TYPE.vip,
      totalAmount: fromCents(cents),
      payAmount: fromCents(cents),
      extraInfo: {
        title: vipOrderTitle(lang, plan),
        ...vipTermsOf(plan),
        subscription: true,
        renewal: true,
        charges: { [r.provider]: { currency: rate.currency, cents: r.amountCents } },
      },
    });
    const effect = await applyEffect(core, t, order, terms);
    await moveOrder(core, t, order, ORDER_STATUS.paid, {
      payTime: nowStored(),
      transactionId: r.transactionId.slice(0, 64),
      provider: r.provider,
      currency: rate.currency,
      chargedAmount: fromCents(r.amountCents),
      ...effect,
    });
    return { result: 'paid' as const };
  });
}

/** Saves the provider's subscription id on the user. */
export async function setSubscription(core: Core, userId: number, subscriptionId: string): Promise<void> {
  await core.ops.transaction(SYSTEM, (t) => t.updateWhere(core.model.system('users'), userId, { subscriptionId }));
}

/** The subscription ended at the provider: renewals stop (VIP runs to its end time). */
export async function endSubscription(core: Core, subscriptionId: string): Promise<{ changed: boolean }> {
  const n = await core.ops.transaction(SYSTEM, (t) =>
    t.updateWhere(core.model.system('users'), eq('subscriptionId', subscriptionId), { subscriptionId: null }),
  );
  return { changed: n > 0 };
}
