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
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { and, eq } from '../../../core/crud/condition';
import { call, defineRoutes } from '../../../core/modules';
import { Fields, paging } from '../../../core/http/fields';
import { visibleGoods } from '../info/goods.service';
import { favoritesPage } from './favorite.queries';

export default defineRoutes((core: Core) => {
  const favorites = core.model.byKey.get('goods/favorite')!;
  const member = (name: string, summary: ReturnType<typeof l>, handler: Parameters<typeof call>[4]['handler']) =>
    call(core, 'goods', 'favorite', name, { method: 'POST', member: true, summary, handler });
  return [
    member('addFavorite', l('Save a goods to my favorites', '收藏商品', '收藏商品'), async (req) => {
      const f = Fields.of(req.body, ['goodsId']);
      const goodsId = f.id('goodsId');
      f.done();
      await visibleGoods(core, goodsId!, req.user);
      return core.ops.transaction(req.user, (t) => t.addIfAbsent(favorites, { goodsId }, ['goodsId', 'userId']));
    }),
    member('cancelFavorite', l('Remove a goods from my favorites', '取消收藏', '取消收藏'), async (req) => {
      const f = Fields.of(req.body, ['goodsId']);
      const goodsId = f.id('goodsId');
      f.done();
      const count = await core.ops.transaction(req.user, (t) => t.purge(favorites, and(eq('goodsId', goodsId!), eq('userId', req.user!.id))));
      return { count };
    }),
    member('myFavorites', l('My favorite goods', '我的收藏', '我的收藏'), async (req) => {
      const f = Fields.of(req.body, ['page', 'size']);
      const { page, size } = paging(f, 20);
      f.done();
      return favoritesPage(core, req.user!, page, size);
    }),
  ];
});
