/**
 * The ledger check's answer (`base/tokenLog/check`) read for the screen: every user's balance must
 * equal the sum of its ledger entries (mismatches: must be none), and a balance below zero is a debt
 * (revenue refunded after it was spent). Pure.
 */

export type Balance = 'tokens' | 'earnedTokens' | 'withdrawableTokens';

export interface LedgerLine {
  userId: number;
  field: Balance;
  /** The balance on the user's row. */
  balance: number;
  /** The sum of the user's entries for that balance. */
  sum: number;
}

export interface LedgerCheck {
  users: number;
  entries: number;
  mismatches: LedgerLine[];
  debts: LedgerLine[];
}

export interface Verdict {
  /** Every balance equals its entries. */
  balanced: boolean;
  mismatches: number;
  debts: number;
  /** The users the lines name, each once, in order. */
  userIds: number[];
}

export function verdict(c: LedgerCheck): Verdict {
  const userIds = [...new Set([...c.mismatches, ...c.debts].map((l) => l.userId))];
  return { balanced: c.mismatches.length === 0, mismatches: c.mismatches.length, debts: c.debts.length, userIds };
}

/** Balance minus entries, rounded to the ledger's four decimals (0.1 + 0.2 must not read as a difference). */
export function difference(l: LedgerLine): number {
  return Math.round((l.balance - l.sum) * 10_000) / 10_000 || 0;
}
