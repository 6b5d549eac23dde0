/**
 * What the token screens say about tokens: the ledger's kind label of an entry (`tokenLog.type`,
 * TOKEN_KIND in server/modules/commerce/ledger/ledger.service.ts) and what a top-up amount buys.
 */

export { LEDGER_KINDS, ledgerKindKey } from '../../components/receipt/ledger-kinds';

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
