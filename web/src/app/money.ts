/**
 * Amounts, tokens and dates as the reader's language writes them (Intl), for the store, the payment
 * page, the personal centre and the console alike. Amounts are in the site currency unless an order
 * says otherwise (useSiteCurrency).
 *
 *   formatMoney(49, 'cny', 'en')     // 'CN¥49.00'
 *   formatMoney(49, 'cny', 'zh-cn')  // '¥49.00'
 *   formatTokens(-20, 'en', true)    // '-20'
 */

export const DEFAULT_CURRENCY = 'CNY';

const CURRENCY = /^[A-Za-z]{3}$/;

export function currencyCode(c: unknown): string {
  return typeof c === 'string' && CURRENCY.test(c.trim()) ? c.trim().toUpperCase() : DEFAULT_CURRENCY;
}

/** `formatMoney(49, 'cny', 'en')` -> "CN¥49.00"; non-numbers show as "-". */
export function formatMoney(amount: unknown, currency: unknown, lang: string): string {
  const n = toAmount(amount);
  if (n === null) return '-';
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currencyCode(currency) }).format(n);
  } catch {
    return `${n.toFixed(2)} ${currencyCode(currency)}`;
  }
}

/** A number from an amount the server answers (DECIMAL as a number, or a text); null when none. */
export function toAmount(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Tokens have four decimals inside; shown with as many as needed (at most 4), with a sign when `signed`. */
export function formatTokens(amount: unknown, lang: string, signed = false): string {
  const n = toAmount(amount);
  if (n === null) return '-';
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 4, signDisplay: signed ? 'exceptZero' : 'auto' }).format(n);
}

/** A date-time in the language; empty or invalid -> "-". */
export function formatDateTime(v: unknown, lang: string): string {
  if (typeof v !== 'string' && typeof v !== 'number') return '-';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return '-';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatDate(v: unknown, lang: string): string {
  if (typeof v !== 'string' && typeof v !== 'number') return '-';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return '-';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(d);
}
