/** Reads of orders by number and the due ones (writes go through the operations). */
import { SYSTEM, entity, eq, nowStored } from '../../../../core/api';
import type { Core, EntityRow } from '../../../../core/api';

const orders = (core: Core) => entity(core.model, 'goods/order');

/** The order with this number, as the system reads it; null when none. */
export async function orderByNo(core: Core, orderNo: string): Promise<EntityRow<'goods/order'> | null> {
  if (!orderNo || orderNo.length > 64) return null;
  const [row] = await core.ops.reads(SYSTEM).find(orders(core), eq('orderNo', orderNo));
  return row ?? null;
}

/** Ids of pending orders whose time to pay has passed (of one buyer, or all), oldest first. */
export async function dueOrderIds(core: Core, userId: number | null, limit: number): Promise<number[]> {
  const q = core.db.q.bind(core.db);
  const where = [`${q('status')} = 0`, `${q('expireTime')} IS NOT NULL`, `${q('expireTime')} < ?`];
  const params: unknown[] = [nowStored()];
  if (userId !== null) {
    where.push(`${q('userId')} = ?`);
    params.push(userId);
  }
  const rows = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q(orders(core).table)} WHERE ${where.join(' AND ')} ORDER BY ${q('id')} LIMIT ${Math.max(1, Math.floor(limit))}`,
    params,
  );
  return rows.map((r) => r.id);
}

/** Whether `userId` holds a paid order of `goodsId`. */
export async function hasBought(core: Core, userId: number, goodsId: number): Promise<boolean> {
  const rows = await core.ops.list(orders(core), { userId, goodsId, status: 1 }, SYSTEM);
  return rows.length > 0;
}
