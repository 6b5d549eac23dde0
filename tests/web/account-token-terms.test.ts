/** The token screens' terms: every ledger kind the server writes has a label, and what a top-up buys. */
import { describe, expect, it } from 'vitest';
import { ledgerKindKey, tokensForAmount } from '../../web/src/workspace/account/token-terms';
import accountTexts from '../../web/src/i18n/locales/ws-account';
import { LANGS } from '../../web/src/i18n/define';
import { TOKEN_KIND } from '../../server/modules/commerce/ledger/ledger.service';

describe('ledger kinds', () => {
  it('labels an AI run charge (10) and refund (11) as such, not as "Other"', () => {
    expect(ledgerKindKey(10)).toBe('wsAccount.ledger.kind.k10');
    expect(ledgerKindKey('11')).toBe('wsAccount.ledger.kind.k11');
    expect(ledgerKindKey(1)).toBe('wsAccount.ledger.kind.k1');
    expect(ledgerKindKey(99)).toBe('wsAccount.ledger.kind.other');
    expect(ledgerKindKey(null)).toBe('wsAccount.ledger.kind.other');
  });

  it('labels every kind the server writes, run earnings (12) and store commission (13) too, in every language', () => {
    for (const kind of Object.values(TOKEN_KIND)) {
      const key = ledgerKindKey(kind);
      expect(key).toBe(`wsAccount.ledger.kind.k${kind}`);
      for (const lang of LANGS) expect((accountTexts.texts[lang].ledger.kind as Record<string, string>)[`k${kind}`]).toBeTruthy();
    }
    expect(accountTexts.texts.en.ledger.kind.k12).toBe('Run earnings');
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
