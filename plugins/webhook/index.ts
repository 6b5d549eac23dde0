/**
 * The shipped outgoing-webhook plugin (hook `notify`): each chosen event of the catalogue is POSTed as
 * JSON to the configured URL, signed with HMAC-SHA256, retried with exponential back-off and logged
 * attempt by attempt through `host.log`. README.md is the receiver's side of the contract.
 *
 * One self-contained file on purpose: it is compiled alone to the package's `index.js`, so it imports
 * only the product's types (erased) and Node built-ins, and talks HTTP with Node's global `fetch`.
 *
 * Decisions:
 * - Deliveries live in memory only. A server that stops drops what is still queued (the close log row
 *   counts them); durable delivery would need the product's database, which a plugin does not get.
 * - The body is serialized once per event; every attempt sends those same bytes with a fresh
 *   timestamp and signature, so a receiver's tolerance window applies to the attempt, not the event.
 * - At most {@link DEFAULT_LIMITS}.maxPending deliveries are held (queued, waiting for a retry or in
 *   flight). Beyond that the oldest one not in flight is dropped and logged: a receiver that is down
 *   for long cannot eat the server's memory, and the newest events (the most useful once it is back)
 *   are the ones kept.
 * - Redirects are not followed (a 3xx is a failure): a POST silently turned into a GET, or sent to a
 *   host the administrator did not choose, would be worse than a logged failure.
 * - Order of delivery is not guaranteed (attempts run concurrently and retries come later); receivers
 *   order by the event's `time` and drop duplicates by its `id` (X-Cosmac-Delivery).
 * - Signatures: v1 covers the time and the body; v2 (the workflow callbacks' scheme) covers the time,
 *   the method, the receiver URL's path and the body. The `signature` setting sends v1 (the default,
 *   as 1.0.0 did), both, or v2 alone, so a receiver moves to v2 before v1 is dropped
 *   (docs/decisions/webhook-signature-v2.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Notifier, PluginEvent, PluginHost } from '../../server/core/api';

/** The catalogue names the config's `events` may choose (the enum of plugin.json). */
export const EVENT_NAMES = ['user.registered', 'order.paid', 'order.refunded', 'message.group', 'goods.published'] as const;

/** Bounds and defaults of the numeric settings, the same as plugin.json's schema (a test keeps them equal). */
export const CONFIG_BOUNDS = {
  maxAttempts: { minimum: 1, maximum: 10, default: 5 },
  retryBaseMs: { minimum: 100, maximum: 600_000, default: 2000 },
  timeoutMs: { minimum: 1000, maximum: 60_000, default: 10_000 },
} as const;

/** The signature versions the `signature` setting may send (plugin.json's enum); absent = v1. */
export const SIGNATURE_MODES = ['v1', 'both', 'v2'] as const;
export type SignatureMode = (typeof SIGNATURE_MODES)[number];

/** The shortest secret accepted (plugin.json's `minLength`). */
export const SECRET_MIN_LENGTH = 16;

/** Limits of the in-memory queue; fixed in production, smaller in tests through {@link WebhookNotifier}'s options. */
export const DEFAULT_LIMITS = { maxPending: 1000, maxInFlight: 8 };

/** The plugin's settings, checked and with defaults applied. */
export interface WebhookConfig {
  url: string;
  secret: string;
  /** Empty: every event is sent. */
  events: string[];
  maxAttempts: number;
  retryBaseMs: number;
  timeoutMs: number;
  /** Which signatures a delivery carries; absent (a config saved before the setting existed) = v1. */
  signature?: SignatureMode;
}

/**
 * Checks the stored config (the product validated it against plugin.json already; this guards a
 * plugin installed but never configured) and applies the defaults. Throws an Error whose message
 * the console shows, e.g. when `enable` is refused.
 */
