/**
 * What a member's token ledger entry came from, as the ledger shows it (tokenLog's virtual `source`):
 * for an order (a top-up, a VIP gift, a sale and its reversal) the goods' title, else the title kept
 * on the order, else its number; for a redemption code the code masked to its last 4 characters; for
 * an AI run (its cost, refund, earnings and commission) the listing of a bought copy, else the AI
 * member's name, else the app's; for a payout (and its return) its payment reference, else its
 * number. A read or two per kind for a whole page; adjustments get null.
 */
import { dynamicKey, isIn } from '../../server/core/api';
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

const text = (v: string | null | undefined): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** `id -> name` of the rows of `ids` (removed ones too), by their `field`. */
async function namesOf(
  t: HookTransaction,
  entity: 'goods/info' | 'base/sys/user' | 'base/app',
  field: 'title' | 'nickName' | 'name',
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await t.system.find(dynamicKey(entity), isIn('id', ids), { fields: [field], deleted: true });
  return new Map(rows.flatMap((r) => (typeof r[field] === 'string' && text(r[field] as string) ? [[Number(r.id), text(r[field] as string)!]] : [])));
}

const known = (ids: Array<number | null>): number[] => [...new Set(ids.filter((n): n is number => !!n))];

/** What each AI run was: the listing of a bought copy, else the AI member, else the app. */
async function runSources(t: HookTransaction, ids: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!ids.length) return found;
  const runs = await t.system.find('base/run', isIn('id', ids), { fields: ['purchaseId', 'aiUserId', 'appId'] });
  const purchases = await t.system.find('goods/purchase', isIn('id', known(runs.map((r) => r.purchaseId))), { fields: ['goodsId'] });
  const goodsOf = new Map(purchases.map((p) => [p.id, p.goodsId]));
  const [titles, ais, apps] = await Promise.all([
    namesOf(t, 'goods/info', 'title', known(purchases.map((p) => p.goodsId))),
    namesOf(t, 'base/sys/user', 'nickName', known(runs.map((r) => r.aiUserId))),
    namesOf(t, 'base/app', 'name', known(runs.map((r) => r.appId))),
  ]);
  for (const r of runs) {
    const listing = r.purchaseId ? titles.get(goodsOf.get(r.purchaseId) ?? 0) : undefined;
    const source = listing ?? (r.aiUserId ? ais.get(r.aiUserId) : undefined) ?? (r.appId ? apps.get(r.appId) : undefined);
    if (source) found.set(r.id, source);
  }
  return found;
}

/** Which payout each entry moved: its payment reference once paid, else its number. */
async function payoutSources(t: HookTransaction, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await t.system.find('base/payout', isIn('id', ids), { fields: ['reference'], deleted: true });
  return new Map(rows.map((r) => [r.id, text(r.reference) ?? `#${r.id}`]));
}

/** Fills `source` on each ledger row read. */
export async function fillTokenLogSources(t: HookTransaction, rows: Row[]): Promise<void> {
  const [orders, coupons, runs, payouts] = await Promise.all([
    orderTitles(t, idsOf(rows, 'order')),
    couponCodes(t, idsOf(rows, 'coupon')),
    runSources(t, idsOf(rows, 'run')),
    payoutSources(t, idsOf(rows, 'payout')),
  ]);
  const bySource: Record<string, Map<number, string>> = { order: orders, coupon: coupons, run: runs, payout: payouts };
  for (const r of rows) r.source = bySource[String(r.relateType)]?.get(Number(r.relateId)) || null;
}
