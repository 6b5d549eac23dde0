/**
 * Card payments through Stripe Checkout: starting a payment or a subscription for an order, and
 * confirming a Checkout Session that Stripe's API says is paid (the `query` and `return` calls, and
 * the webhook). Amounts come from the order (prepareCharge) going out, and from Stripe's own answers
 * (API or signed webhook) coming back, never from the browser.
 *
 * Decisions the spec leaves open:
 * - `pay` / `subscribe` / `testPay` answer JSON `{url, sessionId, orderNo}` (the web app then sets
 *   location.href to `url`), not a redirect: the calls need the Authorization header, which a
 *   browser navigation does not send.
 * - One Checkout Session per order at a time: `pay` again while the order's last session is still
 *   open, for the same amount, answers that session; otherwise a new one. Sessions expire with the
 *   order (at least the 30 minutes Stripe requires, at most its 24 hours); a payment after the order
 *   expired is refunded automatically by fulfilment.
 * - The session id is kept on the order (extraInfo.stripeSessionId) so `query` can ask Stripe.
 * - success_url/cancel_url are built on PUBLIC_URL when set (the address the world reaches this
 *   server at), else the request's own origin.
 */
import { SYSTEM, and, entity, eq, fail } from '../../../core/api';
import type { Core, Row, ApiRequest } from '../../../core/api';
import {
  createStripeAdapter,
  recurringFor,
  StripeAmountNotExact,
  StripeNotConfigured,
  StripeRequestFailed,
  type CheckoutSession,
  type StripeAdapter,
} from '../../../adapters/stripe.adapter';
import { confirmPayment, prepareCharge, setSubscription, type ConfirmResult } from '../goods/order/fulfil.service';
import { ORDER_STATUS, type GoodsOrder } from '../goods/order/order-state';
import { STRIPE } from './stripe.messages';

const adapters = new WeakMap<Core, StripeAdapter>();

/** The Stripe adapter of this application (one SDK client, made on first use). */
export function stripeOf(core: Core): StripeAdapter {
  let a = adapters.get(core);
  if (!a) {
    a = createStripeAdapter(core.config.env);
    adapters.set(core, a);
  }
  return a;
}

/** The adapter, or 503 when Stripe is not configured. */
export function requireStripe(core: Core): StripeAdapter {
  const a = stripeOf(core);
  if (!a.configured) throw fail.unavailable(STRIPE.stripe_not_configured);
  return a;
}

/** Runs a Stripe call, its failures as envelope errors: 503 not configured, 502 refused or unreachable, 409 inexact amount. */
export async function withStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof StripeNotConfigured) throw fail.unavailable(STRIPE.stripe_not_configured);
    if (e instanceof StripeAmountNotExact) throw fail.conflict(STRIPE.stripe_amount_not_exact, { currency: e.currency.toUpperCase() });
    if (e instanceof StripeRequestFailed) {
      console.error(`[stripe] ${e.message}`);
      if (e.status === 0 || e.status >= 500 || e.status === 429) throw fail.badGateway(STRIPE.stripe_unavailable);
      throw fail.badGateway(STRIPE.stripe_refused, { detail: e.code ?? String(e.status) });
    }
    throw e;
  }
}

/** The order's extraInfo as an object. */
export function extraOf(order: Pick<GoodsOrder, 'extraInfo'>): Row {
  const x = order.extraInfo;
  return x && typeof x === 'object' && !Array.isArray(x) ? x : {};
}

function publicBase(core: Core, req: ApiRequest): string {
  const configured = core.config.env.PUBLIC_URL?.trim();
  return (configured || req.ctx.origin).replace(/\/+$/, '');
}

const MIN_SESSION_SECONDS = 31 * 60;
const MAX_SESSION_SECONDS = 23 * 3600 + 55 * 60;

/** When the session should expire: with the order, within the window Stripe accepts. */
function sessionExpiry(order: Pick<GoodsOrder, 'expireTime'>): number {
  const now = Math.floor(Date.now() / 1000);
  const orderEnd = order.expireTime ? Math.floor(Date.parse(order.expireTime) / 1000) : now + MAX_SESSION_SECONDS;
  return Math.min(now + MAX_SESSION_SECONDS, Math.max(now + MIN_SESSION_SECONDS, Number.isFinite(orderEnd) ? orderEnd : 0));
}

/** Keeps the session id on the order while it is pending (the order's other extra info untouched). */
async function rememberSession(core: Core, orderId: number, sessionId: string): Promise<void> {
  const orders = entity(core.model, 'goods/order');
  await core.ops.transaction(SYSTEM, async (t) => {
    const [row] = await t.lock(orders, orderId);
    if (!row || row.status !== ORDER_STATUS.pending) return;
    await t.updateWhere(orders, and(eq('id', orderId), eq('status', ORDER_STATUS.pending)), { extraInfo: { ...extraOf(row), stripeSessionId: sessionId } });
  });
}

export interface CheckoutAnswer {
  url: string;
  sessionId: string;
  orderNo: string;
}

