import { describe, expect, it } from 'vitest';
import { currencyCode, formatMoney, formatTokens } from '../../web/src/app/money';
import { orderTitle, personLabel, refundBody, refundOffer, refundPermission } from '../../web/src/console/commerce/orders';

describe('refunding orders in the console', () => {
  it('offers Refund for paid card and Alipay orders through their own call, says so for other providers, and offers nothing for free ones', () => {
    expect(refundOffer({ status: 1, provider: 'stripe' })).toBe('stripe');
    expect(refundOffer({ status: 1, provider: 'alipay' })).toBe('alipay');
    expect(refundOffer({ status: 1, provider: 'wechat' })).toBe('unsupported');
    expect(refundPermission('alipay')).toBe('base:alipay:refund');
    expect(refundPermission('stripe')).toBe('base:stripe:refund');
    expect(refundOffer({ status: 0, provider: 'stripe' })).toBeNull();
    expect(refundOffer({ status: 4, provider: 'stripe' })).toBeNull();
    expect(refundOffer({ status: 9, provider: 'stripe' })).toBeNull();
    expect(refundOffer({ status: 1, provider: null })).toBeNull();
  });

  it('sends only the order number while the server takes no reason, and the reason once it does', () => {
    expect(refundBody('2026112500001', '  duplicate purchase ')).toEqual({ orderNo: '2026112500001', reason: 'duplicate purchase' });
    expect(refundBody('2026112500001', '   ')).toEqual({ orderNo: '2026112500001' });
  });

  it('names a buyer or seller by the name the server derived, else by id', () => {
    expect(personLabel('Ming', 3)).toBe('Ming');
    expect(personLabel(null, 3)).toBe('#3');
    expect(personLabel('  ', 3)).toBe('#3');
    expect(personLabel(null, null)).toBeNull();
  });

  it('reads the goods title kept on the order', () => {
    expect(orderTitle({ extraInfo: { title: 'Sales report', charges: {} } })).toBe('Sales report');
    expect(orderTitle({ extraInfo: null })).toBe('');
    expect(orderTitle({})).toBe('');
  });
});

describe('amounts and tokens', () => {
  it('formats an amount in its currency and the language', () => {
    expect(formatMoney(49, 'cny', 'zh-cn')).toBe('¥49.00');
    expect(formatMoney('29.9', 'usd', 'en')).toBe('$29.90');
    expect(formatMoney(6, 'CNY', 'en')).toBe('CN¥6.00');
    expect(formatMoney(null, 'cny', 'en')).toBe('-');
    expect(formatMoney('x', 'cny', 'en')).toBe('-');
  });

  it('falls back to CNY for a missing or malformed currency', () => {
    expect(currencyCode(undefined)).toBe('CNY');
    expect(currencyCode('eur')).toBe('EUR');
    expect(currencyCode('euro')).toBe('CNY');
  });

  it('shows tokens with up to four decimals, signed when asked', () => {
    expect(formatTokens(4410, 'en')).toBe('4,410');
    expect(formatTokens('12.3456', 'en')).toBe('12.3456');
    expect(formatTokens(-405, 'en', true)).toBe('-405');
    expect(formatTokens(4.5, 'en', true)).toBe('+4.5');
    expect(formatTokens(0, 'en', true)).toBe('0');
    expect(formatTokens(undefined, 'en')).toBe('-');
  });
});
