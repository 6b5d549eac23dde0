/**
 * The Alipay adapter (server/adapters/alipay.adapter.ts) against the fake gateway, without the app:
 * key formats, signed answers, refund idempotency by out_request_no, and exact yuan amounts.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAlipay } from '../helpers/fake-alipay';
import { alipayFromEnv, formatYuan, parseYuan, refundRequestNo } from '../../server/adapters/alipay.adapter';

describe('the Alipay adapter against the fake gateway', () => {
  let fake: FakeAlipay;
  beforeAll(async () => {
    fake = await new FakeAlipay().start();
  });
  afterAll(async () => {
    await fake?.stop();
  });

  it("reads the keys as bare base64 or PEM, PKCS#8 or PKCS#1, and checks the gateway's signed answers", async () => {
    const pkcs1 = fake.app.privateKey.export({ format: 'pem', type: 'pkcs1' }) as string;
    const variants = [
      fake.env(),
      fake.pemEnv(),
      { ...fake.pemEnv(), ALIPAY_PRIVATE_KEY: pkcs1 },
      { ...fake.env(), ALIPAY_PRIVATE_KEY: pkcs1.replace(/\n/g, '\\n') },
    ];
    for (const env of variants) {
      const alipay = alipayFromEnv(env);
      expect(alipay.configured).toBe(true);
      expect(await alipay.query('20990101000000000000001')).toBeNull();
      expect(fake.calls.at(-1)).toMatchObject({ method: 'alipay.trade.query', signatureOk: true });
    }
    // An answer signed with another key is not believed.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'pem', type: 'spki' }) as string;
    await expect(alipayFromEnv({ ...fake.env(), ALIPAY_PUBLIC_KEY: other }).query('20990101000000000000001')).rejects.toMatchObject({ reason: 'unavailable' });
    expect(alipayFromEnv({ ...fake.env(), ALIPAY_APP_ID: '' }).configured).toBe(false);
  });

  it('refunds once per key: a repeated out_request_no moves no money again', async () => {
    const alipay = alipayFromEnv(fake.env());
    const url = await alipay.pagePayUrl({ orderNo: '20990101000000000000002', amountCents: 1000, subject: 'Refund me', notifyUrl: `${fake.url}/nowhere` });
    fake.dropNotifies = true;
    await fake.pay(url);
    const first = await alipay.refund({ orderNo: '20990101000000000000002', amountCents: 1000, key: 'auto-refund-7', reason: 'expired' });
    const again = await alipay.refund({ orderNo: '20990101000000000000002', amountCents: 1000, key: 'auto-refund-7', reason: 'expired' });
    expect(first).toEqual({ refundId: again.refundId, fundChange: true });
    expect(again.fundChange).toBe(false);
    expect(fake.refundsOf('20990101000000000000002')).toHaveLength(1);
    await expect(alipay.refund({ orderNo: '20990101000000000000002', amountCents: 1000, key: 'another', reason: 'x' })).rejects.toMatchObject({
      reason: 'rejected',
    });
  });

  it('formats and parses yuan exactly, and makes out_request_no of any key', () => {
    expect([0, 1, 10, 1234, 100000].map(formatYuan)).toEqual(['0.00', '0.01', '0.10', '12.34', '1000.00']);
    expect(['12.34', '12.3', '12', '0.01', ' 1.10 '].map(parseYuan)).toEqual([1234, 1230, 1200, 1, 110]);
    for (const bad of ['1.234', '-1', '1e3', '', 'abc', 12]) expect(parseYuan(bad)).toBeNaN();
    expect(refundRequestNo('auto_refund_7')).toBe('auto_refund_7');
    const made = refundRequestNo('auto-refund-7');
    expect(made).toMatch(/^[A-Za-z0-9_]{1,64}$/);
    expect(made).not.toBe(refundRequestNo('auto_refund-7'));
    expect(refundRequestNo('x'.repeat(200))).toHaveLength(64);
  });
});
