/**
 * A local stand-in for Stripe on 127.0.0.1 (random port) that the real `stripe` SDK talks to
 * (STRIPE_API_URL): form-encoded requests with bracketed keys as the SDK sends them, a Bearer secret
 * key, Idempotency-Key honoured on every POST/DELETE (the same key answers the same response; other
 * parameters under a used key are an idempotency_error), and errors in Stripe's JSON shape
 * `{error: {type, code, message, param}}`.
 *
 * API: POST/GET /v1/checkout/sessions[/:id], POST /v1/refunds, GET/DELETE /v1/subscriptions/:id,
 * GET /v1/invoices/:id. A checkout page GET /pay/:sessionId with a "Pay" button; its POST marks the
 * session paid, delivers `checkout.session.completed` (subscription mode: `invoice.paid` with
 * billing_reason subscription_create first) and redirects (303) to the success_url.
 *
 * Webhooks are signed as Stripe signs them: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed with the endpoint secret>`, the payload pretty-printed JSON as Stripe sends
 * it. They go to `deliver` (a function the test sets, e.g. through supertest) or `webhookUrl`.
 * A refund made through the API sends `charge.refunded` after answering (await `idle()`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, any>;
export interface Delivery {
  event: Obj;
  status: number;
  body: string;
}
export type Deliver = (payload: string, signature: string) => Promise<{ status: number; body: string }>;

const hex = (n = 12) => randomBytes(n).toString('hex');
const now = () => Math.floor(Date.now() / 1000);

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** `a[b][0][c]=v&…` (as the SDK encodes) into nested objects and arrays. */
export function parseForm(text: string): Obj {
  const out: Obj = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const i = pair.indexOf('=');
    const key = decodeURIComponent((i < 0 ? pair : pair.slice(0, i)).replace(/\+/g, ' '));
    const value = decodeURIComponent((i < 0 ? '' : pair.slice(i + 1)).replace(/\+/g, ' '));
    const path = [key.split('[')[0], ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
    let node: any = out;
    path.forEach((seg, k) => {
      const last = k === path.length - 1;
      const name = seg === '' && Array.isArray(node) ? node.length : seg;
      if (last) node[name] = value;
      else node = node[name] ??= /^\d*$/.test(path[k + 1]) ? [] : {};
    });
  }
  return out;
}

export class FakeStripe {
  readonly secretKey = `sk_test_fake_${hex()}`;
  readonly webhookSecret = `whsec_${hex(16)}`;
  url = '';
  deliver: Deliver | null = null;
  webhookUrl: string | null = null;
  /** The API answers 500 api_error, as during an outage. */
  outage = false;
  /** Send charge.refunded after a refund made through the API. */
  refundEvents = true;
  /** Deliver the events an API call causes before answering it (a webhook that wins the race). */
  eventsBeforeAnswer = false;
  readonly sessions = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly requests: Array<{ method: string; path: string; params: Obj; idempotencyKey: string | null }> = [];
  readonly deliveries: Delivery[] = [];
  private readonly idempotent = new Map<string, { params: string; status: number; body: Obj }>();
  private pending: Array<Promise<unknown>> = [];
  private server!: Server;

  /** Listens on 127.0.0.1 at `port` (0: any free port). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => this.send(res, 500, { error: { type: 'api_error', message: String(e) } }));
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await this.idle();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The settings that point the application at this fake. */
  env(): Record<string, string> {
    return { STRIPE_SECRET_KEY: this.secretKey, STRIPE_WEBHOOK_SECRET: this.webhookSecret, STRIPE_API_URL: this.url };
  }

  /** Waits for the webhooks sent in the background (after refunds and cancellations). */
  async idle(): Promise<void> {
    while (this.pending.length) await Promise.allSettled(this.pending.splice(0));
  }

  /** The Stripe-Signature header of `payload`, as Stripe computes it. */
  sign(payload: string, t = now(), secret = this.webhookSecret): string {
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex')}`;
  }

