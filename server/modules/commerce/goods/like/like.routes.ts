/**
 * goods/like, public (001 §6; rules in like.service.ts):
 * - like `{goodsId, visitorId?}`: toggles the caller's like -> `{liked, likeCount}`.
 * - liked `{goodsId, visitorId?}`: `{liked}` for the member, or the visitor id; false without either.
 * - total `{goodsId}`: `{total}`, the goods' like count.
 * Goods the caller may not see are a 404 (goods.service.ts).
 */
import { l, call, defineRoutes, id, BOOL, INT, obj } from '../../../../core/api';
import type { Core, Row } from '../../../../core/api';
import { visibleGoods } from '../info/goods.service';
import { likes } from './like.queries';
import { likerOf, limitLikes, toggleLike, VISITOR_INPUT, visitorProblems } from './like.service';

const sentVisitor = (body: unknown) => (body as Row | undefined)?.visitorId;

export default defineRoutes((core: Core) => [
  call(core, 'goods', 'like', 'like', {
    method: 'POST',
    access: 'public',
    summary: l('Like a goods, or take the like back', '点赞或取消点赞', '按讚或取消按讚'),
    input: { goodsId: id(), ...VISITOR_INPUT },
    // A signed-out caller is known by the visitor id only: it is required then.
    refine: (input, req) => visitorProblems(input.visitorId, sentVisitor(req.body), req.user, true),
    effect: 'write',
    answer: obj({ liked: BOOL, likeCount: INT }),
    async handler(req, { goodsId, visitorId }) {
      await limitLikes(core, req.user, req.ctx.ip);
      return toggleLike(core, req.user, goodsId, likerOf(visitorId, req.user)!);
    },
  }),
  call(core, 'goods', 'like', 'liked', {
    method: 'POST',
    access: 'public',
    summary: l('Whether I like a goods', '是否已点赞', '是否已按讚'),
    input: { goodsId: id(), ...VISITOR_INPUT },
    refine: (input, req) => visitorProblems(input.visitorId, sentVisitor(req.body), req.user, false),
    effect: 'read',
    answer: obj({ liked: BOOL }),
    async handler(req, { goodsId, visitorId }) {
      const who = likerOf(visitorId, req.user);
      await visibleGoods(core, goodsId, req.user);
      return { liked: who ? await likes(core, goodsId, who) : false };
    },
  }),
  call(core, 'goods', 'like', 'total', {
    method: 'POST',
    access: 'public',
    summary: l("A goods' like count", '商品点赞数', '商品按讚數'),
    input: { goodsId: id() },
    effect: 'read',
    answer: obj({ total: INT }),
    async handler(req, { goodsId }) {
      const g = await visibleGoods(core, goodsId, req.user);
      return { total: Number(g.likeCount ?? 0) };
    },
  }),
]);
