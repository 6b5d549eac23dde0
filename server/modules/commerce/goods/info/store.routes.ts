/**
 * The store's listing calls on goods/info (who sees what: goods.service.ts):
 * - openList (public) `{keyWord?, searchKeyword?, typeId?, userId?, relateType?, page?, size?, order?, sort?}`: goods
 *   on sale, `{list, pagination}`. keyWord matches title and subTitle; searchKeyword (a suggested
 *   keyword's name, goods/searchKeyword) title, subTitle and tags; typeId the type and its subtypes;
 *   userId one seller's listings, relateType what they sell (0: nothing to deliver). Order by one of LIST_ORDERS (default sortNum, then id), newest first
 *   unless `sort: 'asc'`. Rows hold the public fields only (the entity's visible fields, never
 *   contactInfo or attachments) plus typeName and userName.
 * - allGoods (member) the same for a signed-in member.
 * - openDetail (public) `{id, visitorId?}`: the public fields, `specs` (id, name, price, stock, sortNum,
 *   images), and `liked` (the member's, or the visitor's like) and `favorited` (members; false without
 *   a token), and `purchaseId`, the signed-in caller's active purchase of it (null otherwise: "Open"
 *   instead of "Buy"), and `includes`: what it delivers, named (listing-includes.ts).
 * - view (public) `{id}`: counts a view once per visitor per period -> `{counted, viewCount}`.
 */
import { l, SYSTEM, call, defineRoutes, id, BOOL, INT, STR, listOf, nullable, obj, pageOf, fail, entity } from '../../../../core/api';
import type { Core, AuthUser, Row } from '../../../../core/api';
import { likes } from '../like/like.queries';
import { likerOf, VISITOR_INPUT, visitorProblems } from '../like/like.service';
import { isFavorite } from '../favorite/favorite.queries';
import { goodsRow, SPEC } from '../goods.answers';
import { GOODS } from './goods.messages';
import { listedPage, publicGoods } from './goods.queries';
import { countView, LIST_INPUT, listFilter, visibleGoods } from './goods.service';
import { activePurchaseOf } from '../purchase/purchase.queries';
import { listingIncludes } from './listing-includes';

const SPEC_FIELDS = ['id', 'name', 'price', 'stock', 'sortNum', 'images'];

/** What the listing delivers, named (listing-includes.ts). */
const INCLUDES = obj({
  ai: nullable(obj({ name: STR })),
  group: nullable(obj({ name: STR, members: INT })),
  files: listOf(obj({ name: STR, size: nullable(INT) })),
});

/** The specs of goods `goodsId` as the store shows them, in their order. */
async function specsOf(core: Core, goodsId: number): Promise<Row[]> {
  const rows = await core.ops.list(entity(core.model, 'goods/spec'), { goodsId }, SYSTEM);
  return rows.map((r) => Object.fromEntries(SPEC_FIELDS.map((k) => [k, r[k] ?? null])));
}

async function detail(core: Core, id: number, visitorId: string | null | undefined, caller: AuthUser | null): Promise<Row> {
  const who = likerOf(visitorId, caller);
  const goods = await visibleGoods(core, id, caller);
  const [shown, specs, liked, favorited, purchaseId, includes] = await Promise.all([
    publicGoods(core, id, caller),
    specsOf(core, id),
    who ? likes(core, id, who) : Promise.resolve(false),
    caller ? isFavorite(core, id, caller.id) : Promise.resolve(false),
    caller ? activePurchaseOf(core, caller.id, id) : Promise.resolve(null),
    listingIncludes(core, goods),
  ]);
  if (!shown) throw fail.notFound(GOODS.goods_not_found);
  return { ...shown, specs, liked, favorited, purchaseId, includes };
}

export default defineRoutes((core: Core) => {
  const listed = pageOf(goodsRow(core));
  return [
    call(core, 'goods', 'info', 'openList', {
      method: 'POST',
      access: 'public',
      summary: l('Goods on sale', '在售商品列表', '在售商品列表'),
      input: LIST_INPUT,
      effect: 'read',
      answer: listed,
      handler: async (req, input) => listedPage(core, await listFilter(core, input), req.user),
    }),
    call(core, 'goods', 'info', 'allGoods', {
      method: 'POST',
      member: true,
      summary: l('All goods on sale', '全部在售商品', '全部在售商品'),
      input: LIST_INPUT,
      effect: 'read',
      answer: listed,
      handler: async (req, input) => listedPage(core, await listFilter(core, input), req.user),
    }),
    call(core, 'goods', 'info', 'openDetail', {
      method: 'POST',
      access: 'public',
      summary: l('A goods on sale, with its specs', '商品详情（含规格）', '商品詳情（含規格）'),
      input: { id: id(), ...VISITOR_INPUT },
      refine: (input, req) => visitorProblems(input.visitorId, (req.body as Row | undefined)?.visitorId, req.user, false),
      effect: 'read',
      answer: { allOf: [goodsRow(core), obj({ specs: listOf(SPEC), liked: BOOL, favorited: BOOL, purchaseId: nullable(INT), includes: INCLUDES })] },
      handler: (req, input) => detail(core, input.id, input.visitorId, req.user),
    }),
    call(core, 'goods', 'info', 'view', {
      method: 'POST',
      access: 'public',
      summary: l('Count a view of a goods', '记录商品浏览', '記錄商品瀏覽'),
      input: { id: id() },
      effect: 'write',
      answer: obj({ counted: BOOL, viewCount: INT }),
      async handler(req, input) {
        const g = await visibleGoods(core, input.id, req.user);
        return countView(core, g, req.user, req.ctx.ip);
      },
    }),
  ];
});
