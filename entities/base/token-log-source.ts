/**
 * What a member's token ledger entry came from, as the ledger shows it (tokenLog's virtual `source`):
 * for an order (a top-up, a VIP gift, a sale and its reversal) the goods' title, else the title kept
 * on the order, else its number; for a redemption code the code masked to its last 4 characters.
 * One query per kind for a whole page; entries of other kinds (AI runs, adjustments) get null.
 */
import type { HookDb, Row } from '../../server/core/entity/define';

/** A redemption code as the ledger shows it: only its last 4 characters. */
export function maskedCode(code: unknown): string | null {
  if (typeof code !== 'string' || !code) return null;
  return `••••${code.slice(-4)}`;
}

function extraTitle(extra: unknown): string | null {
  let x = extra;
  if (typeof x === 'string') {
    try {
      x = JSON.parse(x);
    } catch {
      return null;
    }
  }
  const title = x && typeof x === 'object' ? (x as Row).title : null;
  return typeof title === 'string' && title.trim() ? title.trim() : null;
}

function idsOf(rows: Row[], relateType: string): number[] {
  const ids = rows.filter((r) => r.relateType === relateType).map((r) => Number(r.relateId));
  return [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))];
}

async function orderTitles(db: HookDb, ids: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!ids.length) return found;
  const q = db.q;
  const rows = await db.query<Row>(
    `SELECT o.${q('id')} AS ${q('id')}, o.${q('orderNo')} AS ${q('orderNo')}, o.${q('extraInfo')} AS ${q('extraInfo')}, g.${q('title')} AS ${q('goodsTitle')} ` +
      `FROM ${q('goods_order')} o LEFT JOIN ${q('goods_info')} g ON g.${q('id')} = o.${q('goodsId')} WHERE o.${q('id')} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  for (const r of rows) {
    const goods = typeof r.goodsTitle === 'string' && r.goodsTitle.trim() ? r.goodsTitle.trim() : null;
    found.set(Number(r.id), goods ?? extraTitle(r.extraInfo) ?? String(r.orderNo ?? ''));
  }
  return found;
}

async function couponCodes(db: HookDb, ids: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!ids.length) return found;
  const q = db.q;
  const rows = await db.query<Row>(`SELECT ${q('id')}, ${q('code')} FROM ${q('base_coupon')} WHERE ${q('id')} IN (${ids.map(() => '?').join(', ')})`, ids);
  for (const r of rows) {
    const masked = maskedCode(r.code);
    if (masked) found.set(Number(r.id), masked);
  }
  return found;
}

/** Fills `source` on each ledger row read. */
export async function fillTokenLogSources(db: HookDb, rows: Row[]): Promise<void> {
  const [orders, coupons] = await Promise.all([orderTitles(db, idsOf(rows, 'order')), couponCodes(db, idsOf(rows, 'coupon'))]);
  for (const r of rows) {
    const id = Number(r.relateId);
    r.source = (r.relateType === 'order' ? orders.get(id) : r.relateType === 'coupon' ? coupons.get(id) : undefined) || null;
  }
}
