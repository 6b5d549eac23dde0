/**
 * goods/favorite, for members (a token; the member role holds the keys):
 * - addFavorite `{goodsId}`: saves goods the caller may see -> `{id, created}`; saving again changes
 *   nothing (`created: false`), so a double click is harmless. One row per member and goods (unique),
 *   added with `addIfAbsent`.
 * - cancelFavorite `{goodsId}`: removes the caller's favorite of it (of any goods, even one removed
 *   since) -> `{count}` (0 when there was none). Only the caller's own row can go.
 * - myFavorites `{page, size}`: the caller's favorites, newest first, each with the goods' public
 *   fields (favorite.queries.ts); goods no longer on sale are left out.
 */
import { l, and, eq, call, defineRoutes, id, BOOL, COUNT, INT, STR, nullable, obj, pageOf, entity } from '../../../../core/api';
import type { Core } from '../../../../core/api';
import { visibleGoods } from '../info/goods.service';
import { goodsRow, PAGE, paged } from '../goods.answers';
import { favoritesPage } from './favorite.queries';

export default defineRoutes((core: Core) => {
  const favorites = entity(core.model, 'goods/favorite');
  return [
    call(core, 'goods', 'favorite', 'addFavorite', {
      method: 'POST',
      member: true,
      summary: l('Save a goods to my favorites', '收藏商品', '收藏商品'),
      input: { goodsId: id() },
      effect: 'write',
      answer: obj({ id: INT, created: BOOL }),
      async handler(req, { goodsId }) {
        await visibleGoods(core, goodsId, req.user);
        return core.ops.transaction(req.user, (t) => t.addIfAbsent(favorites, { goodsId }, ['goodsId', 'userId']));
      },
    }),
    call(core, 'goods', 'favorite', 'cancelFavorite', {
      method: 'POST',
      member: true,
      summary: l('Remove a goods from my favorites', '取消收藏', '取消收藏'),
      input: { goodsId: id() },
      effect: 'write',
      answer: COUNT,
      async handler(req, { goodsId }) {
        const count = await core.ops.transaction(req.user, (t) => t.purge(favorites, and(eq('goodsId', goodsId), eq('userId', req.user!.id))));
        return { count };
      },
    }),
    call(core, 'goods', 'favorite', 'myFavorites', {
      method: 'POST',
      member: true,
      summary: l('My favorite goods', '我的收藏', '我的收藏'),
      input: PAGE,
      effect: 'read',
      answer: pageOf(obj({ id: INT, goodsId: INT, createTime: nullable(STR), goods: goodsRow(core) })),
      async handler(req, input) {
        const { page, size } = paged(input);
        return favoritesPage(core, req.user!, page, size);
      },
    }),
  ];
});
