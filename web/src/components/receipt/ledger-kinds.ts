/**
 * The ledger's kind labels (`tokenLog.type`, TOKEN_KIND in server/modules/commerce/ledger/ledger.service.ts),
 * as receipts and the token ledger show them.
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
