/**
 * What the token screens say about tokens: the ledger's kind label of an entry (`tokenLog.type`,
 * TOKEN_KIND in server/modules/commerce/ledger/ledger.service.ts) and what a top-up amount buys.
 */

/**
 * Ledger kinds with a label of their own (wsAccount.ledger.kind.k{type}); 10 an AI run's charge, 11 its
 * refund, 12 a creator's share of a bought AI member's run fee, 13 the platform's commission on it, 14 a
 * payout, 15 a rejected payout's tokens back, 16 what a run priced by use reserved and did not use.
 */
export const LEDGER_KINDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

/** The i18n key of an entry's kind: its own label, or "Other" for a kind this screen does not know. */
export function ledgerKindKey(type: unknown): string {
  const n = Number(type);
  return LEDGER_KINDS.includes(n) ? `wsAccount.ledger.kind.k${n}` : 'wsAccount.ledger.kind.other';
}

/**
 * The tokens a top-up of `amount` (site currency) gives at `perUnit` tokens per unit, as the server
 * counts them (the amount in cents, then to 4 decimals); null while either is unknown or not valid.
 */
export function tokensForAmount(amount: unknown, perUnit: number | null | undefined): number | null {
  const a = typeof amount === 'number' ? amount : Number.NaN;
  if (!Number.isFinite(a) || a <= 0 || typeof perUnit !== 'number' || !Number.isFinite(perUnit) || perUnit <= 0) return null;
  const cents = Math.round(a * 100);
  return Math.round(cents * perUnit * 100) / 10_000;
}
