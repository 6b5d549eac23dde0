import { describe, expect, it } from 'vitest';
import { isFree, priceText } from '../../web/src/workspace/store/money';
import { currencyCode, formatMoney, toAmount } from '../../web/src/app/money';

describe('store prices', () => {
  it('formats an amount in the site currency for the language', () => {
    expect(formatMoney(49, 'CNY', 'en')).toBe('CN¥49.00');
    expect(formatMoney(49, 'CNY', 'zh-cn')).toBe('¥49.00');
    expect(formatMoney(1234.5, 'usd', 'en')).toBe('$1,234.50');
    expect(formatMoney(9.9, 'TWD', 'zh-tw')).toMatch(/9\.90/);
  });
  it('falls back to CNY for a missing or malformed currency', () => {
    expect(currencyCode(undefined)).toBe('CNY');
    expect(currencyCode('dollars')).toBe('CNY');
    expect(currencyCode(' eur ')).toBe('EUR');
    expect(formatMoney(1, 'x', 'en')).toBe('CN¥1.00');
  });
  it('reads prices as numbers, texts included', () => {
    expect(toAmount(4.5)).toBe(4.5);
    expect(toAmount('19.00')).toBe(19);
    expect(toAmount(null)).toBeNull();
    expect(toAmount('')).toBeNull();
    expect(toAmount('abc')).toBeNull();
  });
  it('calls goods free when flagged, priced zero or unpriced', () => {
    expect(isFree({ isFree: 1, price: 10 })).toBe(true);
    expect(isFree({ isFree: 0, price: 0 })).toBe(true);
    expect(isFree({ isFree: 0, price: null })).toBe(true);
    expect(isFree({ isFree: 0, price: 10 })).toBe(false);
    // a spec's own price decides when given
    expect(isFree({ isFree: 0, price: 10 }, 0)).toBe(true);
    expect(isFree({ isFree: 0, price: 0 }, 39)).toBe(false);
  });
  it('writes the price text, times the quantity in whole cents, or the free text', () => {
    const base = { lang: 'en', currency: 'CNY', freeText: 'Free' };
    expect(priceText({ price: 19, isFree: 0 }, base)).toBe('CN¥19.00');
    expect(priceText({ price: 0, isFree: 1 }, base)).toBe('Free');
    expect(priceText({ price: 19, isFree: 0 }, { ...base, specPrice: 39, quantity: 2 })).toBe('CN¥78.00');
    expect(priceText({ price: 0.1, isFree: 0 }, { ...base, quantity: 3 })).toBe('CN¥0.30');
    expect(priceText({ price: 4.5, isFree: 0 }, { ...base, lang: 'zh-cn' })).toBe('¥4.50');
  });
});
