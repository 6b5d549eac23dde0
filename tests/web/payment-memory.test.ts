import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../web/src/lib/session';
import {
  awaitingReturn,
  clearMemory,
  PAYMENT_KEY,
  providersToAsk,
  readMemory,
  resolveOrder,
  RETURN_WINDOW_MS,
  writeMemory,
} from '../../web/src/workspace/pay/pay-memory';
import { formatMoney, formatTokens, currencyCode } from '../../web/src/app/money';
import { backPath, orderKind, reasonKey } from '../../web/src/workspace/pay/order-status';

describe('the order number kept locally', () => {
  it('round-trips the last order, its provider and when the member left for it', () => {
    const s = memoryStorage();
    expect(readMemory(s)).toBeNull();
    writeMemory(s, { orderNo: '2026112500001', provider: 'alipay', sentAt: 5 });
    expect(JSON.parse(s.dump()[PAYMENT_KEY])).toEqual({ orderNo: '2026112500001', provider: 'alipay', sentAt: 5 });
    expect(readMemory(s)).toEqual({ orderNo: '2026112500001', provider: 'alipay', sentAt: 5 });
    clearMemory(s);
    expect(readMemory(s)).toBeNull();
  });

  it('ignores what is not an order memory', () => {
    for (const raw of ['x', '{}', '{"orderNo":"a b"}', '[1]', 'null']) expect(readMemory(memoryStorage({ [PAYMENT_KEY]: raw }))).toBeNull();
    expect(readMemory(memoryStorage({ [PAYMENT_KEY]: '{"orderNo":"A1","provider":"paypal","sentAt":"x"}' }))).toEqual({ orderNo: 'A1' });
  });

  it('prefers ?orderNo=, keeps what it knew of the same order, and falls back to the memory', () => {
    const m = { orderNo: 'A1', provider: 'stripe' as const, sentAt: 1 };
    expect(resolveOrder('A1', m)).toBe(m);
    expect(resolveOrder('B2', m)).toEqual({ orderNo: 'B2' });
    expect(resolveOrder(null, m)).toBe(m);
    expect(resolveOrder('bad no!', m)).toBe(m);
    expect(resolveOrder(null, null)).toBeNull();
  });

  it('waits for a payment only when the member left for a provider within the hour', () => {
    const m = { orderNo: 'A1', provider: 'stripe' as const, sentAt: 1000 };
    expect(awaitingReturn(m, 'A1', 2000)).toBe(true);
    expect(awaitingReturn(m, 'A1', 1000 + RETURN_WINDOW_MS)).toBe(false);
    expect(awaitingReturn(m, 'B2', 2000)).toBe(false);
    expect(awaitingReturn({ orderNo: 'A1' }, 'A1', 2000)).toBe(false);
  });

  it('asks the chosen provider first, then the order’s, then those it was sent to', () => {
    const order = { orderNo: 'A1', provider: null, extraInfo: { charges: { stripe: {}, alipay: {} } } };
    expect(providersToAsk({ orderNo: 'A1', provider: 'alipay' }, order)).toEqual(['alipay', 'stripe']);
    expect(providersToAsk({ orderNo: 'Z9', provider: 'alipay' }, order)).toEqual(['stripe', 'alipay']);
    expect(providersToAsk(null, { orderNo: 'A1', provider: 'alipay', extraInfo: null })).toEqual(['alipay']);
    expect(providersToAsk(null, { orderNo: 'A1' })).toEqual([]);
  });
});

describe('amounts and order kinds', () => {
  it('formats amounts in the site currency per language', () => {
    expect(formatMoney(49, 'cny', 'en')).toBe('CN¥49.00');
    expect(formatMoney('15.5', 'usd', 'en')).toBe('$15.50');
    expect(formatMoney(49, 'cny', 'zh-cn')).toBe('¥49.00');
    expect(formatMoney(null, 'cny', 'en')).toBe('-');
    expect(currencyCode(undefined)).toBe('CNY');
    expect(currencyCode('eur')).toBe('EUR');
    expect(formatTokens(1234.5, 'en')).toBe('1,234.5');
    expect(formatTokens(0.00015, 'en')).toBe('0.0002');
  });

  it('leads back to the goods, VIP or tokens after an order', () => {
    expect(backPath({ type: 0, goodsId: 7 })).toBe('/goods/7');
    expect(backPath({ type: 1, goodsId: null })).toBe('/my/info?tab=vip');
    expect(backPath({ type: 2, goodsId: null })).toBe('/my/info?tab=tokens');
    expect(backPath({ type: 3, goodsId: null })).toBe('/workflow_store');
    expect(orderKind({ type: 2 })).toBe('recharge');
    expect(reasonKey('expired_refunded')).toBe('expired_refunded');
    expect(reasonKey('something_new')).toBeNull();
  });
});
