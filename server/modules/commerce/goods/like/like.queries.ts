/** Whether someone likes a goods: a member by user id, a visitor by the visitor id their client sends. */
import { entity } from '../../../../core/api';
import type { Core } from '../../../../core/api';

/** Who likes: a signed-in member, or a visitor's key. */
export type Liker = { userId: number } | { visitorKey: string };

/** Whether `who` likes goods `goodsId`. */
export async function likes(core: Core, goodsId: number, who: Liker): Promise<boolean> {
  const q = core.db.q.bind(core.db);
  const [col, value] = 'userId' in who ? ['userId', who.userId] : ['visitorKey', who.visitorKey];
  const rows = await core.db.query(`SELECT ${q('id')} FROM ${q(entity(core.model, 'goods/like').table)} WHERE ${q('goodsId')} = ? AND ${q(col)} = ? LIMIT 1`, [
    goodsId,
    value,
  ]);
  return rows.length > 0;
}
