/**
 * A seller's figures: the views of their goods and sums over their paid goods orders, as integers
 * (quantity, cents of payAmount, ten-thousandths of sellerTokens: each row is rounded to its minor
 * unit before it is summed, so no binary fraction creeps in on either database).
 */
import { entity } from '../../../../core/api';
import type { Core } from '../../../../core/api';
import { dayExpr } from '../../day-key.queries';
import { ORDER_STATUS } from '../order/order-state';
import { goodsEntity } from './goods.queries';

/** A column of goods_order summed, and how many minor units make one of its values. */
export interface Measure {
  column: 'quantity' | 'payAmount' | 'sellerTokens';
  scale: number;
}

/** payTime bounds as stored datetimes: from `start` (inclusive) to `end` (exclusive). */
export interface TimeRange {
  start?: string;
  end?: string;
}

/** The views of every goods `userId` ever listed (removed ones too: the views happened). */
export async function totalViews(core: Core, userId: number): Promise<number> {
  const q = core.db.q.bind(core.db);
  const [r] = await core.db.query<{ n: unknown }>(
    `SELECT COALESCE(SUM(${q('viewCount')}), 0) AS ${q('n')} FROM ${q(goodsEntity(core).table)} WHERE ${q('userId')} = ?`,
    [userId],
  );
  return Number(r?.n ?? 0);
}

function paidOrders(core: Core, sellerId: number, range: TimeRange): { sql: string; params: unknown[] } {
  const q = core.db.q.bind(core.db);
  const parts = [`${q('sellerId')} = ?`, `${q('status')} = ?`];
  const params: unknown[] = [sellerId, ORDER_STATUS.paid];
  if (range.start) {
    parts.push(`${q('payTime')} >= ?`);
    params.push(range.start);
  }
  if (range.end) {
    parts.push(`${q('payTime')} < ?`);
    params.push(range.end);
  }
  return { sql: `FROM ${q(entity(core.model, 'goods/order').table)} WHERE ${parts.join(' AND ')}`, params };
}

function sumOf(core: Core, m: Measure): string {
  return `COALESCE(SUM(ROUND(${core.db.q(m.column)} * ${m.scale})), 0)`;
}

/** The sum of `m` over the paid orders of seller `sellerId` paid within `range`, in minor units. */
export async function orderTotal(core: Core, sellerId: number, m: Measure, range: TimeRange): Promise<number> {
  const w = paidOrders(core, sellerId, range);
  const [r] = await core.db.query<{ n: unknown }>(`SELECT ${sumOf(core, m)} AS ${core.db.q('n')} ${w.sql}`, w.params);
  return Math.round(Number(r?.n ?? 0));
}

/** The same per day of payTime (shifted by `tzOffset` minutes), oldest first; days without sales are left out. */
export async function orderSeries(
  core: Core,
  sellerId: number,
  m: Measure,
  range: TimeRange,
  tzOffset: number,
): Promise<Array<{ day: string; units: number }>> {
  const q = core.db.q.bind(core.db);
  const w = paidOrders(core, sellerId, range);
  const rows = await core.db.query<{ d: unknown; n: unknown }>(
    `SELECT ${dayExpr(core.db, q('payTime'), tzOffset)} AS ${q('d')}, ${sumOf(core, m)} AS ${q('n')} ${w.sql} AND ${q('payTime')} IS NOT NULL GROUP BY ${q('d')} ORDER BY ${q('d')}`,
    w.params,
  );
  return rows.map((r) => ({ day: r.d instanceof Date ? r.d.toISOString().slice(0, 10) : String(r.d).slice(0, 10), units: Math.round(Number(r.n ?? 0)) }));
}
