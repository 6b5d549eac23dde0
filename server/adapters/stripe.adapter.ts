/**
 * Stripe through its official SDK (`stripe`, v23), with a configurable API endpoint so tests point it
 * at a local fake (tests/helpers/fake-stripe.ts) that speaks Stripe's wire format.
 *
 * Settings (AppConfig.env; never answered or logged):
 * - STRIPE_SECRET_KEY: the secret API key (sk_live_…/sk_test_…). Without it every API call rejects
 *   with StripeNotConfigured (the routes answer 503).
 * - STRIPE_WEBHOOK_SECRET: the endpoint's signing secret (whsec_…). Without it no webhook verifies.
 * - STRIPE_API_URL: the API's base URL, default https://api.stripe.com (e.g. http://127.0.0.1:4242);
 *   read into the SDK's host, port and protocol options.
 * - STRIPE_WEBHOOK_TOLERANCE: seconds a signed webhook's timestamp may be from now, before or after
 *   (default 300, Stripe's own).
 * - STRIPE_TIMEOUT_MS: how long one API request may take (default 20000).
 * The currency and rate (STRIPE_CURRENCY / STRIPE_RATE) are read by pay-settings.ts, not here.
 *
 * The SDK is imported on the first call, once; an installation that never takes a card payment
 * loads none of it (as chain.adapter.ts does with CosmJS).
 *
 * Amounts cross this interface in cents (1/100 of the currency's unit), as the rest of the code
 * keeps them; Stripe's zero-decimal (JPY…) and three-decimal (KWD…) currencies are converted here.
 *
 * @example
 * const stripe = createStripeAdapter(core.config.env);
 * const s = await stripe.createCheckoutSession({ mode: 'payment', orderNo: 'O1', title: 'Plan', amountCents: 990,
 *   currency: 'usd', successUrl, cancelUrl, metadata: { orderNo: 'O1' } });
 * // s.url: where the buyer pays
 */

/** The part of Stripe's answer objects this code reads (ids may come expanded as objects). */
type Obj = Record<string, unknown>;
type Ref = string | { id: string } | null | undefined;

interface StripeClient {
  checkout: { sessions: { create(p: Obj, o?: Obj): Promise<Obj>; retrieve(id: string, p?: Obj, o?: Obj): Promise<Obj> } };
  refunds: { create(p: Obj, o?: Obj): Promise<Obj> };
  subscriptions: { retrieve(id: string, p?: Obj, o?: Obj): Promise<Obj>; cancel(id: string, p?: Obj, o?: Obj): Promise<Obj> };
  invoices: { retrieve(id: string, p?: Obj, o?: Obj): Promise<Obj> };
}
interface StripeModule {
  new (key: string, config: Obj): StripeClient;
  webhooks: { constructEventAsync(payload: Buffer, header: string, secret: string, tolerance?: number): Promise<Obj> };
}
const STRIPE_SDK: string = 'stripe';

/** Thrown when STRIPE_SECRET_KEY (or, for webhooks, STRIPE_WEBHOOK_SECRET) is not set or STRIPE_API_URL is not a URL. */
export class StripeNotConfigured extends Error {
  constructor(what = 'STRIPE_SECRET_KEY') {
    super(`Stripe is not configured: set ${what}`);
  }
}

/** Stripe refused a request or could not be reached; `status` is Stripe's HTTP status (0: no answer). */
export class StripeRequestFailed extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    detail: string,
  ) {
    super(`Stripe request failed (${status || 'no answer'}${code ? `, ${code}` : ''}): ${detail}`);
  }
}

/** A webhook whose Stripe-Signature is missing, wrong, or outside the tolerance window. */
export class StripeBadSignature extends Error {}

/** An amount that this currency cannot carry exactly (e.g. half a yen). */
export class StripeAmountNotExact extends Error {
  constructor(
    readonly currency: string,
    cents: number,
  ) {
    super(`${cents / 100} ${currency} is not a whole amount of ${currency}`);
  }
}

