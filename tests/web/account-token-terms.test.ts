/** The token screens' terms: every ledger kind the server writes has a label, and what a top-up buys. */
import { describe, expect, it } from 'vitest';
import { ledgerKindKey, tokensForAmount } from '../../web/src/workspace/account/token-terms';

describe('ledger kinds', () => {
  it('labels an AI run charge (10) and refund (11) as such, not as "Other"', () => {
    expect(ledgerKindKey(10)).toBe('wsAccount.ledger.kind.k10');
    expect(ledgerKindKey('11')).toBe('wsAccount.ledger.kind.k11');
    expect(ledgerKindKey(1)).toBe('wsAccount.ledger.kind.k1');
    expect(ledgerKindKey(99)).toBe('wsAccount.ledger.kind.other');
    expect(ledgerKindKey(null)).toBe('wsAccount.ledger.kind.other');
  });

  it("labels a creator's run earnings (12), a payout (14) and its return (15)", () => {
    for (const kind of [12, 14, 15]) expect(ledgerKindKey(kind)).toBe(`wsAccount.ledger.kind.k${kind}`);
  });
});

describe('what a top-up buys', () => {
  it('converts the amount at the rate as the server does (cents, 4 decimals)', () => {
    expect(tokensForAmount(10, 100)).toBe(1000);
    expect(tokensForAmount(0.01, 100)).toBe(1);
    expect(tokensForAmount(12.345, 3)).toBe(37.05);
    expect(tokensForAmount(1, 0.0001)).toBe(0.0001);
  });

  it('says nothing while the amount or the rate is unknown', () => {
    expect(tokensForAmount(null, 100)).toBeNull();
    expect(tokensForAmount(0, 100)).toBeNull();
    expect(tokensForAmount(10, null)).toBeNull();
  });
});
