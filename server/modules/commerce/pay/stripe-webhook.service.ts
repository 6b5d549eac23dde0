/**
 * Stripe's webhook (`notify`): the exact raw body is verified against `Stripe-Signature` with the
 * SDK (endpoint secret, tolerance window), then the event is applied through the order functions,
 * which make every effect happen once however often and in whatever order Stripe delivers.
 *
 * Events handled:
 * - checkout.session.completed: a paid session confirms its order (subscription mode: the
 *   subscription id is saved on the buyer); an unpaid one (an async method still pending) waits.
 * - checkout.session.async_payment_succeeded: confirms the order.
 * - checkout.session.async_payment_failed: payStatus 2 (failed), the order stays payable.
 * - invoice.paid: billing_reason subscription_cycle renews the VIP of the subscription's userId and
 *   vipId (its metadata); subscription_create does nothing (the checkout event paid that order).
 * - customer.subscription.deleted: renewal ends (the user's subscriptionId is cleared).
 * - charge.refunded: a fully refunded charge refunds the order paid by its PaymentIntent.
 * Any other type answers 200 and changes nothing.
 *
 * Answers (Stripe retries anything but 2xx, for up to three days):
 * - 400: not configured, missing or bad signature, not an event, or an amount/currency that does not
 *   match the order (refused, logged by fulfilment; an operator looks at it). Nothing changes.
 * - 409: a charge.refunded for an order still awaiting its payment event (delivered out of order):
 *   refused so that Stripe delivers it again after the payment has been applied.
 * - 5xx: the database or Stripe failed; the retry applies the event (or finds it applied).
 * - 200 otherwise, including events for orders this server does not know. Decision: another system
 *   may share the Stripe account and its events reach every endpoint; refusing them would only make
 *   Stripe retry them for days. They are logged.
 * Decision: charge.refunded finds the order by the charge's PaymentIntent (the order's
 * transactionId), not by metadata.orderNo alone: a second, stray payment for the same order carries
 * the same metadata, and its refund must not undo the order. metadata.orderNo only tells an event
 * that came too early (order still pending) from one that is not ours. A partial refund changes no
 * order (an order is refunded whole) and is only logged.
 */
import type { Context } from 'koa';
import { AppError, fail, readRawBody } from '../../../core/api';
import type { Core } from '../../../core/api';
import { fromStripeAmount, sessionView, StripeBadSignature, StripeNotConfigured, type StripeEvent } from '../../../adapters/stripe.adapter';
import { endSubscription, failPayment, orderByNo, refundOrder, renewSubscription } from '../goods/order/fulfil.service';
import { ORDER_STATUS } from '../goods/order/order-state';
import { confirmSession, sessionOrderNo, stripeOf, withStripe } from './stripe.service';
import { orderNoByTransaction } from './stripe.queries';
import { STRIPE } from './stripe.messages';

/** Stripe's events are a few KiB; anything this large is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/** The request body exactly as sent (the signature covers these bytes), at most `limit` bytes. */
export function readWebhookBody(ctx: Context, limit = MAX_WEBHOOK_BYTES): Promise<Buffer> {
  return readRawBody(ctx, limit);
}

