/** Reads of the Stripe calls (writes go through the operations and the order functions). */
import { entity } from '../../../core/api';
import type { Core } from '../../../core/api';
import { toCents } from './money';

/** The orders' table, from the declaration (never named here). */
const orderTable = (core: Core) => entity(core.model, 'goods/order').table;

/** The number of the Stripe order paid by `transactionId` (a PaymentIntent or invoice id); null when none. */
export async function orderNoByTransaction(core: Core, transactionId: string): Promise<string | null> {
  if (!transactionId || transactionId.length > 64) return null;
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ orderNo: string }>(
    `SELECT ${q('orderNo')} FROM ${q(orderTable(core))} WHERE ${q('transactionId')} = ? AND ${q('provider')} = ? ORDER BY ${q('id')} LIMIT 1`,
    [transactionId, 'stripe'],
  );
  return row ? row.orderNo : null;
}

export interface DayTotal {
  currency: string;
  count: number;
  /** The sum charged, as a decimal amount of `currency`. */
  amount: number;
}

/**
 * Stripe orders paid since `since` (stored time, UTC) and still paid (a refunded one no longer
 * counts), per currency: counts and sums only, nothing about who paid.
 */
export async function paidStripeTotals(core: Core, since: string): Promise<DayTotal[]> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ currency: string | null; n: number | string; total: number | string | null }>(
    `SELECT ${q('currency')} AS ${q('currency')}, COUNT(*) AS ${q('n')}, SUM(${q('chargedAmount')}) AS ${q('total')}
       FROM ${q(orderTable(core))}
      WHERE ${q('provider')} = ? AND ${q('status')} = 1 AND ${q('payTime')} >= ?
      GROUP BY ${q('currency')} ORDER BY ${q('currency')}`,
    ['stripe', since],
  );
  // The sum goes through cents once: SQLite adds decimals as floats.
  return rows.map((r) => ({ currency: String(r.currency ?? ''), count: Number(r.n), amount: toCents(r.total ?? 0) / 100 }));
}
