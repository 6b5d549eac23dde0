/** The goods a sitemap lists: on shelf, shown and not removed, by id, at most `limit`. */
import type { Core, Entity } from '../../core/api';

export async function listedGoods(core: Core, goods: Entity, limit: number): Promise<Array<{ id: number; updateTime: string }>> {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error('limit must be a whole number');
  const q = core.db.q.bind(core.db);
  return core.db.query<{ id: number; updateTime: string }>(
    `SELECT ${q('id')}, ${q('updateTime')} FROM ${q(goods.table)} WHERE ${q('status')} = 1 AND ${q('isDisplay')} = 1 AND ${q('delete')} = 0 ORDER BY ${q('id')} ASC LIMIT ${limit}`,
  );
}
