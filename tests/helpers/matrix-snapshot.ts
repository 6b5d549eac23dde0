/**
 * What the permission matrix guards: every row of member A. Per table, the rows seeded for A plus
 * every row attributed to A (an owner-ish column holding A's id) or to A's group (members and group
 * messages of A's private group) or A's goods (its specs). A diff of two snapshots names each row
 * that changed, went or appeared, so a forged row (`add` with fromId = A, or joining A's group) shows
 * up as new.
 */
import type { World } from './matrix-seed';

/** Columns whose value names the user a row belongs to (owner, sender, seller, account owner). */
export const OWNER_COLUMNS = ['userId', 'fromId', 'sellerId', 'ownerId'];

/**
 * Values routes may change on A's rows by design, with why. Kept tiny on purpose.
 * - base_short_link.visitCount: the public redirect s/{shortKey} counts every visit.
 */
const BUMPED: Record<string, string[]> = { base_short_link: ['visitCount'], goods_info: ['viewCount', 'likeCount'] };

export type Snapshot = Map<string, Map<number, string>>;

function stable(row: Record<string, unknown>, ignore: string[]): string {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(row).sort()) {
    if (ignore.includes(k)) continue;
    const v = row[k];
    out[k] = v instanceof Date ? v.toISOString() : Buffer.isBuffer(v) ? v.toString('hex') : typeof v === 'bigint' ? String(v) : v;
  }
  return JSON.stringify(out);
}

export async function snapshot(w: World): Promise<Snapshot> {
  const { db, model } = w.t.core;
  const q = db.q.bind(db);
  const groups = w.rows.get('base/group') ?? [];
  const goods = w.rows.get('goods/info') ?? [];
  const out: Snapshot = new Map();
  for (const e of model.entities) {
    const has = (c: string) => e.columns.some((f) => f.name === c);
    const parts: string[] = [];
    const params: unknown[] = [];
    const seeded = w.rows.get(e.key) ?? [];
    if (seeded.length) {
      parts.push(`${q('id')} IN (${seeded.map(() => '?').join(', ')})`);
      params.push(...seeded);
    }
    for (const c of OWNER_COLUMNS.filter(has)) {
      parts.push(`${q(c)} = ?`);
      params.push(w.a.id);
    }
    const marks = (ids: number[]) => ids.map(() => '?').join(', ');
    if (e.key === 'base/groupMember' && groups.length) {
      parts.push(`${q('groupId')} IN (${marks(groups)})`);
      params.push(...groups);
    }
    if (e.key === 'base/message' && groups.length) {
      parts.push(`(${q('toType')} = 1 AND ${q('toId')} IN (${marks(groups)}))`);
      params.push(...groups);
    }
    if (e.key === 'goods/spec' && goods.length) {
      parts.push(`${q('goodsId')} IN (${marks(goods)})`);
      params.push(...goods);
    }
    if (!parts.length) continue;
    const rows = await db.query(`SELECT * FROM ${q(e.table)} WHERE ${parts.join(' OR ')}`, params);
    out.set(e.table, new Map(rows.map((r) => [Number(r.id), stable(r, BUMPED[e.table] ?? [])])));
  }
  return out;
}

function changedFields(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return Object.keys({ ...a, ...b })
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => `${k} ${JSON.stringify(a[k])} -> ${JSON.stringify(b[k])}`)
    .join(', ');
}

/** Readable lines, one per row of A that changed, went, or appeared between two snapshots. */
export function diff(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(table) ?? new Map<number, string>();
    const a = after.get(table) ?? new Map<number, string>();
    for (const [id, row] of b) {
      if (!a.has(id)) lines.push(`${table} #${id} is gone`);
      else if (a.get(id) !== row) lines.push(`${table} #${id} changed: ${changedFields(row, a.get(id)!)}`);
    }
    for (const [id, row] of a) if (!b.has(id)) lines.push(`${table} #${id} is new: ${row}`);
  }
  return lines;
}
