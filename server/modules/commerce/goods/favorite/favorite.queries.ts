/** A member's favorites joined with the goods they save: only goods still on sale are shown. */
import { fromStoredDate, entity } from '../../../../core/api';
import type { Core, AuthUser, Row } from '../../../../core/api';
import { decorate, goodsEntity, listedSql, publicFields, type Paged } from '../info/goods.queries';

const favorites = (core: Core) => entity(core.model, 'goods/favorite');

/** A favorite joined with its goods' public columns, as stored. */
type FavoriteJoin = Row & { favoriteId: number; favoriteTime: string; id: number };

/** Whether `userId` has saved goods `goodsId`. */
export async function isFavorite(core: Core, goodsId: number, userId: number): Promise<boolean> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query(`SELECT ${q('id')} FROM ${q(favorites(core).table)} WHERE ${q('goodsId')} = ? AND ${q('userId')} = ? LIMIT 1`, [
    goodsId,
    userId,
  ]);
  return rows.length > 0;
}

/**
 * A page of `user`'s favorites, newest first, each `{id, goodsId, createTime, goods}` with the goods'
 * public fields. Favorites of goods no longer on sale (removed, off shelf, hidden) are left out.
 */
export async function favoritesPage(core: Core, user: AuthUser, page: number, size: number): Promise<Paged> {
  const q = core.db.q.bind(core.db);
  const fields = publicFields(core);
  const from = `${q(favorites(core).table)} f JOIN ${q(goodsEntity(core).table)} g ON g.${q('id')} = f.${q('goodsId')}`;
  const where = `f.${q('userId')} = ? AND ${listedSql(core, 'g')}`;
  const goodsCols = fields.map((f) => `g.${q(f.name)}`).join(', ');
  const [rows, [count]] = await Promise.all([
    core.db.query<FavoriteJoin>(
      `SELECT f.${q('id')} AS ${q('favoriteId')}, f.${q('createTime')} AS ${q('favoriteTime')}, ${goodsCols} FROM ${from} WHERE ${where} ` +
        `ORDER BY f.${q('id')} DESC LIMIT ? OFFSET ?`,
      [user.id, size, (page - 1) * size],
    ),
    core.db.query<{ n: unknown }>(`SELECT COUNT(*) AS ${q('n')} FROM ${from} WHERE ${where}`, [user.id]),
  ]);
  const marks = rows.map((r) => ({ id: r.favoriteId, time: r.favoriteTime }));
  const goods = rows.map(({ favoriteId: _id, favoriteTime: _time, ...g }) => g);
  await decorate(core, goods, fields, user);
  const list = goods.map((g, i) => ({ id: marks[i].id, goodsId: g.id, createTime: fromStoredDate(marks[i].time), goods: g }));
  return { list, pagination: { page, size, total: Number(count?.n ?? 0) } };
}