export interface WebhookAnswer {
  received: true;
  type: string;
  /** What the event did: confirmed, duplicate, ignored… (no personal data). */
  outcome: string;
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const idOf = (v: unknown): string | null => str(v) ?? str((v as Obj | null)?.id);
const meta = (v: unknown): Record<string, string> => (v && typeof v === 'object' ? v : {}) as Record<string, string>;

function ignored(event: StripeEvent, why: string): string {
  console.warn(`[stripe] event ${event.id} (${event.type}) ignored: ${why}`);
  return `ignored_${why}`;
}

async function onSessionPaid(core: Core, event: StripeEvent): Promise<string> {
  const s = sessionView(event.data.object);
  if (s.paymentStatus !== 'paid') return 'awaiting_payment';
  const r = await confirmSession(core, s, event.id, event.type);
  if (!r) return ignored(event, 'no_order_number');
  if (r.result === 'mismatch') throw fail.bad(STRIPE.stripe_amount_mismatch);
  if (r.result === 'unknown') return ignored(event, 'unknown_order');
  return r.result;
}

async function onSessionFailed(core: Core, event: StripeEvent): Promise<string> {
  const s = sessionView(event.data.object);
  const orderNo = sessionOrderNo(s);
  if (!orderNo) return ignored(event, 'no_order_number');
  const r = await failPayment(core, { provider: 'stripe', eventId: event.id, orderNo, raw: { eventType: event.type, sessionId: s.id } });
  return r.changed ? 'failed' : 'unchanged';
}

/** The subscription of an invoice and the metadata it carries (API 2025-03+ `parent`, or the older fields). */
function invoiceSubscription(inv: Obj): { id: string | null; metadata: Record<string, string> } {
  const details = ((inv.parent as Obj | undefined)?.subscription_details as Obj | undefined) ?? {};
  const legacy = (inv.subscription_details as Obj | undefined) ?? {};
  return { id: idOf(details.subscription) ?? idOf(inv.subscription), metadata: { ...meta(legacy.metadata), ...meta(details.metadata) } };
}

async function onInvoicePaid(core: Core, event: StripeEvent): Promise<string> {
  const inv = event.data.object;
  if (inv.billing_reason === 'subscription_create') return 'paid_by_checkout';
  if (inv.billing_reason !== 'subscription_cycle') return ignored(event, `billing_reason_${String(inv.billing_reason)}`);
  const sub = invoiceSubscription(inv);
  if (!sub.id) return ignored(event, 'no_subscription');
  let m = sub.metadata;
  if (!m.userId || !m.vipId) m = await withStripe(() => stripeOf(core).subscriptionMetadata(sub.id!));
  const userId = Number(m.userId);
  const vipId = Number(m.vipId);
  if (!Number.isSafeInteger(userId) || userId < 1 || !Number.isSafeInteger(vipId) || vipId < 1) return ignored(event, 'not_our_subscription');
  const currency = String(inv.currency ?? '').toLowerCase();
  const amountCents = typeof inv.amount_paid === 'number' ? fromStripeAmount(inv.amount_paid, currency) : NaN;
  const r = await renewSubscription(core, {
    provider: 'stripe',
    eventId: event.id,
    userId,
    vipId,
    amountCents: Number.isNaN(amountCents) ? -1 : amountCents,
    currency,
    transactionId: String(inv.id),
    raw: { eventType: event.type, invoice: inv.id, subscription: sub.id, amountPaid: inv.amount_paid, currency },
  });
  if (r.result === 'mismatch') throw fail.bad(STRIPE.stripe_amount_mismatch);
  if (r.result === 'unknown') return ignored(event, 'unknown_user_or_plan');
  return r.result;
}

async function onSubscriptionDeleted(core: Core, event: StripeEvent): Promise<string> {
  const id = idOf(event.data.object.id);
  if (!id) return ignored(event, 'no_subscription');
  return (await endSubscription(core, id)).changed ? 'ended' : 'unchanged';
}

async function onChargeRefunded(core: Core, event: StripeEvent): Promise<string> {
  const charge = event.data.object;
  if (charge.refunded !== true) return ignored(event, 'partial_refund');
  const pi = idOf(charge.payment_intent);
  const invoice = idOf(charge.invoice);
  const orderNo = (pi && (await orderNoByTransaction(core, pi))) || (invoice && (await orderNoByTransaction(core, invoice))) || null;
  if (!orderNo) {
    const named = str(meta(charge.metadata).orderNo);
    const order = named ? await orderByNo(core, named) : null;
    // The payment event of this order has not been applied yet: let Stripe deliver this one again later.
    if (order && order.status === ORDER_STATUS.pending) throw fail.conflict(STRIPE.stripe_event_too_early);
    return ignored(event, order ? 'not_the_order_payment' : 'unknown_order');
  }
  const refunds = ((charge.refunds as Obj | undefined)?.data as Obj[] | undefined) ?? [];
  const refundId = str(refunds[0]?.id) ?? `charge:${String(charge.id)}`;
  const r = await refundOrder(core, {
    provider: 'stripe',
    eventId: event.id,
    orderNo,
    refundId,
    reason: 'refunded_at_stripe',
    raw: { eventType: event.type, charge: charge.id, paymentIntent: pi },
  });
  return r.result;
}

const HANDLERS: Record<string, (core: Core, event: StripeEvent) => Promise<string>> = {
  'checkout.session.completed': onSessionPaid,
  'checkout.session.async_payment_succeeded': onSessionPaid,
  'checkout.session.async_payment_failed': onSessionFailed,
  'invoice.paid': onInvoicePaid,
  'customer.subscription.deleted': onSubscriptionDeleted,
  'charge.refunded': onChargeRefunded,
};

/**
 * The webhook's own access check: the event, once the signature over the exact raw bytes verifies
 * with the endpoint secret (within Stripe's tolerance window); 400 when it does not, or when Stripe
 * is not configured here. Nothing of a delivery is trusted before this.
 */
export async function verifiedEvent(core: Core, rawBody: Buffer, signature: string | undefined): Promise<StripeEvent> {
  const stripe = stripeOf(core);
  if (!stripe.configured) throw fail.bad(STRIPE.stripe_webhook_not_configured);
  try {
    return await stripe.verifyWebhook(rawBody, signature);
  } catch (e) {
    if (e instanceof StripeNotConfigured) throw fail.bad(STRIPE.stripe_webhook_not_configured);
    if (e instanceof StripeBadSignature) throw fail.bad(STRIPE.stripe_bad_signature);
    throw e;
  }
}

/** Verifies and applies one webhook delivery; throws the envelope error that tells Stripe to retry or not. */
export async function handleWebhook(core: Core, rawBody: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
  const event = await verifiedEvent(core, rawBody, signature);
  const handler = HANDLERS[event.type];
  const outcome = handler ? await handler(core, event) : 'ignored_type';
  return { received: true, type: event.type, outcome };
}