export function readConfig(config: Record<string, unknown>): WebhookConfig {
  const url = config.url;
  if (typeof url !== 'string' || !/^https?:$/.test(protocolOf(url))) {
    throw new Error('Set the receiver URL (http or https) before enabling the webhook.');
  }
  const secret = config.secret;
  if (typeof secret !== 'string' || secret.length < SECRET_MIN_LENGTH) {
    throw new Error(`Set a signing secret of at least ${SECRET_MIN_LENGTH} characters before enabling the webhook.`);
  }
  const events = config.events ?? [];
  if (!Array.isArray(events) || events.some((e) => typeof e !== 'string')) {
    throw new Error('events must be a list of event names.');
  }
  const signature = config.signature;
  if (signature !== undefined && !SIGNATURE_MODES.includes(signature as SignatureMode)) {
    throw new Error(`signature must be one of ${SIGNATURE_MODES.join(', ')}.`);
  }
  const number = (key: keyof typeof CONFIG_BOUNDS): number => {
    const { minimum, maximum } = CONFIG_BOUNDS[key];
    const value = config[key] ?? CONFIG_BOUNDS[key].default;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum || value > maximum) {
      throw new Error(`${key} must be a whole number from ${minimum} to ${maximum}.`);
    }
    return value;
  };
  return {
    url,
    secret,
    events: events as string[],
    maxAttempts: number('maxAttempts'),
    retryBaseMs: number('retryBaseMs'),
    timeoutMs: number('timeoutMs'),
    ...(signature === undefined ? {} : { signature: signature as SignatureMode }),
  };
}

function protocolOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return 'invalid';
  }
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: the X-Cosmac-Signature header of v1. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${macV1(secret, unixSeconds, body).toString('hex')}`;
}

function macV1(secret: string, t: number, body: string | Buffer): Buffer {
  return createHmac('sha256', secret)
    .update(`${t}.`)
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest();
}

/** HMAC-SHA256(secret, "<t>.<METHOD>.<path>.<body>"), the workflow callbacks' v2. */
function macV2(secret: string, t: number, method: string, path: string, body: string | Buffer): Buffer {
  return createHmac('sha256', secret)
    .update(`${t}.${method.toUpperCase()}.${path}.`)
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest();
}

/**
 * The X-Cosmac-Signature header of a delivery of `body` to `url` signed at `unixSeconds`, with the
 * versions `mode` names: `t=<t>,v1=<hex>` (v1), `t=<t>,v1=<hex>,v2=<hex>` (both), `t=<t>,v2=<hex>` (v2).
 * v2 signs `"<t>.POST.<path of url>.<body>"`: the path without host or query.
 */
export function deliverySignature(secret: string, url: string, body: string, unixSeconds: number, mode: SignatureMode = 'v1'): string {
  const parts = [`t=${unixSeconds}`];
  if (mode !== 'v2') parts.push(`v1=${macV1(secret, unixSeconds, body).toString('hex')}`);
  if (mode !== 'v1') parts.push(`v2=${macV2(secret, unixSeconds, 'POST', new URL(url).pathname, body).toString('hex')}`);
  return parts.join(',');
}

/** The header's time and its macs of `version`; null when it has no time. */
function parseSignature(header: string | string[] | undefined, version: 'v1' | 'v2'): { t: number; macs: Buffer[] } | null {
  if (typeof header !== 'string') return null;
  let t = NaN;
  const macs: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value)) t = Number(value);
    else if (key === version && /^[0-9a-f]{64}$/i.test(value)) macs.push(Buffer.from(value, 'hex'));
  }
  return Number.isFinite(t) ? { t, macs } : null;
}

/**
 * What a receiver does with a delivery: true when `header` (X-Cosmac-Signature) signs `rawBody` (the
 * bytes as received, before any JSON parsing) with `secret`, and its timestamp is within
 * `toleranceSeconds` of `nowMs` (refuses replays of an old delivery). Several `v1=` values are
 * accepted, any one matching, so a sender may sign with two secrets while they are rotated.
 *
 * @example
 * if (!verifySignature(secret, req.headers['x-cosmac-signature'], raw)) return res.writeHead(401).end();
 */
export function verifySignature(
  secret: string,
  header: string | string[] | undefined,
  rawBody: string | Buffer,
  toleranceSeconds = 300,
  nowMs = Date.now(),
): boolean {
  const parsed = parseSignature(header, 'v1');
  if (!parsed || Math.abs(nowMs / 1000 - parsed.t) > toleranceSeconds) return false;
  const expected = macV1(secret, parsed.t, rawBody);
  return parsed.macs.some((mac) => timingSafeEqual(mac, expected));
}

/**
 * verifySignature for v2: true when one of the header's `v2=` values signs `method`, `path` (the path
 * of the URL you gave the plugin, without host or query, not the one a proxy may have rewritten) and
 * `rawBody` with `secret`, and its time is within `toleranceSeconds` of `nowMs`. `v1` values are
 * ignored: a v1 signature never passes this check.
 *
 * @example
 * if (!verifySignatureV2(secret, req.headers['x-cosmac-signature'], { method: req.method, path: '/hook', rawBody: raw })) return res.writeHead(401).end();
 */
export function verifySignatureV2(
  secret: string,
  header: string | string[] | undefined,
  request: { method?: string; path: string; rawBody: string | Buffer },
  toleranceSeconds = 300,
  nowMs = Date.now(),
): boolean {
  const parsed = parseSignature(header, 'v2');
  if (!parsed || Math.abs(nowMs / 1000 - parsed.t) > toleranceSeconds) return false;
  const expected = macV2(secret, parsed.t, request.method ?? 'POST', request.path, request.rawBody);
  return parsed.macs.some((mac) => timingSafeEqual(mac, expected));
}

/** One event on its way: the same body bytes for every attempt. */
interface Delivery {
  event: PluginEvent;
  body: string;
  /** Attempts made so far. */
  attempt: number;
  /** Set while it waits for a retry. */
  timer?: NodeJS.Timeout;
  /** Set while an attempt is in flight. */
  controller?: AbortController;
}

/** The outcome of one attempt. */
interface Attempt {
  ok: boolean;
  status: number | null;
  ms: number;
  error?: string;
}

/**
 * The Notifier: `send` filters and queues at once; attempts run in the background, at most
 * `maxInFlight` at a time. Exported for tests that need small queue limits.
 */
export class WebhookNotifier implements Notifier {
  /** Every delivery held, oldest first (Set keeps insertion order): the queue bound counts these. */
  private readonly held = new Set<Delivery>();
  /** Ready for an attempt, in order. */
  private readonly ready: Delivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly host: PluginHost,
    readonly config: WebhookConfig,
    private readonly limits = DEFAULT_LIMITS,
  ) {}

  /** Deliveries held now (queued, waiting for a retry or in flight). */
  get pending(): number {
    return this.held.size;
  }

  send(event: PluginEvent): void {
    if (this.closed) return;
    if (this.config.events.length > 0 && !this.config.events.includes(event.name)) return;
    if (this.held.size >= this.limits.maxPending) this.dropOldest();
    const delivery: Delivery = {
      event,
      body: JSON.stringify({ name: event.name, id: event.id, time: event.time, data: event.data }),
      attempt: 0,
    };
    this.held.add(delivery);
    this.ready.push(delivery);
    this.pump();
  }

  /** Cancels waiting retries and in-flight requests; what was still undelivered is logged as one row. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    let undelivered = 0;
    for (const d of this.held) {
      clearTimeout(d.timer);
      if (d.controller) d.controller.abort();
      else undelivered += 1;
    }
    this.ready.length = 0;
    await Promise.all(this.inFlight);
    this.held.clear();
    if (undelivered > 0) {
      await this.host.log('error', 'closed with undelivered events', { undelivered });
    }
  }

  private pump(): void {
    while (!this.closed && this.inFlight.size < this.limits.maxInFlight && this.ready.length > 0) {
      const delivery = this.ready.shift()!;
      const run = this.run(delivery).finally(() => {
        this.inFlight.delete(run);
        this.pump();
      });
      this.inFlight.add(run);
    }
  }

  /** One attempt, its log row, then done, a retry timer, or given up. */
  private async run(d: Delivery): Promise<void> {
    d.attempt += 1;
    const result = await this.attempt(d);
    d.controller = undefined;
    const { event } = d;
    const detail: Record<string, unknown> = { event: event.name, id: event.id, attempt: d.attempt, status: result.status, ms: result.ms };
    if (result.ok) {
      this.held.delete(d);
      await this.host.log('info', 'delivered', detail);
      return;
    }
    detail.error = result.error;
    if (this.closed) {
      await this.host.log('error', 'cancelled: plugin closed', detail);
      return;
    }
    if (d.attempt >= this.config.maxAttempts) {
      this.held.delete(d);
      await this.host.log('error', `failed, gave up after ${d.attempt} attempts`, detail);
      return;
    }
    const wait = this.backoff(d.attempt);
    detail.retryInMs = wait;
    await this.host.log('error', 'failed, will retry', detail);
    // While the row was written the plugin may have closed, or a full queue dropped this delivery.
    if (this.closed || !this.held.has(d)) return;
    d.timer = setTimeout(() => {
      d.timer = undefined;
      this.ready.push(d);
      this.pump();
    }, wait);
    d.timer.unref();
  }

  /** retryBaseMs * 2^(attempt-1), spread by ±10% so deliveries that failed together do not retry together. */
  private backoff(attempt: number): number {
    const base = this.config.retryBaseMs * 2 ** (attempt - 1);
    return Math.round(base * (0.9 + Math.random() * 0.2));
  }

  private async attempt(d: Delivery): Promise<Attempt> {
    const controller = new AbortController();
    d.controller = controller;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.config.timeoutMs);
    const started = Date.now();
    try {
      const response = await fetch(this.config.url, {
        method: 'POST',
        redirect: 'manual',
        signal: controller.signal,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'cosmac-webhook/1.0',
          'X-Cosmac-Event': d.event.name,
          'X-Cosmac-Delivery': d.event.id,
          'X-Cosmac-Attempt': String(d.attempt),
          'X-Cosmac-Signature': deliverySignature(this.config.secret, this.config.url, d.body, Math.floor(Date.now() / 1000), this.config.signature),
        },
        body: d.body,
      });
      // The answer's body is not used; cancelling it frees the connection at once. The status is the
      // answer: a body that breaks after it changes nothing.
      await response.body?.cancel().catch(() => undefined);
      const ok = response.status >= 200 && response.status < 300;
      return { ok, status: response.status, ms: Date.now() - started, error: ok ? undefined : `HTTP ${response.status}` };
    } catch (err) {
      const error = timedOut ? `timed out after ${this.config.timeoutMs} ms` : this.closed ? 'aborted' : describeError(err);
      return { ok: false, status: null, ms: Date.now() - started, error };
    } finally {
      clearTimeout(timer);
    }
  }

  /** A full queue: the oldest delivery not in flight goes, with a log row saying so. */
  private dropOldest(): void {
    for (const d of this.held) {
      if (d.controller) continue;
      this.held.delete(d);
      clearTimeout(d.timer);
      const i = this.ready.indexOf(d);
      if (i >= 0) this.ready.splice(i, 1);
      void this.host.log('error', 'dropped: queue full', {
        event: d.event.name,
        id: d.event.id,
        attempt: d.attempt,
        status: null,
        ms: 0,
        error: `more than ${this.limits.maxPending} deliveries pending`,
      });
      return;
    }
  }
}

/** fetch's "fetch failed" hides the reason in `cause` (ECONNREFUSED, ENOTFOUND, ...). */
function describeError(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** Refuses the switch to enabled (1001 with this message) while the URL or the secret is missing. */
export function enable(host: PluginHost): void {
  readConfig(host.config);
}

/** The `notify` hook: a Notifier on the current config (made again whenever it changes). */
export function notify(host: PluginHost): Notifier {
  return new WebhookNotifier(host, readConfig(host.config));
}
