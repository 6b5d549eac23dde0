/**
 * Payment fulfilment (docs/decisions/money-rules.md): the one function every confirmation reaches — a provider's
 * webhook or notify, the browser's return, a `query` that finds the payment made — and that applies
 * an order's effect exactly once. In one transaction it locks the order, checks the amount and
 * currency against what this provider was asked to charge, records the provider's event in paidLog
 * under its unique event id, moves the order 0 -> 1 with a conditional update and applies the effect
 * (effects.ts). A second delivery of the event finds its paidLog row and changes nothing.
 *
 * A payment that arrives for an order that is no longer payable (cancelled or expired, or already
 * paid through another payment) is refunded automatically through the provider: its paidLog row is
 * written with status 6 (to refund) in the transaction, the provider refund runs after the commit
 * with an idempotency key, and the row becomes 4 (refunded). If the provider cannot be reached the
 * call fails (502), the provider retries its delivery, and the retry finds the row at 6 and tries
 * the refund again: a payment is never kept for an order that does not count it. The payer is told
 * (a notification in their language) once the refund is done, as a console refund tells them.
 */
import { SYSTEM, and, entity, eq, nowStored, fail } from '../../../../core/api';
import type { Core, EntityRow } from '../../../../core/api';
import { fromCents, toCents } from '../../pay/money';
import { providerOf } from '../../pay/providers';
import { orderTerms } from '../../pay/pay-settings';
import { applyEffect, notifyPaid, notifyRefunded, notifyStrayRefund, reverseEffect } from './effects';
import { moveOrder, ORDER_STATUS, PAID_LOG, setPayStatus, type GoodsOrder } from './order-state';

export { PAID_LOG };
import { ORDER } from './order.messages';
import { closeOrder, isDue } from './order.service';

export { orderByNo } from './order.queries';
export { createTestOrder, createVipOrder, orderForCaller, prepareCharge, renewSubscription, setSubscription, endSubscription } from './order.service';

export type Provider = 'stripe' | 'alipay';

/** The order's payType (001's dictionary: 1 Alipay, 2 WeChat Pay, 3 other) of the provider that was paid. */
const PAY_TYPE: Record<Provider, GoodsOrder['payType']> = { alipay: 1, stripe: 3 };

export interface PaymentConfirmation {
  provider: Provider;
  /** The provider's unique id of this event (Stripe event id, Alipay notify_id, `session:<id>`...). */
  eventId: string;
  orderNo: string;
  /** Charged amount in minor units of `currency`. */
  amountCents: number;
  currency: string;
  transactionId?: string | null;
  raw?: unknown;
}

export type ConfirmResult = { result: 'paid' | 'duplicate' | 'not_pending' | 'refunded' | 'mismatch'; order: GoodsOrder } | { result: 'unknown' };

/** A payment to refund automatically: its paidLog row (status 6), or what is about to be written there. */
type StrayPayment = Pick<EntityRow<'base/paidLog'>, 'id' | 'amount' | 'currency' | 'transactionId' | 'provider'>;

const orders = (core: Core) => entity(core.model, 'goods/order');
const paidLogs = (core: Core) => entity(core.model, 'base/paidLog');

/** What `prepareCharge` asked `provider` to charge for the order: `{currency, cents}`. */
export function chargeOf(order: Pick<GoodsOrder, 'extraInfo'>, provider: string): { currency: string; cents: number } | null {
  const charges = (order.extraInfo?.charges as Record<string, unknown> | undefined) ?? {};
  const c = charges[provider] as Record<string, unknown> | undefined;
  const cents = Number(c?.cents);
  return c && typeof c.currency === 'string' && Number.isSafeInteger(cents) ? { currency: c.currency, cents } : null;
}

function eventKey(provider: string, eventId: string): string {
  return `${provider}:${eventId}`.slice(0, 128);
}

/** A payment we refuse: logged loudly (never the payload's secrets), so an operator looks at it. */
function loud(what: string, c: { provider: string; orderNo: string; eventId: string }, detail: string): void {
  console.error(`[payments] ${what}: provider=${c.provider} order=${c.orderNo} event=${c.eventId} ${detail}`);
}

