/**
 * What a member's token ledger entry came from, as the ledger shows it (tokenLog's virtual `source`):
 * for an order (a top-up, a VIP gift, a sale and its reversal) the goods' title, else the title kept
 * on the order, else its number; for a redemption code the code masked to its last 4 characters.
 * A read or two per kind for a whole page; entries of other kinds (AI runs, adjustments) get null.
 */
import { isIn } from '../../server/core/api';
import type { HookTransaction, Row } from '../../server/core/api';

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

async function orderTitles(t: HookTransaction, ids: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!ids.length) return found;
  const rows = await t.system.find('goods/order', isIn('id', ids), { fields: ['orderNo', 'extraInfo', 'goodsId'] });
  const goodsIds = [...new Set(rows.map((r) => Number(r.goodsId)).filter((n) => Number.isSafeInteger(n) && n > 0))];
  // Removed goods too: the entry keeps the title of what was sold.
  const titles = new Map(
    goodsIds.length ? (await t.system.find('goods/info', isIn('id', goodsIds), { fields: ['title'], deleted: true })).map((g) => [Number(g.id), g.title]) : [],
  );
  for (const r of rows) {
    const title = titles.get(Number(r.goodsId));
    const goods = typeof title === 'string' && title.trim() ? title.trim() : null;
    found.set(Number(r.id), goods ?? extraTitle(r.extraInfo) ?? String(r.orderNo ?? ''));
  }
  return found;
}

async function couponCodes(t: HookTransaction, ids: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!ids.length) return found;
  const rows = await t.system.find('base/coupon', isIn('id', ids), { fields: ['code'] });
  for (const r of rows) {
    const masked = maskedCode(r.code);
    if (masked) found.set(Number(r.id), masked);
  }
  return found;
}

/** Fills `source` on each ledger row read. */
export async function fillTokenLogSources(t: HookTransaction, rows: Row[]): Promise<void> {
  const [orders, coupons] = await Promise.all([orderTitles(t, idsOf(rows, 'order')), couponCodes(t, idsOf(rows, 'coupon'))]);
  for (const r of rows) {
    const id = Number(r.relateId);
    r.source = (r.relateType === 'order' ? orders.get(id) : r.relateType === 'coupon' ? coupons.get(id) : undefined) || null;
  }
}