  /** A new event of `type` about `object` (a fresh evt_ id). */
  event(type: string, object: Obj): Obj {
    return {
      id: `evt_${hex()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  /** Delivers `event` (again: same id, fresh signature) as Stripe would. */
  async resend(event: Obj, opts: { signature?: string; payload?: string } = {}): Promise<Delivery> {
    const payload = opts.payload ?? JSON.stringify(event, null, 2);
    const signature = opts.signature ?? this.sign(payload);
    let answer: { status: number; body: string };
    if (this.deliver) answer = await this.deliver(payload, signature);
    else if (this.webhookUrl) {
      const r = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      answer = { status: r.status, body: await r.text() };
    } else throw new Error('FakeStripe: set deliver or webhookUrl');
    const d = { event, ...answer };
    this.deliveries.push(d);
    return d;
  }

  /** Sends a new event of `type` about `object`. */
  sendEvent(type: string, object: Obj): Promise<Delivery> {
    return this.resend(this.event(type, object));
  }

  /**
   * The buyer pays session `id`: the session becomes complete and paid (`amountTotal` overrides what
   * Stripe reports as charged; `async` leaves payment_status unpaid, as a bank debit does at first).
   * Answers the completion event, delivered unless `deliver: false`.
   */
  async completeSession(
    id: string,
    opts: { amountTotal?: number; async?: boolean; deliver?: boolean } = {},
  ): Promise<{ event: Obj; delivery: Delivery | null }> {
    const s = this.sessions.get(id);
    if (!s) throw new Error(`FakeStripe: no session ${id}`);
    if (s.status !== 'open') throw new Error(`FakeStripe: session ${id} is ${s.status}`);
    if (opts.amountTotal !== undefined) s.amount_total = opts.amountTotal;
    s.status = 'complete';
    s.payment_status = opts.async ? 'unpaid' : 'paid';
    const pi = this.newPayment(s.amount_total, s.currency, s.mode === 'payment' ? s._piMetadata : {});
    if (s.mode === 'payment') s.payment_intent = pi.id;
    else {
      const sub = {
        id: `sub_${hex()}`,
        object: 'subscription',
        status: 'active',
        customer: `cus_${hex(6)}`,
        metadata: s._subMetadata,
        items: { object: 'list', data: [{ price: structuredClone(s._price) }] },
        created: now(),
      };
      this.subscriptions.set(sub.id, sub);
      const inv = this.newInvoice(sub, 'subscription_create', pi);
      s.subscription = sub.id;
      s.invoice = inv.id;
      if (opts.deliver !== false) await this.sendEvent('invoice.paid', inv);
    }
    const event = this.event('checkout.session.completed', this.view(s));
    return { event, delivery: opts.deliver === false ? null : await this.resend(event) };
  }

  /** An async payment of session `id` settles: `checkout.session.async_payment_succeeded` (or _failed). */
  async settleAsync(id: string, ok: boolean): Promise<Delivery> {
    const s = this.sessions.get(id)!;
    s.payment_status = ok ? 'paid' : 'unpaid';
    return this.sendEvent(ok ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', this.view(s));
  }

  /** A later period of subscription `id` is paid: a new invoice (subscription_cycle) and its `invoice.paid`. */
  invoicePaid(id: string, opts: { amount?: number } = {}): Promise<Delivery> {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`FakeStripe: no subscription ${id}`);
    const price = sub.items.data[0].price;
    const pi = this.newPayment(opts.amount ?? price.unit_amount, price.currency, {});
    return this.sendEvent('invoice.paid', this.newInvoice(sub, 'subscription_cycle', pi, opts.amount));
  }

  /** The customer cancels subscription `id`: `customer.subscription.deleted`. */
  deleteSubscription(id: string): Promise<Delivery> {
    const sub = this.subscriptions.get(id)!;
    sub.status = 'canceled';
    sub.canceled_at = now();
    return this.sendEvent('customer.subscription.deleted', sub);
  }

  /** Refunds of a PaymentIntent. */
  refundsOf(paymentIntent: string): Obj[] {
    return [...this.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
  }

  /** The charge of a PaymentIntent. */
  chargeOf(paymentIntent: string): Obj {
    return this.charges.get(this.paymentIntents.get(paymentIntent)!.latest_charge)!;
  }

  private newPayment(amount: number, currency: string, metadata: Obj): Obj {
    const pi: Obj = {
      id: `pi_${hex()}`,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency,
      status: 'succeeded',
      metadata: { ...metadata },
      created: now(),
    };
    // Stripe copies the PaymentIntent's metadata onto the charge it makes.
    const charge: Obj = {
      id: `ch_${hex()}`,
      object: 'charge',
      amount,
      amount_refunded: 0,
      currency,
      paid: true,
      refunded: false,
      payment_intent: pi.id,
      metadata: { ...metadata },
      refunds: { object: 'list', data: [] },
      created: now(),
    };
    pi.latest_charge = charge.id;
    this.paymentIntents.set(pi.id, pi);
    this.charges.set(charge.id, charge);
    return pi;
  }

  private newInvoice(sub: Obj, reason: string, pi: Obj, amount?: number): Obj {
    const price = sub.items.data[0].price;
    const paid = amount ?? price.unit_amount;
    const inv: Obj = {
      id: `in_${hex()}`,
      object: 'invoice',
      billing_reason: reason,
      status: 'paid',
      amount_due: paid,
      amount_paid: paid,
      currency: price.currency,
      customer: sub.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
      payments: { object: 'list', data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: pi.id } }] },
      created: now(),
    };
    this.invoices.set(inv.id, inv);
    return inv;
  }

  /** A session as the API shows it (internal fields dropped; expired when its time has passed). */
  private view(s: Obj): Obj {
    if (s.status === 'open' && s.expires_at < now()) s.status = 'expired';
    return Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith('_')));
  }

  private send(res: ServerResponse, status: number, body: Obj | string, type = 'application/json'): void {
    res.writeHead(status, { 'content-type': type, 'request-id': `req_${hex(7)}` });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  private async body(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const text = await this.body(req);
    if (u.pathname.startsWith('/pay/')) return this.checkoutPage(method, decodeURIComponent(u.pathname.slice(5)), res);
    const params = method === 'GET' ? parseForm(u.search.slice(1)) : parseForm(text);
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path: u.pathname, params, idempotencyKey: key });
    try {
      if (req.headers.authorization !== `Bearer ${this.secretKey}`) throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided');
      if (this.outage) throw new StripeApiError(500, 'api_error', 'An unknown error occurred');
      if (key && method !== 'GET') {
        const seen = this.idempotent.get(`${method} ${u.pathname} ${key}`);
        if (seen && seen.params !== JSON.stringify(params))
          throw new StripeApiError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        if (seen) return this.send(res, seen.status, seen.body);
      }
      const body = this.route(method, u.pathname, params);
      if (key && method !== 'GET') this.idempotent.set(`${method} ${u.pathname} ${key}`, { params: JSON.stringify(params), status: 200, body });
      // The webhooks of this call reach the endpoint before its answer does (Stripe's schedule allows it).
      if (this.eventsBeforeAnswer) await this.idle();
      this.send(res, 200, body);
    } catch (e) {
      if (!(e instanceof StripeApiError)) throw e;
      this.send(res, e.status, { error: { type: e.type, message: e.message, ...(e.code ? { code: e.code } : {}), ...(e.param ? { param: e.param } : {}) } });
    }
  }

  private route(method: string, path: string, p: Obj): Obj {
    const kind = ['checkout/sessions', 'refunds', 'subscriptions', 'invoices'].find((k) => path === `/v1/${k}` || path.startsWith(`/v1/${k}/`));
    const what = kind ?? '';
    const id = kind && path.length > `/v1/${kind}/`.length ? decodeURIComponent(path.slice(`/v1/${kind}/`.length)) : undefined;
    const missing = (kind: string): never => {
      throw new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', 'id');
    };
    if (what === 'checkout/sessions' && method === 'POST' && !id) return this.createSession(p);
    if (what === 'checkout/sessions' && method === 'GET' && id) return this.view(this.sessions.get(id) ?? missing('checkout.session'));
    if (what === 'refunds' && method === 'POST' && !id) return this.createRefund(p);
    if (what === 'subscriptions' && id) {
      const sub = this.subscriptions.get(id) ?? missing('subscription');
      if (method === 'GET') return sub;
      if (method === 'DELETE') {
        if (sub.status === 'canceled') throw new StripeApiError(400, 'invalid_request_error', 'This subscription is already canceled.');
        sub.status = 'canceled';
        sub.canceled_at = now();
        this.pending.push(this.sendEvent('customer.subscription.deleted', sub));
        return sub;
      }
    }
    if (what === 'invoices' && method === 'GET' && id) return this.invoices.get(id) ?? missing('invoice');
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(p: Obj): Obj {
    const bad = (param: string, message: string): never => {
      throw new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);
    };
    if (!['payment', 'subscription'].includes(p.mode)) bad('mode', 'Invalid mode');
    const item = p.line_items?.[0];
    const price = item?.price_data;
    if (!price?.currency || !/^\d+$/.test(String(price.unit_amount ?? '')))
      bad('line_items[0][price_data]', 'A price with currency and unit_amount is required');
    if (p.mode === 'subscription' && !['day', 'week', 'month', 'year'].includes(price.recurring?.interval))
      bad('line_items[0][price_data][recurring]', 'Subscription mode needs a recurring price');
    if (p.mode === 'payment' && price.recurring) bad('line_items[0][price_data][recurring]', 'Payment mode takes no recurring price');
    for (const k of ['success_url', 'cancel_url']) if (!/^https?:\/\//.test(p[k] ?? '')) bad(k, `Not a valid URL: ${k}`);
    const expires = p.expires_at ? Number(p.expires_at) : now() + 24 * 3600;
    if (expires < now() + 30 * 60 - 5 || expires > now() + 24 * 3600 + 5) bad('expires_at', 'expires_at must be between 30 minutes and 24 hours from now');
    const quantity = Number(item.quantity ?? 1);
    const unit = Number(price.unit_amount);
    const id = `cs_test_${hex(16)}`;
    const s: Obj = {
      id,
      object: 'checkout.session',
      mode: p.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: unit * quantity,
      amount_total: unit * quantity,
      currency: String(price.currency).toLowerCase(),
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      payment_intent: null,
      subscription: null,
      invoice: null,
      customer: null,
      customer_details: { email: 'buyer@example.com', name: 'Card Holder' },
      success_url: p.success_url,
      cancel_url: p.cancel_url,
      url: `${this.url}/pay/${id}`,
      expires_at: expires,
      created: now(),
      livemode: false,
      _piMetadata: p.payment_intent_data?.metadata ?? {},
      _subMetadata: p.subscription_data?.metadata ?? {},
      _price: {
        id: `price_${hex(6)}`,
        object: 'price',
        currency: String(price.currency).toLowerCase(),
        unit_amount: unit,
        recurring: price.recurring ? { interval: price.recurring.interval, interval_count: Number(price.recurring.interval_count ?? 1) } : null,
        product_name: price.product_data?.name,
      },
    };
    this.sessions.set(id, s);
    return this.view(s);
  }

  private createRefund(p: Obj): Obj {
    const charge = p.charge
      ? this.charges.get(p.charge)
      : p.payment_intent && this.paymentIntents.has(p.payment_intent)
        ? this.chargeOf(p.payment_intent)
        : undefined;
    if (!charge)
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${p.payment_intent ?? p.charge}'`,
        'resource_missing',
        p.charge ? 'charge' : 'payment_intent',
      );
    const left = charge.amount - charge.amount_refunded;
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (left === 0) throw new StripeApiError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    if (!(amount > 0) || amount > left)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
        'amount',
      );
    const refund: Obj = {
      id: `re_${hex()}`,
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      metadata: p.metadata ?? {},
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds.data.unshift(refund);
    if (this.refundEvents) {
      const snapshot = structuredClone(charge);
      // Stripe sends the event on its own schedule; here just after the API has answered.
      this.pending.push(new Promise((resolve) => setImmediate(resolve)).then(() => this.sendEvent('charge.refunded', snapshot)));
    }
    return refund;
  }

  private async checkoutPage(method: string, id: string, res: ServerResponse): Promise<void> {
    const s = this.sessions.get(id);
    if (!s) return this.send(res, 404, '<h1>No such checkout</h1>', 'text/html');
    if (method === 'GET') {
      const amount = `${(s.amount_total / 100).toFixed(2)} ${String(s.currency).toUpperCase()}`;
      return this.send(
        res,
        200,
        `<!doctype html><title>Checkout</title><h1>${s._price.product_name ?? 'Order'}</h1><p>${amount}</p>
<form method="post" action="/pay/${id}"><button type="submit">Pay</button></form><a href="${s.cancel_url}">Cancel</a>`,
        'text/html',
      );
    }
    await this.completeSession(id);
    res.writeHead(303, { location: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', id) });
    res.end();
  }
}