export async function confirmPayment(core: Core, c: PaymentConfirmation): Promise<ConfirmResult> {
  const currency = c.currency.toLowerCase();
  const transactionId = c.transactionId ? c.transactionId.slice(0, 64) : null;
  const terms = await orderTerms(core);
  const outcome = await core.ops.transaction(SYSTEM, async (t) => {
    const [order] = await t.lock(orders(core), eq('orderNo', c.orderNo));
    if (!order) return { result: 'unknown' as const };
    const charge = chargeOf(order, c.provider);
    if (!charge || charge.currency !== currency || charge.cents !== c.amountCents) {
      loud(
        'amount or currency mismatch, refused',
        c,
        `got ${c.amountCents} ${currency}, expected ${charge ? `${charge.cents} ${charge.currency}` : 'no charge prepared'}`,
      );
      return { result: 'mismatch' as const, order };
    }
    const [seen] = await t.lock(paidLogs(core), eq('eventId', eventKey(c.provider, c.eventId)));
    if (seen) return { result: 'duplicate' as const, order, refundLog: seen.status === PAID_LOG.toRefund ? seen : null };
    // A payment after the order's time to pay counts for an expired order, even one no read has closed yet.
    if (isDue(order)) await closeOrder(core, t, order, 'expired');
    const status = order.status;
    const samePayment =
      status !== ORDER_STATUS.pending && status !== ORDER_STATUS.cancelled && (!transactionId || !order.transactionId || order.transactionId === transactionId);
    if (samePayment) return { result: 'not_pending' as const, order };
    const refund = status !== ORDER_STATUS.pending;
    const log = await t.addIfAbsent(
      paidLogs(core),
      {
        eventId: eventKey(c.provider, c.eventId),
        orderNo: order.orderNo,
        userId: order.userId,
        provider: c.provider,
        type: order.type,
        amount: fromCents(c.amountCents),
        currency,
        transactionId,
        status: refund ? PAID_LOG.toRefund : PAID_LOG.paid,
        payTime: nowStored(),
        rawData: c.raw ?? null,
      },
      ['eventId'],
    );
    if (!log.created) {
      const [prev] = await t.lock(paidLogs(core), log.id);
      return { result: 'duplicate' as const, order, refundLog: prev?.status === PAID_LOG.toRefund ? prev : null };
    }
    if (refund) {
      loud('payment for an order that is not payable, refunding', c, `status=${status}`);
      const stray: StrayPayment = { id: log.id, amount: fromCents(c.amountCents), currency, transactionId, provider: c.provider };
      return { result: 'refunded' as const, order, refundLog: stray };
    }
    const effect = await applyEffect(core, t, order, terms);
    await moveOrder(core, t, order, ORDER_STATUS.paid, {
      payTime: nowStored(),
      transactionId,
      provider: c.provider,
      payType: PAY_TYPE[c.provider],
      currency,
      chargedAmount: fromCents(c.amountCents),
      ...effect,
    });
    await notifyPaid(core, t, order);
    return { result: 'paid' as const, order };
  });
  if ('refundLog' in outcome && outcome.refundLog) await refundStrayPayment(core, outcome.order, outcome.refundLog);
  if (outcome.result === 'unknown') return { result: 'unknown' };
  return { result: outcome.result, order: outcome.order };
}

/**
 * Refunds a payment recorded with status 6 through its provider (idempotency key: the paidLog id),
 * then marks the row refunded and, for a cancelled order, its payStatus 4. Throws 502 when the
 * provider cannot refund now: the caller's provider retries and the retry tries again.
 */
