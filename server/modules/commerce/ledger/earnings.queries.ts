/**
 * A creator's earnings from their ledger entries (earnedTokens), attributed to listings: run fees
 * (tokenLog type 12, relateType run -> base/run.purchaseId -> goods/purchase.goodsId) and sales (type
 * 3, relateType order -> goods/order.goodsId; a refund's reversal, type 4, counts against them).
 * Sums are taken in ledger units (each entry rounded to a ten-thousandth before it is summed).
 */
import { entity } from '../../../core/api';
import type { Core } from '../../../core/api';
import { dayExpr } from '../day-key.queries';
import { TOKEN_KIND } from './ledger.service';

/** createTime bounds of the entries as stored datetimes: from `start` (inclusive) to `end` (exclusive). */
export interface EarningsRange {
  start?: string;
  end?: string;
  /** Days are taken this many minutes from UTC. */
  tzOffset: number;
}

/** One listing's earnings on one day, in units. */
export interface EarningsCell {
  goodsId: number;
  day: string;
  runs: number;
  runUnits: number;
  sales: number;
  saleUnits: number;
}

function rangeOf(core: Core, r: EarningsRange): { sql: string; params: string[] } {
  const q = core.db.q.bind(core.db);
  const parts: string[] = [];
  const params: string[] = [];
  if (r.start) {
    parts.push(` AND l.${q('createTime')} >= ?`);
    params.push(r.start);
  }
  if (r.end) {
    parts.push(` AND l.${q('createTime')} < ?`);
    params.push(r.end);
  }
  return { sql: parts.join(''), params };
}

const dayOf = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

/** The earnings of `userId` by listing and day within the range, run fees and sales alike. */
export async function earningsCells(core: Core, userId: number, r: EarningsRange): Promise<EarningsCell[]> {
  const q = core.db.q.bind(core.db);
  const logs = entity(core.model, 'base/tokenLog').table;
  const runs = entity(core.model, 'base/run').table;
  const purchases = entity(core.model, 'goods/purchase').table;
  const orders = entity(core.model, 'goods/order').table;
  const day = dayExpr(core.db, `l.${q('createTime')}`, r.tzOffset);
  const units = `COALESCE(SUM(ROUND(l.${q('tokens')} * 10000)), 0)`;
  const range = rangeOf(core, r);
  const mine = `l.${q('userId')} = ? AND l.${q('field')} = 'earnedTokens'`;
  const [runRows, saleRows] = await Promise.all([
    core.db.query<{ goodsId: number; d: unknown; n: unknown; units: unknown }>(
      `SELECT p.${q('goodsId')} AS ${q('goodsId')}, ${day} AS ${q('d')}, COUNT(*) AS ${q('n')}, ${units} AS ${q('units')} ` +
        `FROM ${q(logs)} l JOIN ${q(runs)} r ON r.${q('id')} = l.${q('relateId')} JOIN ${q(purchases)} p ON p.${q('id')} = r.${q('purchaseId')} ` +
        `WHERE ${mine} AND l.${q('type')} = ? AND l.${q('relateType')} = 'run'${range.sql} GROUP BY p.${q('goodsId')}, ${q('d')}`,
      [userId, TOKEN_KIND.runEarning, ...range.params],
    ),
    core.db.query<{ goodsId: number; d: unknown; n: unknown; units: unknown }>(
      `SELECT o.${q('goodsId')} AS ${q('goodsId')}, ${day} AS ${q('d')}, SUM(CASE WHEN l.${q('type')} = ? THEN 1 ELSE 0 END) AS ${q('n')}, ${units} AS ${q('units')} ` +
        `FROM ${q(logs)} l JOIN ${q(orders)} o ON o.${q('id')} = l.${q('relateId')} ` +
        `WHERE ${mine} AND l.${q('type')} IN (?, ?) AND l.${q('relateType')} = 'order' AND o.${q('goodsId')} IS NOT NULL${range.sql} GROUP BY o.${q('goodsId')}, ${q('d')}`,
      [TOKEN_KIND.sale, userId, TOKEN_KIND.sale, TOKEN_KIND.saleReversal, ...range.params],
    ),
  ]);
  const cells = new Map<string, EarningsCell>();
  const cell = (goodsId: number, d: unknown) => {
    const key = `${goodsId}:${dayOf(d)}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { goodsId: Number(goodsId), day: dayOf(d), runs: 0, runUnits: 0, sales: 0, saleUnits: 0 }));
    return c;
  };
  for (const row of runRows) Object.assign(cell(row.goodsId, row.d), { runs: Number(row.n), runUnits: Math.round(Number(row.units)) });
  for (const row of saleRows) Object.assign(cell(row.goodsId, row.d), { sales: Number(row.n), saleUnits: Math.round(Number(row.units)) });
  return [...cells.values()];
}

/** Titles of goods by id, removed ones too. */
export async function goodsTitles(core: Core, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ id: number; title: string | null }>(
    `SELECT ${q('id')}, ${q('title')} FROM ${q(entity(core.model, 'goods/info').table)} WHERE ${q('id')} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}