/**
 * A Checkout Session for the caller's pending order `orderNo`: subscription mode when the order was
 * made by `subscribe` (extraInfo.subscription), payment mode otherwise.
 */
export async function startCheckout(core: Core, req: ApiRequest, orderNo: string): Promise<CheckoutAnswer> {
  const stripe = requireStripe(core);
  const { order, amountCents, currency, title } = await prepareCharge(core, req.user, orderNo, 'stripe');
  const extra = extraOf(order);
  const subscription = extra.subscription === true;
  const recurring = subscription ? recurringFor(extra.period) : null;
  if (subscription && !recurring) throw fail.conflict(STRIPE.stripe_plan_not_subscribable);
  const mode = subscription ? 'subscription' : 'payment';

  const lastSessionId = extra.stripeSessionId;
  if (typeof lastSessionId === 'string') {
    const last = await withStripe(() => stripe.retrieveSession(lastSessionId));
    if (last.status === 'open' && last.url && last.mode === mode && last.amountCents === amountCents && last.currency === currency) {
      return { url: last.url, sessionId: last.id, orderNo };
    }
  }

  const base = publicBase(core, req);
  const no = encodeURIComponent(orderNo);
  const metadata: Record<string, string> = { orderNo, userId: String(order.userId) };
  if (extra.vipId !== undefined) metadata.vipId = String(extra.vipId);
  const session = await withStripe(() =>
    stripe.createCheckoutSession({
      mode,
      orderNo,
      title,
      amountCents,
      currency,
      // Stripe fills in {CHECKOUT_SESSION_ID} itself; it must stay unencoded.
      successUrl: `${base}/admin/base/stripe/return?orderNo=${no}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/admin/base/stripe/cancel?orderNo=${no}`,
      expiresAt: sessionExpiry(order),
      metadata,
      recurring: recurring ?? undefined,
      subscriptionMetadata: subscription ? metadata : undefined,
    }),
  );
  if (!session.url) throw fail.badGateway(STRIPE.stripe_unavailable);
  await rememberSession(core, order.id, session.id);
  return { url: session.url, sessionId: session.id, orderNo };
}

/** The parts of a session kept with the payment record (no customer details). */
export function sessionRecord(s: CheckoutSession, eventType: string): Row {
  return {
    eventType,
    sessionId: s.id,
    mode: s.mode,
    paymentStatus: s.paymentStatus,
    amountCents: s.amountCents,
    currency: s.currency,
    paymentIntent: s.paymentIntent,
    subscription: s.subscription,
    invoice: s.invoice,
  };
}

/** The order number a session was made for. */
export function sessionOrderNo(s: CheckoutSession): string | null {
  return s.clientReferenceId ?? s.metadata.orderNo ?? null;
}

/**
 * Confirms the order of a paid session (`eventId`: the webhook's event id, or `session:<id>` when
 * Stripe's API answered a query); null when the session is not paid (yet). In subscription mode the
 * subscription is saved on the buyer once the order counts this payment; when fulfilment refunded
 * the payment instead (the order had expired), the subscription is cancelled at Stripe, so it never
 * bills again for an order that does not exist.
 */
export async function confirmSession(core: Core, s: CheckoutSession, eventId: string, eventType: string): Promise<ConfirmResult | null> {
  const orderNo = sessionOrderNo(s);
  if (!orderNo || s.paymentStatus !== 'paid') return null;
  const transactionId = (s.paymentIntent ?? s.invoice ?? s.id).slice(0, 64);
  const result = await confirmPayment(core, {
    provider: 'stripe',
    eventId,
    orderNo,
    // An amount Stripe gives in a form we cannot read never matches an order.
    amountCents: s.amountCents ?? -1,
    currency: s.currency ?? '',
    transactionId,
    raw: sessionRecord(s, eventType),
  });
  if (s.mode === 'subscription' && s.subscription && 'order' in result && result.result !== 'mismatch') {
    const status = result.order.status;
    if (status === ORDER_STATUS.paid && result.order.transactionId === transactionId) {
      await setSubscription(core, result.order.userId ?? 0, s.subscription);
    } else if (status !== ORDER_STATUS.refunded) {
      // The order does not count this payment (expired, or paid another way): fulfilment refunded it.
      await withStripe(() => requireStripe(core).cancelSubscription(s.subscription!));
    }
  }
  return result;
}

/**
 * Asks Stripe about the order's Checkout Session (the given one, or the last one `pay` made) and
 * confirms the order when it is paid. Only a session made for this order counts.
 */
export async function syncOrder(core: Core, order: GoodsOrder, sessionId?: string | null): Promise<void> {
  if (order.status !== ORDER_STATUS.pending) return;
  const kept = extraOf(order).stripeSessionId;
  const id = sessionId || (typeof kept === 'string' ? kept : null);
  if (!id) return;
  const s = await withStripe(() => requireStripe(core).retrieveSession(id));
  if (sessionOrderNo(s) !== order.orderNo) return;
  await confirmSession(core, s, `session:${s.id}`, 'query');
}
