/**
 * Prices in the store: amounts are in the site currency (app/use-site-currency), formatted for the
 * interface language (app/money); goods that cost nothing read "Free".
 */

import { formatMoney, toAmount } from '../../app/money';

/** What a store listing holds of its price. */
export interface Priced {
  price?: unknown;
  isFree?: unknown;
}

/** Free: flagged free, or a price of zero or none (the server completes such orders at once). */
export function isFree(goods: Priced, specPrice?: unknown): boolean {
  if (Number(goods.isFree) === 1) return true;
  const amount = toAmount(specPrice === undefined ? goods.price : specPrice);
  return amount === null || amount <= 0;
}

/**
 * The price text of goods (or of one of its specs): the formatted amount times `quantity`, or
 * `freeText` when it costs nothing.
 */
export function priceText(goods: Priced, opts: { lang: string; currency?: string; freeText: string; specPrice?: unknown; quantity?: number }): string {
  if (isFree(goods, opts.specPrice)) return opts.freeText;
  const unit = toAmount(opts.specPrice === undefined ? goods.price : opts.specPrice) ?? 0;
  // Whole cents, so 0.1 x 3 reads 0.30 and not 0.30000000000000004.
  const cents = Math.round(unit * 100) * Math.max(1, Math.floor(opts.quantity ?? 1));
  return formatMoney(cents / 100, opts.currency, opts.lang);
}
