/**
 * Money and token arithmetic in integers (docs/decisions/money-rules.md): amounts are cents inside the code
 * (DECIMAL(12,2) in the database), token amounts are ten-thousandths (DECIMAL(18,4)). Values read
 * from the database (strings on MySQL, numbers on SQLite) go through `toCents`/`toUnits` once and
 * come back through `fromCents`/`fromUnits` when written.
 */

/** Cents of a decimal amount (a number or a decimal string). NaN for anything else. */
export function toCents(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  const n = typeof v === 'string' ? Number(v.trim()) : Number(v);
  return Number.isFinite(n) ? Math.round(n * 100) : NaN;
}

/** The decimal amount of `cents` (two places), as the database column takes it. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Tokens are kept to four places: their integer units. */
export const TOKEN_SCALE = 10_000;

export function toUnits(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  const n = typeof v === 'string' ? Number(v.trim()) : Number(v);
  return Number.isFinite(n) ? Math.round(n * TOKEN_SCALE) : NaN;
}

export function fromUnits(units: number): number {
  return Math.round(units) / TOKEN_SCALE;
}

/** `cents` in the site currency converted at `rate` into the provider's currency (rounded half up). */
export function convertCents(cents: number, rate: number): number {
  return Math.round(cents * rate);
}

/** `cents` minus `percent` percent of it (the platform's commission), never below 0. */
export function afterCommission(cents: number, percent: number): number {
  return Math.max(0, cents - Math.round((cents * percent) / 100));
}

/** Currencies without minor units (ISO 4217 exponent 0): a charge in them is a whole number of units. */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/**
 * `cents` (hundredths of `currency`'s unit) rounded to what the currency can be charged in: whole
 * units for zero-decimal currencies (JPY...), never below the smallest amount (one unit or one cent).
 */
export function chargeableCents(cents: number, currency: string): number {
  if (ZERO_DECIMAL.has(currency.toLowerCase())) return Math.max(100, Math.round(cents / 100) * 100);
  return Math.max(1, Math.round(cents));
}