export interface CheckoutRequest {
  mode: 'payment' | 'subscription';
  orderNo: string;
  /** The line item's name. */
  title: string;
  /** The charge (subscription: each period's charge), in cents of `currency`. */
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds; Stripe takes 30 minutes to 24 hours from now. */
  expiresAt?: number;
  /** On the session (and, in payment mode, on its PaymentIntent). */
  metadata: Record<string, string>;
  /** Subscription mode: the billing interval and what the subscription carries. */
  recurring?: Recurring;
  subscriptionMetadata?: Record<string, string>;
}

export interface Recurring {
  interval: 'day' | 'week';
  intervalCount: number;
}

/** What this code reads of a Checkout Session. */
export interface CheckoutSession {
  id: string;
  url: string | null;
  mode: string;
  /** open, complete or expired. */
  status: string | null;
  /** paid, unpaid or no_payment_required. */
  paymentStatus: string;
  /** In cents of `currency`; null when Stripe gives none. */
  amountCents: number | null;
  currency: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntent: string | null;
  subscription: string | null;
  invoice: string | null;
}

export interface StripeAdapter {
  /** STRIPE_SECRET_KEY is set (and STRIPE_API_URL, if set, is a URL). */
  readonly configured: boolean;
  createCheckoutSession(r: CheckoutRequest): Promise<CheckoutSession>;
  retrieveSession(id: string): Promise<CheckoutSession>;
  /** The metadata of a subscription (userId, vipId, orderNo as subscribe set them). */
  subscriptionMetadata(id: string): Promise<Record<string, string>>;
  /** Cancels a subscription now; cancelling one already cancelled is no error. */
  cancelSubscription(id: string): Promise<void>;
  /**
   * Refunds `amountCents` of the payment `transactionId` (pi_…, ch_…, or in_… whose payment is
   * looked up); the same `key` never refunds twice (Stripe's idempotency keys, kept 24 hours).
   */
  refund(r: { transactionId: string; amountCents: number; currency: string; key: string; metadata?: Record<string, string> }): Promise<{ refundId: string }>;
  /** The event of a webhook, verified with the endpoint secret and tolerance; StripeBadSignature otherwise. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<StripeEvent>;
}

export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Obj };
}

const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Stripe's amount (smallest unit of `currency`) of `cents`; StripeAmountNotExact when it cannot be exact. */
export function toStripeAmount(cents: number, currency: string): number {
  const c = currency.toLowerCase();
  if (ZERO_DECIMAL.has(c)) {
    if (cents % 100 !== 0) throw new StripeAmountNotExact(c, cents);
    return cents / 100;
  }
  // Stripe takes three-decimal amounts with a last digit of 0, i.e. exactly cents x 10.
  return THREE_DECIMAL.has(c) ? cents * 10 : cents;
}

/** Cents of Stripe's `amount` in `currency`; NaN when it is not a whole number of cents. */
export function fromStripeAmount(amount: number, currency: string): number {
  const c = currency.toLowerCase();
  if (!Number.isSafeInteger(amount)) return NaN;
  if (ZERO_DECIMAL.has(c)) return amount * 100;
  if (THREE_DECIMAL.has(c)) return amount % 10 === 0 ? amount / 10 : NaN;
  return amount;
}

/** Stripe allows intervals up to three years. */
const MAX_PERIOD_DAYS = 3 * 365;

/**
 * The billing interval of a VIP plan whose `period` is in days (effects.ts extends vipEndTime by
 * that many days per payment). Decision: bill in days or weeks, never months or years, so each
 * renewal buys exactly the days Stripe waits until the next one: a calendar month (28-31 days)
 * against a 30-day extension would leave the member without VIP for a day or two, or pay for days
 * they never get. 7, 14, 28… days become weeks (Stripe shows "every 2 weeks"); others days. Null
 * when the period is not a whole number of days from 1 to 1095 (the plan cannot be subscribed).
 */
export function recurringFor(periodDays: unknown): Recurring | null {
  const d = Number(periodDays);
  if (!Number.isSafeInteger(d) || d < 1 || d > MAX_PERIOD_DAYS) return null;
  return d % 7 === 0 ? { interval: 'week', intervalCount: d / 7 } : { interval: 'day', intervalCount: d };
}

const idOf = (r: unknown): string | null => (typeof r === 'string' ? r : r && typeof (r as { id?: unknown }).id === 'string' ? (r as { id: string }).id : null);
const strings = (m: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((m as Obj | null) ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;

/** What this code reads of a Checkout Session object (an API answer or a webhook's `data.object`). */
export function sessionView(s: Obj): CheckoutSession {
  const currency = typeof s.currency === 'string' ? s.currency.toLowerCase() : null;
  const total = typeof s.amount_total === 'number' && currency ? fromStripeAmount(s.amount_total, currency) : null;
  return {
    id: String(s.id),
    url: typeof s.url === 'string' ? s.url : null,
    mode: String(s.mode ?? ''),
    status: typeof s.status === 'string' ? s.status : null,
    paymentStatus: String(s.payment_status ?? ''),
    amountCents: total === null || Number.isNaN(total) ? null : total,
    currency,
    clientReferenceId: typeof s.client_reference_id === 'string' ? s.client_reference_id : null,
    metadata: strings(s.metadata),
    paymentIntent: idOf(s.payment_intent as Ref),
    subscription: idOf(s.subscription as Ref),
    invoice: idOf(s.invoice as Ref),
  };
}

/** The PaymentIntent of an invoice: `payments` (API 2025-03 and later) or the older `payment_intent`. */
function invoicePaymentIntent(inv: Obj): string | null {
  const payments = ((inv.payments as Obj | undefined)?.data as Obj[] | undefined) ?? [];
  for (const p of payments) {
    const pi = idOf((p.payment as Obj | undefined)?.payment_intent as Ref);
    if (pi) return pi;
  }
  return idOf(inv.payment_intent as Ref);
}

function failure(e: unknown): StripeRequestFailed {
  const err = e as { statusCode?: number; code?: string; type?: string; message?: string };
  return new StripeRequestFailed(err.statusCode ?? 0, err.code ?? err.type ?? null, err.message ?? String(e));
}

function endpoint(url: string | undefined): { host: string; port: number; protocol: 'http' | 'https' } | null | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
  } catch {
    return null;
  }
}

/** The `t=` of a Stripe-Signature header in unix seconds (NaN without one). */
function signedAtSeconds(header: string): number {
  const t = /(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(header);
  return t ? Number(t[1]) : NaN;
}

/** The adapter for these settings; methods reject with StripeNotConfigured when the key is missing. */
export function createStripeAdapter(env: Record<string, string | undefined>): StripeAdapter {
  const key = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  const api = endpoint(env.STRIPE_API_URL?.trim());
  const tolerance = Number(env.STRIPE_WEBHOOK_TOLERANCE) > 0 ? Number(env.STRIPE_WEBHOOK_TOLERANCE) : 300;
  const timeout = Number(env.STRIPE_TIMEOUT_MS) > 0 ? Number(env.STRIPE_TIMEOUT_MS) : 20_000;
  const configured = !!key && api !== null;

  let sdk: Promise<StripeModule> | null = null;
  const load = (): Promise<StripeModule> => {
    if (!sdk) {
      sdk = import(STRIPE_SDK).then((m: { default?: StripeModule }) => (m.default ?? m) as StripeModule);
      sdk.catch(() => {
        sdk = null;
      });
    }
    return sdk;
  };
  let client: StripeClient | null = null;
  const stripe = async (): Promise<StripeClient> => {
    if (!configured) throw new StripeNotConfigured(api === null ? 'STRIPE_API_URL to an http(s) URL' : 'STRIPE_SECRET_KEY');
    if (!client) {
      const Stripe = await load();
      // maxNetworkRetries: the SDK retries a lost request with the same idempotency key it adds itself.
      client = new Stripe(key!, { ...(api ?? {}), timeout, maxNetworkRetries: 2, telemetry: false });
    }
    return client;
  };
  const request = async <T>(fn: (s: StripeClient) => Promise<T>): Promise<T> => {
    const s = await stripe();
    try {
      return await fn(s);
    } catch (e) {
      throw failure(e);
    }
  };

  return {
    configured,
    async createCheckoutSession(r) {
      const unitAmount = toStripeAmount(r.amountCents, r.currency);
      const priceData: Obj = { currency: r.currency.toLowerCase(), unit_amount: unitAmount, product_data: { name: r.title.slice(0, 250) || r.orderNo } };
      if (r.recurring) priceData.recurring = { interval: r.recurring.interval, interval_count: r.recurring.intervalCount };
      const params: Obj = {
        mode: r.mode,
        client_reference_id: r.orderNo,
        metadata: r.metadata,
        line_items: [{ quantity: 1, price_data: priceData }],
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
        ...(r.expiresAt ? { expires_at: r.expiresAt } : {}),
        ...(r.mode === 'payment'
          ? { payment_intent_data: { metadata: r.metadata } }
          : { subscription_data: { metadata: r.subscriptionMetadata ?? r.metadata } }),
      };
      return sessionView(await request((s) => s.checkout.sessions.create(params)));
    },
    async retrieveSession(id) {
      return sessionView(await request((s) => s.checkout.sessions.retrieve(id)));
    },
    async subscriptionMetadata(id) {
      return strings((await request((s) => s.subscriptions.retrieve(id))).metadata);
    },
    async cancelSubscription(id) {
      try {
        await request((s) => s.subscriptions.cancel(id, {}, { idempotencyKey: `cancel:${id}` }));
      } catch (e) {
        // Already cancelled: Stripe answers 400 resource_missing or a canceled-status error; nothing is left to do.
        if (!(e instanceof StripeRequestFailed && (e.code === 'resource_missing' || /cancel/i.test(e.message)))) throw e;
      }
    },
    async refund(r) {
      const amount = toStripeAmount(r.amountCents, r.currency);
      let target: Obj;
      if (r.transactionId.startsWith('ch_')) target = { charge: r.transactionId };
      else if (r.transactionId.startsWith('in_')) {
        const inv = await request((s) => s.invoices.retrieve(r.transactionId, { expand: ['payments'] }));
        const pi = invoicePaymentIntent(inv);
        if (!pi) throw new StripeRequestFailed(0, 'no_payment', `invoice ${r.transactionId} has no payment to refund`);
        target = { payment_intent: pi };
      } else target = { payment_intent: r.transactionId };
      const refund = await request((s) => s.refunds.create({ ...target, amount, metadata: r.metadata ?? {} }, { idempotencyKey: r.key }));
      return { refundId: String(refund.id) };
    },
    async verifyWebhook(rawBody, signatureHeader) {
      if (!webhookSecret) throw new StripeNotConfigured('STRIPE_WEBHOOK_SECRET');
      if (!signatureHeader) throw new StripeBadSignature('no Stripe-Signature header');
      const Stripe = await load();
      let event: Obj;
      try {
        event = await Stripe.webhooks.constructEventAsync(rawBody, signatureHeader, webhookSecret, tolerance);
      } catch (e) {
        throw new StripeBadSignature((e as Error).message);
      }
      // The SDK only bounds a signature's age; one dated ahead of the clock would stay replayable until then.
      if (!(signedAtSeconds(signatureHeader) - Date.now() / 1000 <= tolerance)) throw new StripeBadSignature('timestamp in the future');
      const data = event.data as { object?: unknown } | undefined;
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || !data || typeof data.object !== 'object' || data.object === null) {
        throw new StripeBadSignature('not an event');
      }
      return event as unknown as StripeEvent;
    },
  };
}
