import { describe, expect, it } from 'vitest';
import { isOrderNotice, partyName } from '../../web/src/workspace/pay/order-status';

describe("a member's orders", () => {
  it('name the buyer on a sale and the seller on a purchase, nobody when they have no public name', () => {
    const o = { buyerName: 'Fay', sellerName: 'Eve' };
    expect(partyName(o, true)).toBe('Fay');
    expect(partyName(o, false)).toBe('Eve');
    expect(partyName({ buyerName: null, sellerName: ' ' }, true)).toBeNull();
    expect(partyName({ buyerName: null, sellerName: ' ' }, false)).toBeNull();
  });

  it('reload on the notices of an order paid, sold or refunded, not on others', () => {
    expect([8, 9, 10].map((type) => isOrderNotice({ type }))).toEqual([true, true, true]);
    expect([0, 1, 5].map((type) => isOrderNotice({ type }))).toEqual([false, false, false]);
    expect(isOrderNotice(null)).toBe(false);
  });
});
