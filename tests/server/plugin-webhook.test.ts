/**
 * The shipped webhook plugin on its own: imported directly with a stub host (config, a log that
 * collects rows) and a real receiver on 127.0.0.1 that checks the signature as the README says.
 * Installing it through the API is the plugin service's tests' business.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PluginModule } from '../../server/core/plugins/contract';
import * as webhook from '../../plugins/webhook/index';
import { CONFIG_BOUNDS, EVENT_NAMES, SECRET_MIN_LENGTH, WebhookNotifier, readConfig, signatureHeader, verifySignature } from '../../plugins/webhook/index';
import { WebhookReceiver } from '../helpers/webhook-receiver';
import { event, manifest, stubHost, waitUntil } from '../helpers/webhook-host';

const SECRET = 'whsec-test-0123456789abcdef';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on: bound, then released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('the webhook plugin', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(config: Record<string, unknown> = {}, receiverSecret = SECRET) {
    const receiver = await new WebhookReceiver(receiverSecret).start();
    cleanups.push(() => receiver.close());
    // 5 s per attempt: on a loaded machine a 1 s limit cut a first delivery short and the receiver saw
    // attempt 2 first. The time-out test sets its own 1 s.
    const host = stubHost({ url: receiver.url, secret: SECRET, retryBaseMs: 100, timeoutMs: 5000, ...config });
    const notifier = webhook.notify(host) as WebhookNotifier;
    cleanups.push(() => notifier.close());
    return { receiver, host, notifier };
  }

  it('declares in plugin.json the hook, the catalogue names and the bounds the code applies', () => {
    const plugin: PluginModule = webhook;
    expect(typeof plugin.notify).toBe('function');
    expect(manifest).toMatchObject({ keyName: 'webhook', hook: 'notify', version: '1.0.0', readme: 'README.md' });
    expect(manifest.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    const { properties, required } = manifest.config;
    expect(required.sort()).toEqual(['secret', 'url']);
    expect(properties.url.format).toBe('uri');
    expect(properties.secret).toMatchObject({ writeOnly: true, minLength: SECRET_MIN_LENGTH });
    expect(properties.events.items.enum).toEqual([...EVENT_NAMES]);
    expect(properties.events.uniqueItems).toBe(true);
    for (const [key, bounds] of Object.entries(CONFIG_BOUNDS)) {
      expect(properties[key]).toMatchObject({ type: 'integer', ...bounds });
    }
    for (const [key, schema] of Object.entries<Record<string, unknown>>(properties)) {
      expect(schema.title, key).toBeTruthy();
      expect(schema.description, key).toBeTruthy();
    }
  });

  it('refuses to be enabled without a URL or a long enough secret, and applies the defaults', () => {
    expect(() => webhook.enable(stubHost({ secret: SECRET }))).toThrow(/receiver URL/);
    expect(() => webhook.enable(stubHost({ url: 'ftp://example.com/x', secret: SECRET }))).toThrow(/receiver URL/);
    expect(() => webhook.enable(stubHost({ url: 'http://127.0.0.1/x', secret: 'short' }))).toThrow(/at least 16 characters/);
    expect(() => readConfig({ url: 'http://127.0.0.1/x', secret: SECRET, maxAttempts: 11 })).toThrow(/maxAttempts/);
    expect(readConfig({ url: 'https://example.com/hook', secret: SECRET })).toEqual({
      url: 'https://example.com/hook',
      secret: SECRET,
      events: [],
      maxAttempts: 5,
      retryBaseMs: 2000,
      timeoutMs: 10_000,
    });
  });

  it('delivers a chosen event once, signed over the exact raw body, with the contract headers', async () => {
    const { receiver, host, notifier } = await setup({ events: ['order.paid'] });
    const paid = event('order.paid', { id: 42, orderNum: 'N-1', price: 1999, note: 'ünïcödé ✓' });
    expect(notifier.send(paid)).toBeUndefined();
    const [request] = await receiver.waitForRequests(1);
    expect(request.method).toBe('POST');
    expect(request.signatureValid).toBe(true);
    expect(request.rawBody).toBe(JSON.stringify(paid));
    expect(request.event).toEqual(paid);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-cosmac-event']).toBe('order.paid');
    expect(request.headers['x-cosmac-delivery']).toBe(paid.id);
    expect(request.headers['x-cosmac-attempt']).toBe('1');
    const signature = String(request.headers['x-cosmac-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(Math.abs(Number(signature.slice(2, signature.indexOf(','))) - Date.now() / 1000)).toBeLessThan(5);
    expect(verifySignature(SECRET, signature, Buffer.from(request.rawBody, 'utf8'))).toBe(true);

    await waitUntil(() => host.rows.length === 1, undefined, 'the log row');
    expect(host.rows[0]).toMatchObject({ level: 'info', message: 'delivered', detail: { event: 'order.paid', id: paid.id, attempt: 1, status: 200 } });
    expect(host.rows[0].detail!.ms).toBeGreaterThanOrEqual(0);
    await sleep(300);
    expect(receiver.requests).toHaveLength(1);
    expect(notifier.pending).toBe(0);
  });

  it('sends no event that was not chosen, and every event when none is chosen', async () => {
    const chosen = await setup({ events: ['order.paid'] });
    chosen.notifier.send(event('user.registered'));
    chosen.notifier.send(event('message.group'));
    const paid = event('order.paid');
    chosen.notifier.send(paid);
    await chosen.receiver.waitForRequests(1);
    await sleep(300);
    expect(chosen.receiver.requests.map((r) => r.event?.id)).toEqual([paid.id]);
    expect(chosen.host.rows).toHaveLength(1);

    const all = await setup({ events: [] });
    for (const name of EVENT_NAMES) all.notifier.send(event(name));
    await all.receiver.waitForRequests(EVENT_NAMES.length);
    expect(all.receiver.delivered.map((r) => r.headers['x-cosmac-event']).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('retries after a 500 and delivers on attempt 2 with the same body, logging both attempts', async () => {
    const { receiver, host, notifier } = await setup({ retryBaseMs: 200 });
    receiver.answer(500);
    const refunded = event('order.refunded', { id: 7 });
    notifier.send(refunded);
    const [first, second] = await receiver.waitForRequests(2);
    expect(first.answer).toBe(500);
    expect(second.answer).toBe(200);
    expect(second.at - first.at).toBeGreaterThanOrEqual(180 - 5);
    expect(second.rawBody).toBe(first.rawBody);
    expect(second.headers['x-cosmac-delivery']).toBe(refunded.id);
    expect(second.headers['x-cosmac-attempt']).toBe('2');
    expect(second.signatureValid).toBe(true);

    await waitUntil(() => host.rows.length === 2, undefined, 'two log rows');
    expect(host.rows[0]).toMatchObject({
      level: 'error',
      message: 'failed, will retry',
      detail: { event: 'order.refunded', id: refunded.id, attempt: 1, status: 500, error: 'HTTP 500' },
    });
    expect(host.rows[0].detail!.retryInMs).toBeGreaterThanOrEqual(180);
    expect(host.rows[0].detail!.retryInMs).toBeLessThanOrEqual(220);
    expect(host.rows[1]).toMatchObject({ level: 'info', message: 'delivered', detail: { id: refunded.id, attempt: 2, status: 200 } });
  });

  it('counts a receiver that never answers as a timeout and tries again', async () => {
    const { receiver, host, notifier } = await setup({ timeoutMs: 1000 });
    receiver.answer('hang', 200);
    const registered = event('user.registered', { id: 3, username: 'ann' });
    notifier.send(registered);
    const [first, second] = await receiver.waitForRequests(2);
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000);
    expect(second.rawBody).toBe(first.rawBody);
    await waitUntil(() => host.rows.length === 2, undefined, 'two log rows');
    expect(host.rows[0]).toMatchObject({ level: 'error', detail: { attempt: 1, status: null, error: 'timed out after 1000 ms' } });
    expect(host.rows[0].detail!.ms).toBeGreaterThanOrEqual(990);
    expect(host.rows[1]).toMatchObject({ level: 'info', message: 'delivered', detail: { attempt: 2, status: 200 } });
  });

  it('gives up after maxAttempts with an error row, the waits doubling', async () => {
    const { receiver, host, notifier } = await setup({ maxAttempts: 3, retryBaseMs: 150 });
    receiver.fallback = 503;
    const paid = event('order.paid');
    notifier.send(paid);
    const [a, b, c] = await receiver.waitForRequests(3);
    expect(b.at - a.at).toBeGreaterThanOrEqual(135 - 5);
    expect(c.at - b.at).toBeGreaterThanOrEqual(270 - 5);
    await waitUntil(() => host.rows.length === 3, undefined, 'three log rows');
    expect(host.rows.map((r) => [r.level, r.message, r.detail!.attempt, r.detail!.status])).toEqual([
      ['error', 'failed, will retry', 1, 503],
      ['error', 'failed, will retry', 2, 503],
      ['error', 'failed, gave up after 3 attempts', 3, 503],
    ]);
    expect(host.rows[2].detail).not.toHaveProperty('retryInMs');
    await sleep(800);
    expect(receiver.requests).toHaveLength(3);
    expect(notifier.pending).toBe(0);
  });

  it('logs a refused connection by its code', async () => {
    const host = stubHost({ url: `http://127.0.0.1:${await deadPort()}/hook`, secret: SECRET, maxAttempts: 1 });
    const notifier = webhook.notify(host) as WebhookNotifier;
    cleanups.push(() => notifier.close());
    notifier.send(event('order.paid'));
    await waitUntil(() => host.rows.length === 1, undefined, 'the log row');
    expect(host.rows[0]).toMatchObject({ level: 'error', message: 'failed, gave up after 1 attempts', detail: { status: null, error: 'ECONNREFUSED' } });
  });

  it('close() cancels a waiting retry: no request after it, and stops taking events', async () => {
    const { receiver, host, notifier } = await setup({ retryBaseMs: 400 });
    receiver.fallback = 500;
    notifier.send(event('order.paid'));
    await waitUntil(() => host.rows.length === 1, undefined, 'the first failure');
    await notifier.close();
    notifier.send(event('order.paid'));
    await sleep(1000);
    expect(receiver.requests).toHaveLength(1);
    expect(host.rows.map((r) => r.message)).toEqual(['failed, will retry', 'closed with undelivered events']);
    expect(host.rows[1].detail).toEqual({ undelivered: 1 });
  });

  it('close() aborts a request in flight and says so in the log', async () => {
    const { receiver, host, notifier } = await setup({ timeoutMs: 60_000 });
    receiver.answer('hang');
    notifier.send(event('message.group'));
    await receiver.waitForRequests(1);
    const started = Date.now();
    await notifier.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(host.rows).toMatchObject([{ level: 'error', message: 'cancelled: plugin closed', detail: { attempt: 1, status: null } }]);
  });

  it('holds at most maxPending deliveries, dropping the oldest one not in flight', async () => {
    const receiver = await new WebhookReceiver(SECRET).start();
    cleanups.push(() => receiver.close());
    receiver.fallback = 'hang';
    const host = stubHost({ url: receiver.url, secret: SECRET, timeoutMs: 60_000 });
    const notifier = new WebhookNotifier(host, readConfig(host.config), { maxPending: 3, maxInFlight: 1 });
    cleanups.push(() => notifier.close());
    const events = [1, 2, 3, 4, 5].map((id) => event('order.paid', { id }));
    for (const e of events) notifier.send(e);
    expect(notifier.pending).toBe(3);
    await receiver.waitForRequests(1);
    await waitUntil(() => host.rows.length === 2, undefined, 'two drop rows');
    expect(host.rows.map((r) => [r.message, r.detail!.id])).toEqual([
      ['dropped: queue full', events[1].id],
      ['dropped: queue full', events[2].id],
    ]);
    expect(receiver.requests[0].event?.id).toBe(events[0].id);
    await notifier.close();
    expect(
      host.rows
        .slice(2)
        .map((r) => r.message)
        .sort(),
    ).toEqual(['cancelled: plugin closed', 'closed with undelivered events']);
    expect(host.rows.find((r) => r.message.startsWith('closed'))!.detail).toEqual({ undelivered: 2 });
  });

  it('is refused by a receiver holding another secret, and the check fails on any change', async () => {
    const { receiver, host, notifier } = await setup({ maxAttempts: 1 }, 'another-secret-0123456789');
    notifier.send(event('order.paid'));
    const [request] = await receiver.waitForRequests(1);
    expect(request.signatureValid).toBe(false);
    expect(request.answer).toBe(401);
    await waitUntil(() => host.rows.length === 1, undefined, 'the log row');
    expect(host.rows[0]).toMatchObject({ level: 'error', detail: { status: 401, error: 'HTTP 401' } });

    const body = request.rawBody;
    const header = String(request.headers['x-cosmac-signature']);
    expect(verifySignature(SECRET, header, body)).toBe(true);
    expect(verifySignature('another-secret-0123456789', header, body)).toBe(false);
    expect(verifySignature(SECRET, header, body.replace('order.paid', 'order.refunded'))).toBe(false);
    expect(verifySignature(SECRET, undefined, body)).toBe(false);
    expect(verifySignature(SECRET, 'garbage', body)).toBe(false);
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(verifySignature(SECRET, signatureHeader(SECRET, body, old), body)).toBe(false);
    expect(verifySignature(SECRET, signatureHeader(SECRET, body, old), body, 600)).toBe(true);
    // A second v1 (a secret being rotated) is accepted when either matches.
    const rotated = `${signatureHeader('old-secret-0123456789abc', body, old + 301)},v1=${header.split('v1=')[1]}`;
    expect(verifySignature(SECRET, rotated, body)).toBe(true);
  });
});
