import { describe, expect, it } from 'vitest';
import { orderIdsOf, releasable, saleRefunded, sellerIdOf, withOrderStatus, type AuditRow } from '../../web/src/console/commerce/audit-rows';
import { difference, verdict } from '../../web/src/console/commerce/ledger-check';

describe('the ledger check', () => {
  it('is balanced with no mismatches, whatever the debts', () => {
    const v = verdict({ users: 3, entries: 40, mismatches: [], debts: [{ userId: 4, field: 'earnedTokens', balance: -405, sum: -405 }] });
    expect(v).toEqual({ balanced: true, mismatches: 0, debts: 1, userIds: [4] });
  });

  it('is not balanced with a mismatch, and names each user once', () => {
    const line = { userId: 2, field: 'tokens' as const, balance: 10, sum: 9.5 };
    const v = verdict({ users: 2, entries: 9, mismatches: [line, { ...line, field: 'earnedTokens' }], debts: [{ ...line, userId: 3, balance: -1, sum: -1 }] });
    expect(v.balanced).toBe(false);
    expect(v.mismatches).toBe(2);
    expect(v.userIds).toEqual([2, 3]);
  });

  it('reads the difference to four decimals', () => {
    expect(difference({ userId: 1, field: 'tokens', balance: 0.3, sum: 0.1 + 0.2 })).toBe(0);
    expect(difference({ userId: 1, field: 'tokens', balance: 3231, sum: 3226.5 })).toBe(4.5);
    expect(difference({ userId: 1, field: 'tokens', balance: 1, sum: 1.00005 })).toBe(-0.0001);
  });
});

describe('the revenue audit rows', () => {
  const rows: AuditRow[] = [
    { id: 4, relateType: 'order', relateId: 7, isWithdrawable: 0 },
    { id: 3, relateType: 'order', relateId: 6, isWithdrawable: 1 },
    { id: 2, relateType: 'order', relateId: 7, isWithdrawable: 0 },
    { id: 1, relateType: 'order', relateId: 1, isWithdrawable: 0 },
    { id: 9, relateType: 'tokenLog', relateId: null, isWithdrawable: 0 },
  ];

  it('looks up each order once', () => {
    expect(orderIdsOf(rows)).toEqual([7, 6, 1]);
  });

  it('does not offer a refunded sale or an entry already withdrawable', () => {
    const shown = withOrderStatus(rows, [
      { id: 7, status: 1 },
      { id: 6, status: 1 },
      { id: 1, status: 9 },
    ]);
    expect(shown.map((r) => r.orderStatus)).toEqual([1, 1, 1, 9, undefined]);
    expect(shown.map(saleRefunded)).toEqual([false, false, false, true, false]);
    expect(shown.map(releasable)).toEqual([true, false, true, false, true]);
  });

  it('offers an entry whose order could not be read', () => {
    expect(withOrderStatus(rows, []).map(releasable)).toEqual([true, false, true, true, true]);
  });

  it('reads a seller id typed in the filter', () => {
    expect(sellerIdOf(' 12 ')).toBe(12);
    expect(sellerIdOf('#3')).toBe(3);
    expect(sellerIdOf('')).toBeUndefined();
    expect(sellerIdOf('0')).toBeUndefined();
    expect(sellerIdOf('sara')).toBeUndefined();
  });
});
