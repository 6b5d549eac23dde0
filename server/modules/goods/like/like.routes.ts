/**
 * goods/like, public (001 §6; rules in like.service.ts):
 * - like `{goodsId, visitorId?}`: toggles the caller's like -> `{liked, likeCount}`.
 * - liked `{goodsId, visitorId?}`: `{liked}` for the member, or the visitor id; false without either.
 * - total `{goodsId}`: `{total}`, the goods' like count.
 * Goods the caller may not see are a 404 (goods.service.ts).
 */
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { call, defineRoutes } from '../../../core/modules';
import { Fields } from '../../../core/http/fields';
import { visibleGoods } from '../info/goods.service';
import { likes } from './like.queries';
import { likerOf, limitLikes, toggleLike } from './like.service';

export default defineRoutes((core: Core) => {
  const open = (name: string, summary: ReturnType<typeof l>, handler: Parameters<typeof call>[4]['handler']) =>
    call(core, 'goods', 'like', name, { method: 'POST', guard: 'public', summary, handler });
  return [
    open('like', l('Like a goods, or take the like back', '点赞或取消点赞', '按讚或取消按讚'), async (req) => {
      const f = Fields.of(req.body, ['goodsId', 'visitorId']);
      const goodsId = f.id('goodsId');
      const who = likerOf(f, req.user);
      if (!who && !f.errors.some((e) => e.field === 'visitorId')) f.bad('visitorId', 'required');
      f.done();
      await limitLikes(core, req.user, req.ctx.ip);
      return toggleLike(core, req.user, goodsId!, who!);
    }),
    open('liked', l('Whether I like a goods', '是否已点赞', '是否已按讚'), async (req) => {
      const f = Fields.of(req.body, ['goodsId', 'visitorId']);
      const goodsId = f.id('goodsId');
      const who = likerOf(f, req.user);
      f.done();
      await visibleGoods(core, goodsId!, req.user);
      return { liked: who ? await likes(core, goodsId!, who) : false };
    }),
    open('total', l("A goods' like count", '商品点赞数', '商品按讚數'), async (req) => {
      const f = Fields.of(req.body, ['goodsId']);
      const goodsId = f.id('goodsId');
      f.done();
      const g = await visibleGoods(core, goodsId!, req.user);
      return { total: Number(g.likeCount ?? 0) };
    }),
  ];
});