async function refundStrayPayment(core: Core, order: GoodsOrder, log: StrayPayment): Promise<void> {
  const provider = providerOf(log.provider);
  const reason = order.status === ORDER_STATUS.cancelled ? (order.reason ?? 'cancelled') : 'duplicate_payment';
  let refundId: string;
  try {
    if (!provider) throw new Error('provider not registered');
    ({ refundId } = await provider.refund(core, {
      order: { ...order, transactionId: log.transactionId },
      amountCents: toCents(log.amount),
      currency: log.currency ?? '',
      key: `auto-refund-${log.id}`,
      reason,
    }));
  } catch (err) {
    console.error(`[payments] automatic refund failed: order=${order.orderNo} paidLog=${log.id} ${(err as Error).message}`);
    throw fail.badGateway(ORDER.order_refund_failed);
  }
  await core.ops.transaction(SYSTEM, async (t) => {
    const marked = await t.updateWhere(paidLogs(core), and(eq('id', log.id), eq('status', PAID_LOG.toRefund)), { status: PAID_LOG.refunded });
    const [current] = await t.lock(orders(core), order.id);
    // Told once: only the call that marks the payment refunded (a retry or a concurrent delivery finds it marked).
    if (marked === 1) await notifyStrayRefund(core, t, current ?? order);
    if (current && current.status === ORDER_STATUS.cancelled && current.payStatus !== 4) {
      await setPayStatus(core, t, current, 4, { refundId: refundId.slice(0, 255), reason: `${reason}_refunded`.slice(0, 200) });
    }
  });
}

/** The provider reported a failed payment attempt: payStatus 0 -> 2 on a pending order (it stays payable). */
export async function failPayment(core: Core, c: { provider: Provider; eventId: string; orderNo: string; raw?: unknown }): Promise<{ changed: boolean }> {
  return core.ops.transaction(SYSTEM, async (t) => {
    const [order] = await t.lock(orders(core), eq('orderNo', c.orderNo));
    if (!order) return { changed: false };
    const log = await t.addIfAbsent(
      paidLogs(core),
      {
        eventId: eventKey(c.provider, c.eventId),
        orderNo: order.orderNo,
        userId: order.userId,
        provider: c.provider,
        type: order.type,
        status: PAID_LOG.failed,
        rawData: c.raw ?? null,
      },
      ['eventId'],
    );
    if (!log.created || order.status !== ORDER_STATUS.pending || order.payStatus !== 0) return { changed: false };
    return { changed: await setPayStatus(core, t, order, 2) };
  });
}

/**
 * A paid order refunded at the provider: 1 -> 9 with the refund id, its effect reversed (effects.ts),
 * a paidLog row (status 4) under the event id (`refund:<refundId>` when the caller has no event), and
 * the buyer and the seller told, all once.
 */
export async function refundOrder(
  core: Core,
  r: { provider: Provider; eventId?: string; orderNo: string; refundId: string; reason?: string; raw?: unknown; reasonWins?: boolean },
): Promise<{ result: 'refunded' | 'duplicate' | 'not_paid' | 'unknown'; order?: GoodsOrder }> {
  return core.ops.transaction(SYSTEM, async (t) => {
    const [order] = await t.lock(orders(core), eq('orderNo', r.orderNo));
    if (!order) return { result: 'unknown' as const };
    if (order.status === ORDER_STATUS.refunded) {
      // The provider's own event for this very refund was applied first: the refund's asker names the reason.
      if (r.reasonWins && r.reason && order.refundId === r.refundId && order.reason !== r.reason) {
        await t.updateWhere(orders(core), and(eq('id', order.id), eq('status', ORDER_STATUS.refunded)), { reason: r.reason.slice(0, 200) });
      }
      return { result: 'duplicate' as const, order };
    }
    if (order.status !== ORDER_STATUS.paid) return { result: 'not_paid' as const, order };
    const log = await t.addIfAbsent(
      paidLogs(core),
      {
        eventId: eventKey(r.provider, r.eventId ?? `refund:${r.refundId}`),
        orderNo: order.orderNo,
        userId: order.userId,
        provider: r.provider,
        type: order.type,
        amount: order.chargedAmount ?? order.payAmount,
        currency: order.currency ?? null,
        transactionId: order.transactionId ?? null,
        status: PAID_LOG.refunded,
        payTime: nowStored(),
        rawData: r.raw ?? null,
      },
      ['eventId'],
    );
    if (!log.created) return { result: 'duplicate' as const, order };
    await reverseEffect(core, t, order);
    await moveOrder(core, t, order, ORDER_STATUS.refunded, { refundId: r.refundId.slice(0, 255), reason: (r.reason ?? 'refunded').slice(0, 200) });
    await notifyRefunded(core, t, order);
    return { result: 'refunded' as const, order };
  });
}
