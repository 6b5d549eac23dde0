/**
 * The webhook plugin's v2 signature (docs/decisions/webhook-signature-v2.md): the `signature` setting
 * sends v1 (the default, as before), both, or v2 alone; v2 signs the time, the method, the receiver
 * URL's path and the body, so a delivery replayed to another path, or signed long ago, is refused. The
 * receivers check as the README says (tests/helpers/webhook-receiver.ts), not with the plugin's code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as webhook from '../../plugins/webhook/index';
import { SIGNATURE_MODES, deliverySignature, readConfig, verifySignature, verifySignatureV2, type WebhookNotifier } from '../../plugins/webhook/index';
import { WebhookReceiver } from '../helpers/webhook-receiver';
import { event, manifest, stubHost, waitUntil } from '../helpers/webhook-host';

const SECRET = 'whsec-test-0123456789abcdef';
const V1 = /^t=\d+,v1=[0-9a-f]{64}$/;
const BOTH = /^t=\d+,v1=[0-9a-f]{64},v2=[0-9a-f]{64}$/;
const V2 = /^t=\d+,v2=[0-9a-f]{64}$/;

describe("the webhook plugin's v2 signature", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A receiver checking `version` as the README says, and the plugin sending to it with `signature`. */
  async function deliverOne(version: 'v1' | 'v2', signature?: string) {
    const receiver = await new WebhookReceiver(SECRET, { version }).start();
    cleanups.push(() => receiver.close());
    const host = stubHost({ url: receiver.url, secret: SECRET, retryBaseMs: 100, timeoutMs: 5000, maxAttempts: 1, ...(signature ? { signature } : {}) });
    const notifier = webhook.notify(host) as WebhookNotifier;
    cleanups.push(() => notifier.close());
    notifier.send(event('order.paid', { id: 7, note: 'ünïcödé' }));
    const [request] = await receiver.waitForRequests(1);
    await waitUntil(() => host.rows.length === 1, undefined, 'the log row');
    return { request, header: String(request.headers['x-cosmac-signature']), row: host.rows[0] };
  }

  it('declares the setting in plugin.json: v1, both or v2, v1 by default', () => {
    expect(manifest.config.properties.signature).toMatchObject({ type: 'string', enum: [...SIGNATURE_MODES], default: 'v1' });
    expect(() => readConfig({ url: 'https://example.com/hook', secret: SECRET, signature: 'v3' })).toThrow(/signature must be one of v1, both, v2/);
    expect(readConfig({ url: 'https://example.com/hook', secret: SECRET, signature: 'both' }).signature).toBe('both');
  });

  it('signs v1 only without the setting, which a v2 receiver refuses', async () => {
    const { request, header, row } = await deliverOne('v2');
    expect(header).toMatch(V1);
    expect(request.answer).toBe(401);
    expect(row).toMatchObject({ level: 'error', detail: { status: 401 } });
  });

  it('signs both during the transition: a v1 receiver and a v2 receiver each accept the delivery', async () => {
    const old = await deliverOne('v1', 'both');
    expect(old.header).toMatch(BOTH);
    expect(old.request.answer).toBe(200);
    const upgraded = await deliverOne('v2', 'both');
    expect(upgraded.header).toMatch(BOTH);
    expect(upgraded.request.answer).toBe(200);
    expect(upgraded.row).toMatchObject({ level: 'info', message: 'delivered' });
  });

  it('signs v2 alone when chosen, which a v2 receiver accepts and the v1 check refuses', async () => {
    const { request, header } = await deliverOne('v2', 'v2');
    expect(header).toMatch(V2);
    expect(request.answer).toBe(200);
    expect(verifySignature(SECRET, header, request.rawBody)).toBe(false);
    expect(verifySignatureV2(SECRET, header, { method: 'POST', path: '/hook', rawBody: Buffer.from(request.rawBody, 'utf8') })).toBe(true);
  });

  it('binds v2 to the method, the path (not the host or query), the body and the time', () => {
    const body = JSON.stringify({ name: 'order.paid', id: 'e-1', time: '2026-12-06T00:00:00.000Z', data: { id: 1 } });
    const now = Math.floor(Date.now() / 1000);
    const header = deliverySignature(SECRET, 'https://hooks.example.com/in/orders?token=abc', body, now, 'v2');
    const request = { method: 'POST', path: '/in/orders', rawBody: body };
    expect(verifySignatureV2(SECRET, header, request)).toBe(true);
    // Replayed to another path of the receiver, as another method, with another body or another secret.
    expect(verifySignatureV2(SECRET, header, { ...request, path: '/in/refunds' })).toBe(false);
    expect(verifySignatureV2(SECRET, header, { ...request, method: 'PUT' })).toBe(false);
    expect(verifySignatureV2(SECRET, header, { ...request, rawBody: body.replace('e-1', 'e-2') })).toBe(false);
    expect(verifySignatureV2('another-secret-0123456789', header, request)).toBe(false);
    // Replayed later than the tolerance; a v1 value alone; nothing.
    const old = deliverySignature(SECRET, 'https://hooks.example.com/in/orders', body, now - 301, 'v2');
    expect(verifySignatureV2(SECRET, old, request)).toBe(false);
    expect(verifySignatureV2(SECRET, old, request, 600)).toBe(true);
    expect(verifySignatureV2(SECRET, deliverySignature(SECRET, 'https://hooks.example.com/in/orders', body, now, 'v1'), request)).toBe(false);
    expect(verifySignatureV2(SECRET, undefined, request)).toBe(false);
    // A second v2 (a secret being rotated) passes when either matches.
    const rotated = `${deliverySignature('old-secret-0123456789abc', 'https://hooks.example.com/in/orders', body, now, 'v2')},v2=${header.split('v2=')[1]}`;
    expect(verifySignatureV2(SECRET, rotated, request)).toBe(true);
  });
});
